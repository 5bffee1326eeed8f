import { useState } from 'react';
import { Link } from 'react-router-dom';
import { isApiError } from '../../engine/http/index.js';
import { useApiClient } from '../../engine/react/PortalClientProvider.js';
import { BlockStatus } from '../../engine/react/BlockStatus.js';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { ApiRouteName } from '../../schemas/types/api.js';
import type { AdminTableProps } from '../../schemas/types/blocks.js';
import { rowSchemaOf } from '../_parts/console/api-schemas.js';
import { valueText } from '../_parts/console/labels.js';
import { ActionDialog } from './ActionDialog.js';
import { Filters } from './Filters.js';
import { Pager } from '../_parts/Pager.js';
import { actionBody, type BodyValue } from './rows.js';
import { RowsTable } from './RowsTable.js';
import { useTableRows, type Loaded, type Row } from './use-table-rows.js';
import './admin-table.css';

type Action = NonNullable<AdminTableProps['actions']>[number];

/**
 * The staff console's table of one entity, drawn from its list call's schemas (headings from titles, choices in
 * words), with filters and page in the address, an edit link, and row actions confirmed in a dialog.
 */
export default function AdminTable({ props, blockId }: BlockComponentProps<AdminTableProps>) {
  const client = useApiClient();
  const rowKey = props.rowKey ?? 'id';
  const paged = props.paged !== false;
  const pageSize = props.pageSize ?? 20;
  const { state, load, retry } = useTableRows(props);
  const [acting, setActing] = useState<{ action: Action; row: Row } | null>(null);

  if (state === null) return <BlockStatus kind="loading" />;
  if ('error' in state) return <BlockStatus kind="error" error={state.error} onRetry={retry} />;

  const rowSchema = rowSchemaOf(state.schemas.data, props.rowsField);
  // What a row is called in an action's name and its dialog: its first two columns (a project and its bidder).
  const subjectOf = (row: Row) =>
    props.columns
      .slice(0, 2)
      .map((c) => valueText(rowSchema.properties?.[c.field], row[c.field]))
      .join('　');
  const captionId = `${blockId}-caption`;
  return (
    <div className="tm-console-table">
      <div className="tm-console-table__bar">
        {props.filters?.length ? <Filters fields={props.filters} input={state.schemas.input} fixed={props.body} /> : null}
        {props.createRoute ? (
          <Link className="tm-button" to={props.createRoute}>
            {props.createText ?? '新建'}
          </Link>
        ) : null}
      </div>
      {/* The pager says the count of a paged table. */}
      {!paged || props.refreshSeconds ? <TableSummary props={props} state={state} /> : null}
      {state.rows.length === 0 ? (
        <BlockStatus kind="empty" emptyText={props.emptyText ?? '暂无数据'} />
      ) : (
        <RowsTable
          props={props}
          rows={state.rows}
          rowSchema={rowSchema}
          captionId={captionId}
          subjectOf={subjectOf}
          onAction={(action, row) => setActing({ action, row })}
        />
      )}
      {paged && state.rows.length > 0 ? <Pager total={state.total} pageSize={pageSize} /> : null}
      {acting ? (
        <ActionDialog
          action={acting.action}
          subject={subjectOf(acting.row)}
          onCancel={() => setActing(null)}
          onConfirm={async (reason) => {
            const body = actionBody(acting.action.body as Record<string, BodyValue> | undefined, acting.row, rowKey);
            if (acting.action.reason) body[acting.action.reason.field] = reason;
            let answer: unknown;
            try {
              answer = await client.call(acting.action.call as ApiRouteName, { body } as never);
            } catch (e) {
              // The client has shown the server's message; the dialog says it too and stays.
              return { problem: isApiError(e) && e.message ? e.message : '操作失败，请稍后重试' };
            }
            const result = acting.action.result;
            // A value to hand over (a one-time password) stays in the dialog until it is closed.
            if (result) {
              await load(true);
              return { shown: String((answer as Record<string, unknown> | null)?.[result.field] ?? '') };
            }
            client.notifier.message('success', `${acting.action.text}成功`);
            setActing(null);
            await load(true);
          }}
        />
      ) : null}
    </div>
  );
}

/** The count of an unpaged table and when a refreshing table was last updated. */
function TableSummary({ props, state }: { props: AdminTableProps; state: Loaded }) {
  const paged = props.paged !== false;
  return (
    <p className="tm-console-table__summary">
      {[
        !paged ? `共 ${state.total} 条` : '',
        props.refreshSeconds ? `每 ${props.refreshSeconds} 秒更新，更新于 ${state.at.toLocaleTimeString('zh-CN', { hour12: false })}` : '',
      ]
        .filter(Boolean)
        .join('，')}
    </p>
  );
}
