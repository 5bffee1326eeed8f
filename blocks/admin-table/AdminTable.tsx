import { useState } from 'react';
import type { ApiClient } from '../../engine/http/index.js';
import { Link } from 'react-router-dom';
import { useApiClient } from '../../engine/react/PortalClientProvider.js';
import { useRouteQuery } from '../../engine/react/RegionProvider.js';
import { BlockStatus } from '../../engine/react/BlockStatus.js';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { ApiRouteName } from '../../schemas/types/api.js';
import type { AdminTableProps } from '../../schemas/types/blocks.js';
import { rowSchemaOf } from '../_parts/console/api-schemas.js';
import { valueText } from '../_parts/console/labels.js';
import { ActionDialog, type ActionOutcome } from './ActionDialog.js';
import { BatchBar, batchActionsOf, runBatch } from './BatchBar.js';
import { BatchDialog } from './BatchDialog.js';
import { DetailDialog } from './DetailDialog.js';
import { Filters } from './Filters.js';
import { Pager } from '../_parts/Pager.js';
import { actionApplies, actionBody, filterBody, pageSizeOf, refusal, type BodyValue } from './rows.js';
import { RowsTable } from './RowsTable.js';
import { ExportButton, PageSizeChoice } from './TableTools.js';
import { useSelection, useSort } from './table-state.js';
import { useTableRows, type Loaded, type Row } from './use-table-rows.js';
import './admin-table.css';

type Action = NonNullable<AdminTableProps['actions']>[number];

/**
 * The staff console's table of one entity, drawn from its list call's schemas (headings from titles, choices in
 * words), with filters, sort, page and page size in the address, an edit link, row actions confirmed in a dialog,
 * batch actions on the selected rows, and the current filter exported to Excel.
 */
export default function AdminTable({ props, blockId }: BlockComponentProps<AdminTableProps>) {
  const client = useApiClient();
  const query = useRouteQuery();
  const rowKey = props.rowKey ?? 'id';
  const paged = props.paged !== false;
  const { state, load, retry } = useTableRows(props);
  const loaded = state && !('error' in state) ? state : undefined;
  const sort = useSort(loaded?.schemas.input);
  const selection = useSelection(loaded?.rows);
  const [acting, setActing] = useState<{ action: Action; row: Row } | null>(null);
  const [batch, setBatch] = useState<Action | null>(null);
  const [viewing, setViewing] = useState<Row | null>(null);

  if (state === null) return <BlockStatus kind="loading" />;
  if ('error' in state) return <BlockStatus kind="error" error={state.error} onRetry={retry} />;

  const rowSchema = rowSchemaOf(state.schemas.data, props.rowsField);
  // What a row is called in an action's name and its dialog: its first two columns (a project and its bidder).
  const subjectOf = (row: Row) =>
    props.columns
      .slice(0, 2)
      .map((c) => valueText(rowSchema.properties?.[c.field], row[c.field]))
      .join('　');
  const batchActions = batchActionsOf(props);
  const pageSize = pageSizeOf(query, { pageSize: props.pageSize ?? 20, pageSizes: props.pageSizes });
  const batchRows = batch ? selection.rows.filter((row) => actionApplies(batch.when, row)) : [];
  return (
    <div className="tm-console-table">
      <div className="tm-console-table__bar">
        {props.filters?.length ? <Filters fields={props.filters} input={state.schemas.input} fixed={props.body} /> : null}
        <div className="tm-console-table__tools">
          {paged ? <PageSizeChoice props={props} defaultSize={props.pageSize ?? 20} /> : null}
          <ExportButton props={props} filter={filterBody(state.schemas.input, query, props)} total={state.total} />
          {props.createRoute ? (
            <Link className="tm-button" to={props.createRoute}>
              {props.createText ?? '新建'}
            </Link>
          ) : null}
        </div>
      </div>
      {batchActions.length && state.rows.length ? (
        <BatchBar actions={batchActions} selected={selection.rows} onAction={setBatch} onClear={selection.clear} />
      ) : null}
      {/* The pager says the count of a paged table. */}
      {!paged || props.refreshSeconds ? <TableSummary props={props} state={state} /> : null}
      {state.rows.length === 0 ? (
        <BlockStatus kind="empty" emptyText={props.emptyText ?? '暂无数据'} />
      ) : (
        <RowsTable
          props={props}
          rows={state.rows}
          rowSchema={rowSchema}
          captionId={`${blockId}-caption`}
          subjectOf={subjectOf}
          onAction={(action, row) => setActing({ action, row })}
          sort={sort}
          selection={batchActions.length ? selection : undefined}
          onDetail={setViewing}
        />
      )}
      {paged && state.rows.length > 0 ? <Pager total={state.total} pageSize={pageSize} /> : null}
      {acting ? (
        <ActionDialog
          action={acting.action}
          subject={subjectOf(acting.row)}
          onCancel={() => setActing(null)}
          onConfirm={async (reason) => {
            const outcome = await applyAction(client, acting, { reason, rowKey, reload: () => load(true) });
            if (outcome !== 'done') return outcome;
            setActing(null);
          }}
        />
      ) : null}
      {viewing && props.detail ? (
        <DetailDialog detail={props.detail} row={viewing} rowKey={rowKey} subject={subjectOf(viewing)} onClose={() => setViewing(null)} />
      ) : null}
      {batch ? (
        <BatchDialog
          action={batch}
          subjects={batchRows.map(subjectOf)}
          skipped={selection.rows.length - batchRows.length}
          onConfirm={(reason) => runBatch(client, { action: batch, rows: batchRows, reason, rowKey, subjectOf })}
          onClose={(applied) => {
            setBatch(null);
            if (applied) void load(true);
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * A row action once confirmed: its call with the row's values (and the reason typed); `done` when the dialog may
 * close, else what it shows next — the refusal, or a value to hand over (a one-time password) until it is closed.
 */
async function applyAction(
  client: ApiClient,
  { action, row }: { action: Action; row: Row },
  { reason, rowKey, reload }: { reason: string; rowKey: string; reload: () => Promise<unknown> },
): Promise<ActionOutcome | 'done'> {
  const body = actionBody(action.body as Record<string, BodyValue> | undefined, row, rowKey);
  if (action.reason) body[action.reason.field] = reason;
  let answer: unknown;
  try {
    answer = await client.call(action.call as ApiRouteName, { body } as never);
  } catch (e) {
    // The client has shown the server's message; the dialog says it too and stays.
    return { problem: refusal(e) };
  }
  await reload();
  if (action.result) return { shown: String((answer as Record<string, unknown> | null)?.[action.result.field] ?? '') };
  client.notifier.message('success', `${action.text}成功`);
  return 'done';
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
