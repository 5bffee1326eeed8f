import { useState } from 'react';
import type { RunEdit } from './StudioApp.js';
import type { StudioEdit } from './studio-api.js';

type ListName = Extract<StudioEdit, { op: 'addListItem' }>['list'];
type Item = Record<string, unknown>;

/** One field of a list item's form: a text, a whole number, or a choice. */
export interface ItemField {
  key: string;
  label: string;
  kind?: 'text' | 'number' | 'select';
  /** For a choice: value → label ('' is none). */
  options?: readonly (readonly [string, string])[];
  hint?: string;
}

export interface ListEditorProps {
  list: ListName;
  /** The list's heading, e.g. 导航. */
  title: string;
  /** What one item is called, e.g. 导航项. */
  noun: string;
  items: Item[];
  fields: ItemField[];
  /** The label field, naming an item in its buttons (上移 首页). */
  nameKey: string;
  run: RunEdit;
  hint?: string;
}

type Draft = Record<string, string>;

const draftOf = (item: Item, fields: ItemField[]): Draft =>
  Object.fromEntries(fields.map((f) => [f.key, item[f.key] === undefined ? '' : String(item[f.key])]));

/** A draft as the item's values: an empty field takes its key away (null), a number field is a number. */
function valueOf(draft: Draft, fields: ItemField[]): Item {
  return Object.fromEntries(
    fields.map((f) => {
      const text = draft[f.key].trim();
      if (text === '') return [f.key, null];
      return [f.key, f.kind === 'number' && /^\d+$/.test(text) ? Number(text) : text];
    }),
  );
}

interface FieldsProps {
  prefix: string;
  fields: ItemField[];
  draft: Draft;
  onChange(draft: Draft): void;
  /** The hints under the fields: on the form that adds an item (each item repeating them makes a long panel). */
  hints?: boolean;
}

function Fields({ prefix, fields, draft, onChange, hints = false }: FieldsProps) {
  return (
    <>
      {fields.map((f) => {
        const id = `${prefix}-${f.key}`;
        const set = (value: string) => onChange({ ...draft, [f.key]: value });
        return (
          <label key={f.key} htmlFor={id}>
            {f.label}
            {f.kind === 'select' ? (
              <select id={id} value={draft[f.key]} onChange={(e) => set(e.target.value)}>
                {f.options?.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={id}
                inputMode={f.kind === 'number' ? 'numeric' : undefined}
                value={draft[f.key]}
                aria-describedby={hints && f.hint ? `${id}-hint` : undefined}
                onChange={(e) => set(e.target.value)}
              />
            )}
            {hints && f.hint && (
              <small id={`${id}-hint`} className="studio-hint">
                {f.hint}
              </small>
            )}
          </label>
        );
      })}
    </>
  );
}

function ItemRow({ props, item, index }: { props: ListEditorProps; item: Item; index: number }) {
  const { list, fields, run, items, noun } = props;
  const [draft, setDraft] = useState(() => draftOf(item, fields));
  const name = String(item[props.nameKey] ?? `第 ${index + 1} 项`);
  const prefix = `${list}-${index}`;
  const changed = JSON.stringify(draft) !== JSON.stringify(draftOf(item, fields));
  const move = (to: number) => void run({ op: 'moveListItem', list, from: index, to });
  return (
    <li>
      <form
        className="studio-list-item"
        aria-label={`${noun} ${index + 1}：${name}`}
        onSubmit={(event) => {
          event.preventDefault();
          void run({ op: 'setListItem', list, index, value: valueOf(draft, fields) });
        }}
      >
        <Fields prefix={prefix} fields={fields} draft={draft} onChange={setDraft} />
        <span className="studio-block-actions">
          <button type="submit" disabled={!changed} aria-label={`保存 ${name}`}>
            保存
          </button>
          <button type="button" aria-label={`上移 ${name}`} disabled={index === 0} onClick={() => move(index - 1)}>
            上移
          </button>
          <button type="button" aria-label={`下移 ${name}`} disabled={index === items.length - 1} onClick={() => move(index + 1)}>
            下移
          </button>
          <button type="button" aria-label={`删除 ${name}`} onClick={() => void run({ op: 'removeListItem', list, index })}>
            删除
          </button>
        </span>
      </form>
    </li>
  );
}

function AddItem({ props }: { props: ListEditorProps }) {
  const { list, fields, run, noun } = props;
  const empty = () => draftOf({}, fields);
  const [draft, setDraft] = useState(empty);
  return (
    <form
      className="studio-list-add"
      aria-label={`添加${noun}`}
      onSubmit={async (event) => {
        event.preventDefault();
        const value = Object.fromEntries(Object.entries(valueOf(draft, fields)).filter(([, v]) => v !== null));
        if ((await run({ op: 'addListItem', list, value })) === undefined) setDraft(empty());
      }}
    >
      <p className="studio-list-add-title">新的{noun}（填好后添加到末尾）</p>
      <Fields prefix={`${list}-new`} fields={fields} draft={draft} onChange={setDraft} hints />
      <button type="submit">添加{noun}</button>
    </form>
  );
}

/**
 * A list of the region (the nav, footer links, friendly links, towns) as small forms: each item's fields saved on
 * its own, moved by 上移/下移 (keyboard alike), removed, and a new one added at the end. Each is one edit the server
 * validates before it writes the item's line.
 */
export function ListEditor(props: ListEditorProps) {
  const { list, title, items, fields, hint } = props;
  return (
    <details className="studio-list" id={`list-${list}`}>
      <summary>
        {title}（{items.length} 项）
      </summary>
      {hint && <p className="studio-hint">{hint}</p>}
      <ol className="studio-list-items">
        {items.map((item, index) => (
          // Keyed by content: a saved or moved item's form starts again from what the file now says.
          <ItemRow key={`${index}-${JSON.stringify(draftOf(item, fields))}`} props={props} item={item} index={index} />
        ))}
      </ol>
      <AddItem props={props} />
    </details>
  );
}
