// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { WidgetProps } from '@rjsf/utils';
import { afterEach, describe, expect, it } from 'vitest';
import { plainTextOf, RichTextStandIn } from '../../../blocks/schema-form/RichTextStandIn.js';

afterEach(cleanup);

const props = (value: unknown) =>
  ({ id: 'body', value, label: '正文', disabled: false, readonly: false, rawErrors: [], onChange: () => undefined }) as unknown as WidgetProps;

describe('the rich-text stand-in', () => {
  it('shows the body as text, a line per block, running nothing of it', () => {
    (window as unknown as { __ran?: boolean }).__ran = false;
    const html = '<h2>公告</h2><p>第一段<strong>加粗</strong></p><img src="x" onerror="window.__ran=true"><script>window.__ran=true</script><p>第二段</p>';
    expect(plainTextOf(html)).toBe('公告\n第一段加粗\n第二段');
    expect(plainTextOf(undefined)).toBe('');
    expect(plainTextOf('只有文字')).toBe('只有文字');
    expect(plainTextOf(`<p>${'字'.repeat(30)}</p>`, 10)).toBe(`${'字'.repeat(10)}…`);
    expect((window as unknown as { __ran?: boolean }).__ran).toBe(false);
  });

  it('asks for the editor when gone to, handing over the key typed; says it is loading', () => {
    const wanted: Array<string | undefined> = [];
    let near = 0;
    const { rerender } = render(
      <RichTextStandIn props={props('<p>原文</p>')} loading={false} failed={false} onWanted={(k) => wanted.push(k)} onNear={() => near++} />,
    );
    const box = screen.getByRole('textbox', { name: '正文' });
    expect(box.textContent).toBe('原文');
    fireEvent.focus(box);
    fireEvent.keyDown(box, { key: 'a' });
    fireEvent.keyDown(box, { key: 'Tab' });
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: '加粗' }));
    expect(wanted).toEqual(['a', undefined, undefined]);
    expect(near).toBeGreaterThan(0);
    rerender(<RichTextStandIn props={props('<p>原文</p>')} loading failed={false} onWanted={() => undefined} onNear={() => undefined} />);
    expect(screen.getByRole('status').textContent).toBe('正在加载正文编辑器…');
    expect(box.getAttribute('aria-busy')).toBe('true');
  });
});
