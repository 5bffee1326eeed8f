import type { WidgetProps } from '@rjsf/utils';
import { ariaDescribedByIds } from '@rjsf/utils';
import { useEffect } from 'react';
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
