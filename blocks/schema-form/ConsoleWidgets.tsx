import type { WidgetProps } from '@rjsf/utils';
import { ariaDescribedByIds } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { useApiClient } from '../../engine/react/PortalClientProvider.js';
import type { ApiRouteName, EditorPlace } from '../../schemas/types/api.js';
import { useRegionTowns } from '../_parts/region-towns.js';
import { useSessionState } from '../../engine/react/SessionProvider.js';

type Choice = { value: string | number; label: string };

function NativeSelect({ props, choices, placeholder }: { props: WidgetProps; choices: readonly Choice[]; placeholder?: string }) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, required, rawErrors } = props;
  // A nullable field's type is a list (["integer", "null"]): its value is still a number.
  const types: unknown[] = Array.isArray(props.schema.type) ? props.schema.type : [props.schema.type];
  const numeric = types.includes('integer') || types.includes('number');
  return (
    <select
      id={id}
      name={id}
      value={value === undefined || value === null ? '' : String(value)}
      disabled={disabled || readonly}
      aria-required={required || undefined}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(e) => onChange(e.target.value === '' ? undefined : numeric ? Number(e.target.value) : e.target.value)}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
    >
      <option value="">{placeholder ?? '请选择'}</option>
      {choices.map((c) => (
        <option key={String(c.value)} value={String(c.value)}>
          {c.label}
        </option>
      ))}
    </select>
  );
}

/** A choice offered only while another field of the form has one of some values (`for`). */
type DependentChoice = Choice & { for?: ReadonlyArray<string | number> };

/** The choices a field's `dependsOn` value allows (every choice when the field names none). */
export function choicesFor(choices: readonly DependentChoice[], dependsOn: string | undefined, formData: Record<string, unknown> | undefined): Choice[] {
  if (!dependsOn) return [...choices];
  const value = formData?.[dependsOn];
  if (value === undefined || value === null || value === '') return [];
  return choices.filter((c) => !c.for || c.for.some((v) => String(v) === String(value)));
}

/**
 * `ui:widget: choices`: a drop-down of the choices the page's YAML lists (`ui:options.choices`, value and label), e.g.
 * the article categories a region's console offers. With `ui:options.dependsOn: <field>`, a choice with `for: [values]`
 * is offered only while that field has one of them (a project's categories by its type), and a value the new choice
 * of that field no longer allows is cleared, so the form never holds a pair the server refuses.
 */
export function ChoicesWidget(props: WidgetProps) {
  const all = (props.options.choices as DependentChoice[] | undefined) ?? [];
  const dependsOn = props.options.dependsOn as string | undefined;
  const formData = (props.registry.formContext as { formData?: Record<string, unknown> } | undefined)?.formData;
  const choices = choicesFor(all, dependsOn, formData);
  const { value, onChange } = props;
  const allowed = value === undefined || value === null || value === '' || choices.some((c) => String(c.value) === String(value));
  useEffect(() => {
    if (!allowed) onChange(undefined);
  }, [allowed, onChange]);
  const waiting = dependsOn && choices.length === 0 ? (props.options.waitingText as string | undefined) : undefined;
  return <NativeSelect props={props} choices={choices} placeholder={waiting ?? (props.placeholder || undefined)} />;
}

/** `ui:options.emptyWhen`: while another field of the form has one of these values, no choice is a choice. */
type EmptyWhen = { field: string; in: ReadonlyArray<string | number> };

/** Whether the form's data lets the field stay empty (`emptyWhen`), e.g. an administrator's place. */
export function emptyAllowed(emptyWhen: EmptyWhen | undefined, formData: Record<string, unknown> | undefined): boolean {
  if (!emptyWhen) return false;
  const value = formData?.[emptyWhen.field];
  return emptyWhen.in.some((v) => String(v) === String(value));
}

/**
 * `ui:widget: placeSelect`: the region and its towns (value: deptId); an empty field takes the region itself, where
 * most records belong. With `ui:options.emptyWhen` (and `emptyLabel`), the field may stay empty (null) while another
 * field has one of some values: an administrator's account needs no place; it is offered only to a signed-in account
 * without a place itself. The server still holds a staff member to their own places.
 */
export function PlaceSelectWidget(props: WidgetProps) {
  const { places } = useRegionTowns();
  const { value, onChange } = props;
  const formData = (props.registry.formContext as { formData?: Record<string, unknown> } | undefined)?.formData;
  // An account without a place reaches every portal: the server lets only an account without one make one.
  const { user } = useSessionState();
  const mayBeEmpty = user?.placeName === '' && emptyAllowed(props.options.emptyWhen as EmptyWhen | undefined, formData);
  useEffect(() => {
    if ((value === undefined || value === null) && places[0] && !mayBeEmpty) onChange(places[0].deptId);
  }, [places, value, onChange, mayBeEmpty]);
  const choices = places.map((p) => ({ value: p.deptId, label: p.deptName }));
  if (!mayBeEmpty) return <NativeSelect props={props} choices={choices} />;
  const emptyLabel = (props.options.emptyLabel as string | undefined) ?? '不设地点';
  return <NativeSelect props={{ ...props, onChange: (v: unknown) => onChange(v === undefined ? null : v) }} choices={choices} placeholder={emptyLabel} />;
}

/**
 * `ui:widget: callChoices`: a drop-down of the rows a list call answers (`ui:options`: `call`, `valueField`,
 * `labelField`), e.g. the tenant's staff roles. With `emptyLabel` the empty choice is offered and means null (a staff
 * account without a role: every page), so saving it clears the value rather than leaving it as it was.
 */
export function CallChoicesWidget(props: WidgetProps) {
  const client = useApiClient();
  const { call, valueField = 'id', labelField = 'name', emptyLabel } = props.options as Record<string, string | undefined>;
  const [choices, setChoices] = useState<Choice[]>([]);
  useEffect(() => {
    let live = true;
    client
      .call(call as ApiRouteName, { body: { pageSize: 100 } } as never)
      .then((data: unknown) => {
        const rows = (Array.isArray(data) ? data : ((data as { rows?: unknown[] } | null)?.rows ?? [])) as Record<string, unknown>[];
        if (live) setChoices(rows.map((r) => ({ value: r[valueField] as string | number, label: String(r[labelField] ?? '') })));
      })
      // The client has said why; the drop-down keeps its empty choice.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [client, call, valueField, labelField]);
  const onChange = emptyLabel ? (value: unknown) => props.onChange(value === undefined ? null : value) : props.onChange;
  return <NativeSelect props={{ ...props, onChange }} choices={choices} placeholder={emptyLabel ?? (props.placeholder || undefined)} />;
}

/**
 * `ui:widget: editorPlace`: the places the signed-in staff member may file a record under (`adminEditorPlaces`: their
 * own place and the places under it; an administrator's whole region), indented by depth. An empty field takes the
 * first, the member's own place. Nothing is offered that the server would refuse at save.
 */
export function EditorPlaceWidget(props: WidgetProps) {
  const client = useApiClient();
  const [places, setPlaces] = useState<EditorPlace[]>([]);
  useEffect(() => {
    let live = true;
    client
      .call('adminEditorPlaces', {})
      .then((rows) => live && setPlaces(rows))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [client]);
  const { value, onChange } = props;
  useEffect(() => {
    if ((value === undefined || value === null) && places[0]) onChange(places[0].deptId);
  }, [places, value, onChange]);
  // A saved record's place outside the list (moved by an administrator) is still shown, so the form does not lie.
  const shown =
    value !== undefined && value !== null && places.length && !places.some((p) => p.deptId === value) ? [{ value: value as number, label: String(value) }] : [];
  return <NativeSelect props={props} choices={[...places.map((p) => ({ value: p.deptId, label: `${'\u3000'.repeat(p.depth)}${p.deptName}` })), ...shown]} />;
}

/** "2026-12-01 09:30(:00)" ↔ the datetime-local input's "2026-12-01T09:30". */
export function toLocalInput(value: unknown): string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(value) ? value.slice(0, 16).replace(' ', 'T') : '';
}
export function fromLocalInput(text: string): string | undefined {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text) ? `${text.replace('T', ' ')}:00` : undefined;
}

/** `ui:widget: dateTime`: the browser's date and time picker for a "YYYY-MM-DD HH:mm:ss" field (China Standard Time). */
export function DateTimeWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, required, rawErrors } = props;
  return (
    <input
      id={id}
      name={id}
      type="datetime-local"
      className="tm-datetime"
      value={toLocalInput(value)}
      disabled={disabled || readonly}
      aria-required={required || undefined}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(e) => onChange(fromLocalInput(e.target.value))}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
    />
  );
}
