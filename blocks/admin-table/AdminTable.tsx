import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { isApiError } from '../../engine/http/index.js';
import { useApiClient } from '../../engine/react/PortalClientProvider.js';
import { useRouteQuery } from '../../engine/react/RegionProvider.js';
import { BlockStatus } from '../../engine/react/BlockStatus.js';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { ApiRouteName } from '../../schemas/types/api.js';
import type { AdminTableProps } from '../../schemas/types/blocks.js';
import { routeSchemas, rowSchemaOf, type FieldSchema, type RouteSchemas } from '../_parts/console/api-schemas.js';
import { choicesOf, fieldLabel, valueText } from '../_parts/console/labels.js';
import { formatYuan } from '../../machines/auction-view.js';
import { ModalDialog } from '../_parts/modal-dialog.js';
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

/** The filters as one small form: a choice is a drop-down, anything else a text box; 查询 puts them in the address. */
function Filters({ fields, input, fixed }: { fields: readonly string[]; input: FieldSchema; fixed?: Record<string, unknown> }) {
  const query = useRouteQuery();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next: Record<string, string> = {};
    for (const [key, value] of Object.entries(query)) if (!fields.includes(key) && key !== 'page') next[key] = value;
    for (const name of fields) next[name] = String(data.get(name) ?? '').trim();
    navigate(withQuery(pathname, next));
  };
  return (
    <form className="tm-console-filters" role="search" aria-label="筛选" onSubmit={submit} key={JSON.stringify(query)}>
      {fields.map((name) => {
        const field = input.properties?.[name];
        const choices = choicesOf(field);
        const label = fieldLabel(input, name);
        // A field the call requires has no 全部: it shows the block's fixed value (or the first choice) until changed.
        const required = input.required?.includes(name) ?? false;
        const shown = query[name] ?? (required ? String(fixed?.[name] ?? choices[0]?.value ?? '') : '');
        return (
          <div className="tm-console-filters__field" key={name}>
            <label htmlFor={`${id}-${name}`}>{label}</label>
            {choices.length ? (
              <select id={`${id}-${name}`} name={name} defaultValue={shown}>
                {required ? null : <option value="">全部</option>}
                {choices.map((c) => (
                  <option key={String(c.value)} value={String(c.value)}>
                    {c.text}
                  </option>
                ))}
              </select>
            ) : (
              <input id={`${id}-${name}`} name={name} defaultValue={query[name] ?? ''} maxLength={field?.maxLength ?? 60} />
            )}
          </div>
        );
      })}
      <button type="submit" className="tm-button">
        查询
      </button>
    </form>
  );
}

/** Confirms one row action; with a reason field, the reason is required. A refusal is said here and the dialog stays. */
function ActionDialog({
  action,
  subject,
  onCancel,
  onConfirm,
}: {
  action: Action;
  subject: string;
  onCancel: () => void;
  onConfirm: (reason: string) => Promise<string | void>;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (action.reason && !reason.trim()) {
      setProblem(`请填写${action.reason.label}`);
      reasonRef.current?.focus();
      return;
    }
    setBusy(true);
    setProblem((await onConfirm(reason.trim())) ?? null);
    setBusy(false);
  };
  return (
    <ModalDialog title={action.text} describedBy={`${id}-question`} onCancel={onCancel}>
      <form className="tm-dialog__body" onSubmit={submit} noValidate aria-busy={busy}>
        <p id={`${id}-question`} className="tm-dialog__text">
          {action.confirm ?? `确定${action.text}？`}
          <br />
          <strong>{subject}</strong>
        </p>
        {action.reason ? (
          <div className="tm-field">
            <label htmlFor={`${id}-reason`}>{action.reason.label}</label>
            <textarea
              ref={reasonRef}
              id={`${id}-reason`}
              rows={3}
              maxLength={200}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setProblem(null);
              }}
              aria-invalid={problem ? true : undefined}
              aria-describedby={`${id}-problem`}
              autoFocus
            />
          </div>
        ) : null}
        <p id={`${id}-problem`} className="tm-dialog__hint tm-dialog__hint--error" role="alert">
          {problem ?? ''}
        </p>
        <div className="tm-dialog__actions">
          <button type="button" className="tm-button tm-button--plain" onClick={onCancel}>
            取消
          </button>
          <button type="submit" className={action.danger ? 'tm-button tm-button--danger' : 'tm-button'} disabled={busy} autoFocus={!action.reason}>
            {busy ? '正在提交…' : `确定${action.text}`}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
