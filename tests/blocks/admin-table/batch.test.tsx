// @vitest-environment jsdom
import { cleanup, fireEvent, render, renderHook, act, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { BatchBar } from '../../../blocks/admin-table/BatchBar.js';
import { BatchDialog, type BatchOutcome } from '../../../blocks/admin-table/BatchDialog.js';
import { RowsTable } from '../../../blocks/admin-table/RowsTable.js';
import { useSelection } from '../../../blocks/admin-table/table-state.js';
import type { AdminTableProps } from '../../../schemas/types/blocks.js';

afterEach(cleanup);

type Action = NonNullable<AdminTableProps['actions']>[number];
const publish: Action = { text: '发布', call: 'adminArticlePublish', batch: true, when: { field: 'status', in: ['draft'] } };
const refuse: Action = { text: '不通过', call: 'auctionReview', danger: true, batch: true, reason: { field: 'reason', label: '未通过原因' } };
const rows = [
  { id: 1, title: '春耕政策', status: 'draft' },
  { id: 2, title: '秋收公告', status: 'published' },
  { id: 3, title: '冬储指南', status: 'draft' },
];
const rowSchema = { properties: { title: { title: '标题' }, status: { title: '状态' } } };
const props: AdminTableProps = { title: '文章', call: 'adminArticleList', columns: [{ field: 'title' }, { field: 'status' }], actions: [publish] };

/** The table with its selection, as AdminTable wires them. */
function SelectableTable() {
  const selection = useSelection(rows);
  return (
    <MemoryRouter>
      <BatchBar actions={[publish]} selected={selection.rows} onAction={() => undefined} onClear={selection.clear} />
      <RowsTable
        props={props}
        rows={rows}
        rowSchema={rowSchema}
        captionId="c"
        subjectOf={(r) => String(r.title)}
        onAction={() => undefined}
        selection={selection}
      />
    </MemoryRouter>
  );
}

describe('selecting rows', () => {
  it('offers a checkbox named after each row and one for the page; the batch action counts the rows it applies to', () => {
    render(<SelectableTable />);
    const all = screen.getByRole('checkbox', { name: '全选本页' });
    const first = screen.getByRole('checkbox', { name: '选择：春耕政策' });
    expect(screen.getByRole('button', { name: '批量发布' })).toHaveProperty('disabled', true);
    fireEvent.click(first);
    expect(screen.getByText('已选择 1 条')).toBeTruthy();
    expect((all as HTMLInputElement).indeterminate).toBe(true);
    fireEvent.click(all);
    expect(screen.getAllByRole('checkbox').every((b) => (b as HTMLInputElement).checked)).toBe(true);
    // The published one is selected but 发布 does not apply to it.
    expect(screen.getByRole('button', { name: '批量发布（2）' })).toHaveProperty('disabled', false);
    fireEvent.click(all);
    expect(screen.getAllByRole('checkbox').some((b) => (b as HTMLInputElement).checked)).toBe(false);
    fireEvent.click(screen.getByRole('checkbox', { name: '选择：冬储指南' }));
    fireEvent.click(screen.getByRole('button', { name: '清除选择' }));
    expect(screen.getByText('勾选记录后可批量操作')).toBeTruthy();
  });

  it('clears the selection when the rows are loaded again', () => {
    const { result, rerender } = renderHook(({ list }) => useSelection(list), { initialProps: { list: rows } });
    act(() => result.current.toggle(0));
    act(() => result.current.toggle(2));
    expect(result.current.rows.map((r) => r.id)).toEqual([1, 3]);
    rerender({ list: [...rows] });
    expect(result.current.rows).toEqual([]);
  });
});

describe('the batch dialog', () => {
  it('asks once for the reason, names the rows, then says how many succeeded and which failed and why', async () => {
    const reasons: string[] = [];
    let closed: boolean | undefined;
    const outcome: BatchOutcome = { succeeded: 1, failed: [{ subject: '李四', msg: '该报名已审核，不能重复审核' }] };
    render(
      <BatchDialog
        action={refuse}
        subjects={['张三', '李四']}
        skipped={1}
        onClose={(applied) => (closed = applied)}
        onConfirm={async (reason) => {
          reasons.push(reason);
          return outcome;
        }}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: '批量不通过' });
    expect(dialog.textContent).toContain('确定对所选的 2 条记录不通过');
    expect(dialog.textContent).toContain('另有 1 条不适用此操作，将跳过');
    expect(
      within(screen.getByRole('list', { name: '所选记录' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['张三', '李四']);
    fireEvent.click(screen.getByRole('button', { name: '确定不通过（2 条）' }));
    expect(screen.getByRole('alert').textContent).toBe('请填写未通过原因');
    expect(reasons).toEqual([]);
    fireEvent.change(screen.getByLabelText('未通过原因（各条相同）'), { target: { value: ' 材料不全 ' } });
    fireEvent.click(screen.getByRole('button', { name: '确定不通过（2 条）' }));
    await screen.findByRole('dialog', { name: '批量不通过结果' });
    expect(reasons).toEqual(['材料不全']);
    expect(screen.getByRole('status').textContent).toBe('成功 1 条，失败 1 条');
    expect(screen.getByRole('list', { name: '失败的记录' }).textContent).toBe('李四：该报名已审核，不能重复审核');
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(closed).toBe(true);
  });

  it('keeps the dialog open with the refusal when the batch as a whole is refused', async () => {
    let closed: boolean | undefined;
    render(<BatchDialog action={publish} subjects={['春耕政策']} skipped={0} onClose={(a) => (closed = a)} onConfirm={async () => '登录已过期'} />);
    fireEvent.click(screen.getByRole('button', { name: '确定发布（1 条）' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('登录已过期'));
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(closed).toBe(false);
  });
});
