import { dateOf, rowsOf, textOf } from '../_parts/data.js';

/** One row as a list shows it, whatever call it came from (articles, land information, intents, investment…). */
export interface ListItem {
  id: number | string;
  title: string;
  date: string;
  image?: string;
  /** An article's own cover picture (coverImg), the one a list's thumbnail shows; not a project's or an intent's photos. */
  cover?: string;
  summary: string;
  place?: string;
}

type Row = Record<string, unknown>;

const first = (row: Row, keys: string[]): unknown => keys.map((k) => row[k]).find((v) => v !== undefined && v !== null && v !== '');

function imageOf(row: Row): string | undefined {
  const direct = first(row, ['coverImg', 'image']);
  if (typeof direct === 'string') return direct;
  const imgs = row.imgs;
  if (Array.isArray(imgs) && imgs[0] && typeof (imgs[0] as Row).src === 'string') return (imgs[0] as Row).src as string;
  const list = row.imgList;
  if (Array.isArray(list) && typeof list[0] === 'string') return list[0];
  return undefined;
}

/** Normalises a list response's rows into what the list blocks render. */
export function listItems(data: unknown, limit: number): ListItem[] {
  return rowsOf<Row>(data)
    .slice(0, limit)
    .map((row) => ({
      id: row.id as number,
      title: String(first(row, ['title', 'projectname', 'projectName']) ?? ''),
      date: dateOf(first(row, ['logintime', 'createTime', 'dealtime', 'releaseTime'])),
      image: imageOf(row),
      cover: typeof row.coverImg === 'string' && row.coverImg ? row.coverImg : undefined,
      summary: textOf(first(row, ['remark', 'content'])),
      place: (first(row, ['areaName', 'projectAddress', 'deptName', 'address']) as string | undefined) ?? undefined,
    }));
}
