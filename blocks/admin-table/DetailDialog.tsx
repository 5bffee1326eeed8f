import { useEffect, useState } from 'react';
import { useApiClient } from '../../engine/react/PortalClientProvider.js';
import type { ApiRouteName } from '../../schemas/types/api.js';
import type { AdminTableProps } from '../../schemas/types/blocks.js';
import { formatYuan } from '../../machines/auction-view.js';
import { ModalDialog } from '../_parts/modal-dialog.js';
import { routeSchemas, type FieldSchema } from '../_parts/console/api-schemas.js';
import { fieldLabel, valueText } from '../_parts/console/labels.js';
import { actionBody, refusal, type BodyValue } from './rows.js';
import type { Row } from './use-table-rows.js';

type Detail = NonNullable<AdminTableProps['detail']>;
type Answer = { schema: FieldSchema; data: Record<string, unknown> } | { problem: string } | null;

/** An object's schema behind `anyOf: [object, null]` (the leader before any bid). */
const objectSchema = (field: FieldSchema | undefined): FieldSchema | undefined =>
  field?.properties ? field : (field?.anyOf ?? field?.oneOf)?.find((alternative) => alternative.properties);

/**
 * A row's details in a dialog: the detail call's answer, its single values (and an object's, such as the current
 * leader) as a list, its rows as a table; headings from the call's schema, amounts in yuan.
 */
export function DetailDialog({ detail, row, rowKey, subject, onClose }: { detail: Detail; row: Row; rowKey: string; subject: string; onClose: () => void }) {
  const client = useApiClient();
  const [answer, setAnswer] = useState<Answer>(null);
  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const { data: schema } = await routeSchemas(detail.call as ApiRouteName);
        const body = actionBody(detail.body as Record<string, BodyValue> | undefined, row, rowKey);
        const data = (await client.call(detail.call as ApiRouteName, { body } as never)) as Record<string, unknown>;
        if (live) setAnswer({ schema, data });
      } catch (e) {
        if (live) setAnswer({ problem: refusal(e) });
      }
    })();
    return () => {
      live = false;
    };
  }, [client, detail, row, rowKey]);
  const money = new Set(detail.money ?? []);
  const text = (field: FieldSchema | undefined, name: string, value: unknown) =>
    money.has(name) && typeof value === 'number' ? formatYuan(value) : valueText(field, value);
  return (
    <ModalDialog title={`${detail.text}：${subject}`} onCancel={onClose}>
      <div className="tm-dialog__body tm-console-detail" aria-busy={answer === null}>
        {answer === null ? <p role="status">正在加载…</p> : null}
        {answer && 'problem' in answer ? <p role="alert">{answer.problem}</p> : null}
        {answer && 'data' in answer ? <DetailBody schema={answer.schema} data={answer.data} text={text} /> : null}
        <div className="tm-dialog__actions">
          <button type="button" className="tm-button" onClick={onClose} autoFocus>
            关闭
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}

type Text = (field: FieldSchema | undefined, name: string, value: unknown) => string;

function DetailBody({ schema, data, text }: { schema: FieldSchema; data: Record<string, unknown>; text: Text }) {
  const entries = Object.entries(schema.properties ?? {});
  return (
    <>
      {entries.map(([name, field]) => {
        const value = data[name];
        const inner = objectSchema(field);
        if (field.type === 'array' && field.items?.properties) return <DetailRows key={name} schema={field.items} rows={(value as Row[]) ?? []} text={text} />;
        if (inner)
          return (
            <section key={name} aria-label={field.title ?? name}>
              <h3 className="tm-console-detail__heading">{field.title ?? name}</h3>
              {value ? <DetailList schema={inner} data={value as Row} text={text} /> : <p>暂无</p>}
            </section>
          );
        return null;
      })}
      <DetailList
        schema={{ properties: Object.fromEntries(entries.filter(([, f]) => !f.properties && f.type !== 'array' && !objectSchema(f))) }}
        data={data}
        text={text}
      />
    </>
  );
}

function DetailList({ schema, data, text }: { schema: FieldSchema; data: Row; text: Text }) {
  const names = Object.keys(schema.properties ?? {});
  if (names.length === 0) return null;
  return (
    <dl className="tm-console-detail__list">
      {names.map((name) => (
        <div key={name}>
          <dt>{fieldLabel(schema, name)}</dt>
          <dd>{text(schema.properties?.[name], name, data[name])}</dd>
        </div>
      ))}
    </dl>
  );
}

function DetailRows({ schema, rows, text }: { schema: FieldSchema; rows: Row[]; text: Text }) {
  const names = Object.keys(schema.properties ?? {});
  if (rows.length === 0) return <p>暂无记录</p>;
  return (
    <div className="tm-console-detail__scroll" role="region" aria-label={schema.title ?? '记录'} tabIndex={0}>
      <table className="tm-console-table__table">
        <caption className="tm-visually-hidden">{schema.title ?? '记录'}</caption>
        <thead>
          <tr>
            {names.map((name) => (
              <th key={name} scope="col">
                {fieldLabel(schema, name)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {names.map((name) => (
                <td key={name}>{text(schema.properties?.[name], name, row[name])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
