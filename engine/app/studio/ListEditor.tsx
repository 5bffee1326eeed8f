import { useState } from 'react';
import type { RunEdit } from './StudioApp.js';
import type { StudioEdit, StudioModel } from './studio-api.js';
import { whenChoice, whenOfChoice, whenOptions } from './when-choice.js';

type ListName = Extract<StudioEdit, { op: 'addListItem' }>['list'];
type Item = Record<string, unknown>;

/** One field of a list item's form: a text, a whole number, a choice, or a condition from the region's flags. */
export interface ItemField {
  key: string;
  label: string;
  kind?: 'text' | 'number' | 'select' | 'when';
  /** For a choice: value → label ('' is none). */
  options?: readonly (readonly [string, string])[];
  hint?: string;
}

/** The list each item holds under `children` (a tab's sub-tabs, a town's villages), edited inside the item. */
export interface NestedList {
  title: string;
  noun: string;
  fields: ItemField[];
  hint?: string;
}

export interface ListEditorProps {
  list: ListName;
  /** For an item's own list (its children): that item's index in the list. */
  parent?: number;
  nested?: NestedList;
  /** The region's flags, for a `when` field. */
  flags?: StudioModel['settings']['flags'];
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
  Object.fromEntries(fields.map((f) => [f.key, f.kind === 'when' ? whenChoice(item[f.key]) : item[f.key] === undefined ? '' : String(item[f.key])]));

/**
 * A draft as the item's values: an empty field takes its key away (null), a number field is a number, a condition
 * its YAML form; a condition written in YAML that the drop-down cannot say is left out (kept as written).
 */
function valueOf(draft: Draft, fields: ItemField[]): Item {
  return Object.fromEntries(
    fields.flatMap((f): [string, unknown][] => {
      if (f.kind === 'when') {
        const when = whenOfChoice(draft[f.key]);
        return when === undefined ? [] : [[f.key, when]];
      }
      const text = draft[f.key].trim();
      if (text === '') return [[f.key, null]];
      return [[f.key, f.kind === 'number' && /^-?\d+$/.test(text) ? Number(text) : text]];
    }),
  );
}

interface FieldsProps {
  prefix: string;
  fields: ItemField[];
  flags?: StudioModel['settings']['flags'];
  draft: Draft;
  onChange(draft: Draft): void;
  /** The hints under the fields: on the form that adds an item (each item repeating them makes a long panel). */
  hints?: boolean;
}

function Fields({ prefix, fields, flags = [], draft, onChange, hints = false }: FieldsProps) {
  return (
    <>
      {fields.map((f) => {
        const id = `${prefix}-${f.key}`;
        const set = (value: string) => onChange({ ...draft, [f.key]: value });
        return (
          // The label beside its control, not around it: a label around a drop-down would take in every option's
          // words (a condition's drop-down names every flag) as its own.
          <div key={f.key} className="studio-list-field">
            <label htmlFor={id}>{f.label}</label>
            {f.kind === 'select' || f.kind === 'when' ? (
              <select id={id} value={draft[f.key]} onChange={(e) => set(e.target.value)}>
                {(f.kind === 'when' ? whenOptions(flags, draft[f.key]) : (f.options ?? [])).map(([value, label]) => (
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
          </div>
        );
      })}
    </>
  );
}

/** Where an item's fields and forms are: `tabList-5`, or `tabList-5-children-0` for a sub-tab; `new` for the add form. */
const idPrefix = (props: ListEditorProps, index: number | 'new') =>
  props.parent === undefined ? `${props.list}-${index}` : `${props.list}-${props.parent}-children-${index}`;

/** The edit's target: the list, or the children of its item `parent`. */
const at = (props: ListEditorProps) => ({ list: props.list, ...(props.parent === undefined ? {} : { parent: props.parent }) });

function ItemRow({ props, item, index }: { props: ListEditorProps; item: Item; index: number }) {
  const { fields, run, items, noun, nested } = props;
  const [draft, setDraft] = useState(() => draftOf(item, fields));
  const name = String(item[props.nameKey] ?? `第 ${index + 1} 项`);
  // An item of an item's own list says which it is (a sub-tab may share a tab's name).
  const who = props.parent === undefined ? name : `${noun} ${name}`;
  const changed = JSON.stringify(draft) !== JSON.stringify(draftOf(item, fields));
  const move = (to: number) => void run({ op: 'moveListItem', ...at(props), from: index, to });
  return (
    <li>
      <form
        className="studio-list-item"
        aria-label={`${noun} ${index + 1}：${name}`}
        onSubmit={(event) => {
          event.preventDefault();
          void run({ op: 'setListItem', ...at(props), index, value: valueOf(draft, fields) });
        }}
      >
        <Fields prefix={idPrefix(props, index)} fields={fields} flags={props.flags} draft={draft} onChange={setDraft} />
        <span className="studio-block-actions">
          <button type="submit" disabled={!changed} aria-label={`保存 ${who}`}>
            保存
          </button>
          <button type="button" aria-label={`上移 ${who}`} disabled={index === 0} onClick={() => move(index - 1)}>
            上移
          </button>
          <button type="button" aria-label={`下移 ${who}`} disabled={index === items.length - 1} onClick={() => move(index + 1)}>
            下移
          </button>
          <button type="button" aria-label={`删除 ${who}`} onClick={() => void run({ op: 'removeListItem', ...at(props), index })}>
            删除
          </button>
        </span>
      </form>
      {nested && props.parent === undefined && (
        <ListEditor
          {...nested}
          title={`${name}的${nested.title}`}
          list={props.list}
          parent={index}
          items={(Array.isArray(item.children) ? item.children : []) as Item[]}
          nameKey={props.nameKey}
          flags={props.flags}
          run={run}
        />
      )}
    </li>
  );
}

function AddItem({ props }: { props: ListEditorProps }) {
  const { fields, run, noun } = props;
  const empty = () => draftOf({}, fields);
  const [draft, setDraft] = useState(empty);
  return (
    <form
      className="studio-list-add"
      aria-label={props.parent === undefined ? `添加${noun}` : `添加${props.title}`}
      onSubmit={async (event) => {
        event.preventDefault();
        const value = Object.fromEntries(Object.entries(valueOf(draft, fields)).filter(([, v]) => v !== null));
        if ((await run({ op: 'addListItem', ...at(props), value })) === undefined) setDraft(empty());
      }}
    >
      <p className="studio-list-add-title">新的{noun}（填好后添加到末尾）</p>
      <Fields prefix={idPrefix(props, 'new')} fields={fields} flags={props.flags} draft={draft} onChange={setDraft} hints />
      <button type="submit">添加{noun}</button>
    </form>
  );
}

/**
 * A list of the region (the nav, footer links, friendly links, towns) as small forms: each item's fields saved on
 * its own, moved by 上移/下移 (keyboard alike), removed, and a new one added at the end; an item with a list of its
 * own (a tab's sub-tabs, a town's villages) has it under its form, alike. Each is one edit the server validates
 * before it writes the item's line.
 */
export function ListEditor(props: ListEditorProps) {
  const { title, items, fields, hint } = props;
  return (
    <details
      className={props.parent === undefined ? 'studio-list' : 'studio-list studio-sublist'}
      id={props.parent === undefined ? `list-${props.list}` : `list-${props.list}-${props.parent}-children`}
    >
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
