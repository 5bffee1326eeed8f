import type { WidgetProps } from '@rjsf/utils';
import { ariaDescribedByIds } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { useApiClient } from '../../engine/react/PortalClientProvider.js';
import type { ApiRouteName } from '../../schemas/types/api.js';
import { useRegionTowns } from '../_parts/region-towns.js';

type Choice = { value: string | number; label: string };

function NativeSelect({ props, choices, placeholder }: { props: WidgetProps; choices: readonly Choice[]; placeholder?: string }) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, required, rawErrors } = props;
  const numeric = props.schema.type === 'integer' || props.schema.type === 'number';
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

/**
 * `ui:widget: choices`: a drop-down of the choices the page's YAML lists (`ui:options.choices`, value and label), e.g.
 * the article categories a region's console offers.
 */
export function ChoicesWidget(props: WidgetProps) {
  const choices = (props.options.choices as Choice[] | undefined) ?? [];
  return <NativeSelect props={props} choices={choices} placeholder={props.placeholder || undefined} />;
}

/**
 * `ui:widget: placeSelect`: the region and its towns (value: deptId); an empty field takes the region itself, where
 * most records belong. The server still holds a staff member to their own places.
 */
export function PlaceSelectWidget(props: WidgetProps) {
  const { places } = useRegionTowns();
  const { value, onChange } = props;
  useEffect(() => {
    if ((value === undefined || value === null) && places[0]) onChange(places[0].deptId);
  }, [places, value, onChange]);
  return <NativeSelect props={props} choices={places.map((p) => ({ value: p.deptId, label: p.deptName }))} />;
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
