import { Link } from 'react-router-dom';
import type { AdminTableProps } from '../../schemas/types/blocks.js';
import type { FieldSchema } from '../_parts/console/api-schemas.js';
import { fieldLabel, valueText } from '../_parts/console/labels.js';
import { formatYuan } from '../../machines/auction-view.js';
import { withQuery } from '../_parts/data.js';
import { actionApplies, linkQuery, type BodyValue } from './rows.js';
import type { Row } from './use-table-rows.js';

type Action = NonNullable<AdminTableProps['actions']>[number];

interface RowsTableProps {
  props: AdminTableProps;
  rows: Row[];
  rowSchema: FieldSchema;
  captionId: string;
  /** What a row is called in an action's name and its dialog. */
  subjectOf: (row: Row) => string;
  onAction: (action: Action, row: Row) => void;
}

/** The rows as a scrollable table: a column per configured field, then the row actions that apply to the row. */
export function RowsTable({ props, rows, rowSchema, captionId, subjectOf, onAction }: RowsTableProps) {
  const rowKey = props.rowKey ?? 'id';
  return (
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
            {props.actions?.length || props.links?.length ? <th scope="col">操作</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
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
              {props.actions?.length || props.links?.length ? (
                <td className="tm-console-table__actions">
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
