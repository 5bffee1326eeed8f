import { useId, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useRouteQuery } from '../../engine/react/RegionProvider.js';
import type { FieldSchema } from '../_parts/console/api-schemas.js';
import { choicesOf, fieldLabel } from '../_parts/console/labels.js';
import { withQuery } from '../_parts/data.js';
import { isDateField } from './rows.js';

/** The filters as one small form: a choice is a drop-down, anything else a text box; 查询 puts them in the address. */
export function Filters({ fields, input, fixed }: { fields: readonly string[]; input: FieldSchema; fixed?: Record<string, unknown> }) {
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
            ) : isDateField(field) ? (
              <input id={`${id}-${name}`} name={name} type="date" defaultValue={query[name] ?? ''} />
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
