import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { isApiError } from '../../engine/http/index.js';
import { useApiClient } from '../../engine/react/PortalClientProvider.js';
import { useRouteQuery } from '../../engine/react/RegionProvider.js';
import { BlockStatus } from '../../engine/react/BlockStatus.js';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { ApiRouteName } from '../../schemas/types/api.js';
import type { AdminTableProps } from '../../schemas/types/blocks.js';
import { routeSchemas, rowSchemaOf, type FieldSchema, type RouteSchemas } from '../_parts/console/api-schemas.js';
import { fieldLabel, valueText } from '../_parts/console/labels.js';
import { formatYuan } from '../../machines/auction-view.js';
import { ActionDialog } from './ActionDialog.js';
import { Filters } from './Filters.js';
import { Pager } from '../_parts/Pager.js';
import { withQuery } from '../_parts/data.js';
import { actionApplies, actionBody, listBody, rowsOf, type BodyValue } from './rows.js';
import './admin-table.css';

type Row = Record<string, unknown>;
type Action = NonNullable<AdminTableProps['actions']>[number];
type Loaded = { schemas: RouteSchemas; rows: Row[]; total: number; at: Date };

/**
 * The staff console's table of one entity, drawn from its list call's schemas (headings from titles, choices in
 * words), with filters and page in the address, an edit link, and row actions confirmed in a dialog.
 */
export default function AdminTable({ props, blockId }: BlockComponentProps<AdminTableProps>) {
  const client = useApiClient();
  const query = useRouteQuery();
  const rowKey = props.rowKey ?? 'id';
  const paged = props.paged !== false;
  const pageSize = props.pageSize ?? 20;
  const [state, setState] = useState<Loaded | { error: unknown } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [acting, setActing] = useState<{ action: Action; row: Row } | null>(null);
  const queryKey = JSON.stringify(query);

  const load = useCallback(
    async (quiet: boolean) => {
      if (!quiet) setState(null);
      try {
        const schemas = await routeSchemas(props.call as ApiRouteName);
        const body = listBody(schemas.input, query, { filters: props.filters, body: props.body, paged, pageSize });
        const data = await client.call(props.call as ApiRouteName, { body } as never);
        setState({ schemas, ...rowsOf(data, { rowsField: props.rowsField, childrenField: props.childrenField }), at: new Date() });
      } catch (error) {
        // A quiet refresh that fails keeps the rows shown; the next one may succeed.
        if (!quiet) setState({ error });
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [client, props.call, queryKey, attempt],
  );
  useEffect(() => {
    void load(false);
  }, [load]);
  useEffect(() => {
    if (!props.refreshSeconds) return;
    const timer = window.setInterval(() => void load(true), props.refreshSeconds * 1000);
    return () => window.clearInterval(timer);
  }, [load, props.refreshSeconds]);

  if (state === null) return <BlockStatus kind="loading" />;
  if ('error' in state) return <BlockStatus kind="error" error={state.error} onRetry={() => setAttempt((n) => n + 1)} />;

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
      {!paged || props.refreshSeconds ? (
        <p className="tm-console-table__summary">
          {[
            !paged ? `共 ${state.total} 条` : '',
            props.refreshSeconds ? `每 ${props.refreshSeconds} 秒更新，更新于 ${state.at.toLocaleTimeString('zh-CN', { hour12: false })}` : '',
          ]
            .filter(Boolean)
            .join('，')}
        </p>
      ) : null}
      {state.rows.length === 0 ? (
        <BlockStatus kind="empty" emptyText={props.emptyText ?? '暂无数据'} />
      ) : (
        <div className="tm-console-table__scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
          <table className="tm-console-table__table">
            {/* The panel shows the title as its heading; the caption names the table for screen readers. */}
            <caption id={captionId} className="tm-visually-hidden">
              {props.title ?? '列表'}
            </caption>
            <thead>
              <tr>
                {props.columns.map((c) => (
                  <th key={c.field} scope="col">
                    {c.label ?? fieldLabel(rowSchema, c.field)}
                  </th>
                ))}
                {props.actions?.length ? <th scope="col">操作</th> : null}
              </tr>
            </thead>
            <tbody>
              {state.rows.map((row, index) => (
                <tr key={String(row[rowKey] ?? index)}>
                  {props.columns.map((c, column) => (
                    <td key={c.field} style={column === 0 && row.__depth ? { paddingLeft: `${10 + Number(row.__depth) * 24}px` } : undefined}>
                      <Cell
                        column={c}
                        field={rowSchema.properties?.[c.field]}
                        row={row}
                        editHref={props.editRoute && withQuery(props.editRoute, { id: String(row[rowKey]) })}
                      />
                    </td>
                  ))}
                  {props.actions?.length ? (
                    <td className="tm-console-table__actions">
                      {props.actions
                        .filter((a) => actionApplies(a.when, row))
                        .map((a) => (
                          <button
                            key={a.text}
                            type="button"
                            className={a.danger ? 'tm-button tm-button--small tm-button--danger' : 'tm-button tm-button--small'}
                            aria-label={`${a.text}：${subjectOf(row)}`}
                            onClick={() => setActing({ action: a, row })}
                          >
                            {a.text}
                          </button>
                        ))}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
            try {
              await client.call(acting.action.call as ApiRouteName, { body } as never);
            } catch (e) {
              // The client has shown the server's message; the dialog says it too and stays.
              return isApiError(e) && e.message ? e.message : '操作失败，请稍后重试';
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

function Cell({ column, field, row, editHref }: { column: AdminTableProps['columns'][number]; field: FieldSchema | undefined; row: Row; editHref?: string }) {
  const value = row[column.field];
  if (column.json && value && typeof value === 'object') {
    return (
      <details className="tm-console-table__json">
        <summary>查看</summary>
        <pre>{JSON.stringify(value, null, 2)}</pre>
      </details>
    );
  }
  const text = column.money && typeof value === 'number' ? formatYuan(value) : valueText(field, value);
  return column.edit && editHref ? <Link to={editHref}>{text}</Link> : <>{text}</>;
}
