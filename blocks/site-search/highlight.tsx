import type { ReactNode } from 'react';

/**
 * `text` with the server's marks ([start, end) offsets) wrapped in <mark>. Built from React text nodes, so neither
 * the keyword nor the title can inject markup; marks out of range or overlapping are skipped.
 *
 * @example
 * highlighted('甲市茶园流转', [[2, 4]]) // → ['甲市', <mark>茶园</mark>, '流转']
 */
export function highlighted(text: string, marks: ReadonlyArray<readonly number[]> | undefined): ReactNode[] {
  const out: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of [...(marks ?? [])].sort((a, b) => a[0] - b[0])) {
    if (!(start >= at && end > start && end <= text.length)) continue;
    if (start > at) out.push(text.slice(at, start));
    out.push(<mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}
