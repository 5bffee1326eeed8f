import { Link } from 'react-router-dom';
import type { AdminTableProps } from '../../schemas/types/blocks.js';
import type { FieldSchema } from '../_parts/console/api-schemas.js';
import { fieldLabel, valueText } from '../_parts/console/labels.js';
import { formatYuan } from '../../machines/auction-view.js';
import { withQuery } from '../_parts/data.js';
import { safeUrl } from '../_parts/url-policy.js';
import { actionApplies, linkQuery, type BodyValue } from './rows.js';
import type { Row } from './use-table-rows.js';

type Action = NonNullable<AdminTableProps['actions']>[number];

/** The table's sort: the fields the call sorts by, the current one, and a click's effect. */
export interface SortState {
  fields: ReadonlySet<string>;
  orderBy?: string;
  order: 'asc' | 'desc';
  onSort: (field: string) => void;
}

/** The rows selected on this page (by their place on it), when the table has batch actions. */
export interface SelectionState {
  selected: ReadonlySet<number>;
  toggle: (index: number) => void;
  toggleAll: () => void;
}

interface RowsTableProps {
  props: AdminTableProps;
  rows: Row[];
  rowSchema: FieldSchema;
  captionId: string;
  /** What a row is called in an action's name and its dialog. */
  subjectOf: (row: Row) => string;
  onAction: (action: Action, row: Row) => void;
  sort?: SortState;
  selection?: SelectionState;
  /** Opens the row's details (the block's `detail`). */
  onDetail?: (row: Row) => void;
}

/** The rows as a scrollable table: a column per configured field, then the row actions that apply to the row. */
export function RowsTable({ props, rows, rowSchema, captionId, subjectOf, onAction, sort, selection, onDetail }: RowsTableProps) {
  const hasActions = Boolean(props.actions?.length || props.links?.length || props.detail);
  const rowKey = props.rowKey ?? 'id';
  const allSelected = selection !== undefined && rows.length > 0 && selection.selected.size === rows.length;
  return (
    <div className="tm-console-table__scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="tm-console-table__table">
        {/* The panel shows the title as its heading; the caption names the table for screen readers. */}
        <caption id={captionId} className="tm-visually-hidden">
          {props.title ?? '列表'}
        </caption>
        <thead>
          <tr>
            {selection ? (
              <th scope="col" className="tm-console-table__check">
                <input
                  type="checkbox"
                  aria-label="全选本页"
                  checked={allSelected}
                  ref={(box) => {
                    if (box) box.indeterminate = selection.selected.size > 0 && !allSelected;
                  }}
                  onChange={selection.toggleAll}
                />
              </th>
            ) : null}
            {props.columns.map((c) => (
              <HeaderCell key={c.field} field={c.field} label={c.label ?? fieldLabel(rowSchema, c.field)} sort={sort} />
            ))}
            {hasActions ? <th scope="col">操作</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={String(row[rowKey] ?? index)}>
              {selection ? (
                <td className="tm-console-table__check">
                  <input
                    type="checkbox"
                    aria-label={`选择：${subjectOf(row)}`}
                    checked={selection.selected.has(index)}
                    onChange={() => selection.toggle(index)}
                  />
                </td>
              ) : null}
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
              {hasActions ? (
                <td className="tm-console-table__actions">
                  {props.detail && onDetail ? (
                    <button
                      type="button"
                      className="tm-button tm-button--small tm-button--plain"
                      aria-label={`${props.detail.text}：${subjectOf(row)}`}
                      onClick={() => onDetail(row)}
                    >
                      {props.detail.text}
                    </button>
                  ) : null}
                  {(props.actions ?? [])
                    .filter((a) => actionApplies(a.when, row))
                    .map((a) => (
                      <button
                        key={a.text}
                        type="button"
                        className={a.danger ? 'tm-button tm-button--small tm-button--danger' : 'tm-button tm-button--small'}
                        aria-label={`${a.text}：${subjectOf(row)}`}
                        onClick={() => onAction(a, row)}
                      >
                        {a.text}
                      </button>
                    ))}
                  <RowLinks links={props.links} row={row} subject={subjectOf(row)} />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The row's links to other console pages (a form about the row, its print views), each named with the row. */
function RowLinks({ links, row, subject }: { links: AdminTableProps['links']; row: Row; subject: string }) {
  return (
    <>
      {(links ?? [])
        .filter((l) => actionApplies(l.when, row))
        .map((l) => (
          <Link
            key={l.text}
            className="tm-button tm-button--small"
            to={withQuery(l.route, linkQuery(l.query as Record<string, BodyValue>, row))}
            aria-label={`${l.text}：${subject}`}
          >
            {l.text}
          </Link>
        ))}
    </>
  );
}

/** A column's heading; a column the call sorts by is a button, its state in aria-sort. */
function HeaderCell({ field, label, sort }: { field: string; label: string; sort?: SortState }) {
  if (!sort?.fields.has(field)) return <th scope="col">{label}</th>;
  const current = sort.orderBy === field ? sort.order : undefined;
  const next = current === 'asc' ? '降序' : '升序';
  return (
    <th scope="col" aria-sort={current === 'asc' ? 'ascending' : current === 'desc' ? 'descending' : 'none'}>
      <button type="button" className="tm-console-table__sort" onClick={() => sort.onSort(field)} title={`按${label}${next}排列`}>
        {label}
        <span aria-hidden="true" className="tm-console-table__sort-mark">
          {current === 'asc' ? '▲' : current === 'desc' ? '▼' : '⇅'}
        </span>
      </button>
    </th>
  );
}

function Cell({ column, field, row, editHref }: { column: AdminTableProps['columns'][number]; field: FieldSchema | undefined; row: Row; editHref?: string }) {
  const value = row[column.field];
  if (column.images && Array.isArray(value)) {
    if (value.length === 0) return <>—</>;
    return (
      <details className="tm-console-table__json">
        <summary>{`查看照片（${value.length}）`}</summary>
        <div className="tm-console-table__photos">
          {/* Addresses from data pass the portal's one URL policy: a refused one is not drawn. */}
          {value.map((src, i) =>
            safeUrl(src) ? (
              <a key={i} href={safeUrl(src)} target="_blank" rel="noopener noreferrer">
                <img src={safeUrl(src)} alt={`照片 ${i + 1}`} loading="lazy" />
              </a>
            ) : null,
          )}
        </div>
      </details>
    );
  }
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
