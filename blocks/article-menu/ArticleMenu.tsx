import { sanitizeHtml } from '../_parts/sanitize.js';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { BlockStatus } from '../../engine/react/BlockStatus.js';
import { useApiClient } from '../../engine/react/PortalClientProvider.js';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { ApiRouteName } from '../../schemas/types/api.js';
import type { ArticleMenuProps } from '../../schemas/types/blocks.js';
import { rowsOf } from '../_parts/data.js';
import '../article-detail/article-detail.css';
import './article-menu.css';

interface MenuItem {
  id: number;
  title: string;
}

interface MenuGroup {
  classname: string;
  list: MenuItem[];
}

interface Detail {
  title?: string;
  content?: string;
}

/** The menu as groups: the help centre's `[{ classname, list }]` as it is, a plain list (`rows`) as one unnamed group. */
export function menuGroups(data: unknown): MenuGroup[] {
  const rows = rowsOf<Partial<MenuGroup> & Partial<MenuItem>>(data);
  if (rows.some((r) => Array.isArray(r.list))) {
    return rows
      .filter((r) => Array.isArray(r.list))
      .map((r) => ({ classname: String(r.classname ?? ''), list: (r.list ?? []).filter((i) => Number.isInteger(i.id)) }));
  }
  return [{ classname: '', list: rows.filter((r) => Number.isInteger(r.id)).map((r) => ({ id: r.id as number, title: String(r.title ?? '') })) }];
}

/** The selected item id from the query: `item` as JSON `{"id":3,"title":"…"}` (the help centre, spec §2) or a plain id. */
export function selectedId(raw: string | null, json: boolean): number | undefined {
  if (!raw) return undefined;
  let value: unknown = raw;
  if (json) {
    try {
      // A bare number is taken as the id too (an address typed by hand).
      const parsed: unknown = JSON.parse(raw);
      value = parsed !== null && typeof parsed === 'object' ? (parsed as { id?: unknown }).id : parsed;
    } catch {
      return undefined;
    }
  }
  const id = typeof value === 'number' || typeof value === 'string' ? Number(value) : NaN;
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/**
 * A menu of articles on the left and the chosen one on the right: the help centre (groups of classname + items from
 * `help`, the item in query `item` as JSON with its group in `classname`) and the about pages (the 关于我们 articles,
 * the item in query `id`). Without a choice the first item (of the named group) shows. The text is loaded with
 * `detailCall` and sanitised.
 */
export default function ArticleMenu({ props, data, blockId }: BlockComponentProps<ArticleMenuProps>) {
  const client = useApiClient();
  const { pathname, search } = useLocation();
  const query = new URLSearchParams(search);
  const itemParam = props.itemParam ?? 'id';
  const itemJson = props.itemJson ?? false;
  const groupParam = props.groupParam;
  const groups = menuGroups(data);
  const wantedGroup = groupParam ? query.get(groupParam) : null;
  const fallbackGroup = groups.find((g) => g.classname === wantedGroup && g.list.length > 0) ?? groups.find((g) => g.list.length > 0);
  const chosen = selectedId(query.get(itemParam), itemJson) ?? fallbackGroup?.list[0]?.id;
  const currentGroup = groups.find((g) => g.list.some((i) => i.id === chosen))?.classname ?? fallbackGroup?.classname;

  const [detail, setDetail] = useState<{ id: number; data?: Detail; error?: unknown } | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (chosen === undefined) return;
    let live = true;
    setDetail(null);
    client.call(props.detailCall as ApiRouteName, { body: { id: chosen } } as never).then(
      (d) => live && setDetail({ id: chosen, data: (d ?? {}) as Detail }),
      (error: unknown) => live && setDetail({ id: chosen, error }),
    );
    return () => {
      live = false;
    };
  }, [client, props.detailCall, chosen, attempt]);

  const href = (group: MenuGroup, item: MenuItem) => {
    const next = new URLSearchParams();
    if (groupParam && group.classname) next.set(groupParam, group.classname);
    next.set(itemParam, itemJson ? JSON.stringify({ id: item.id, title: item.title }) : String(item.id));
    return `${pathname}?${next.toString()}`;
  };
  const menuId = `${blockId}-menu`;
  const html = detail?.data ? sanitizeHtml(detail.data.content) : '';

  return (
    <div className="tm-article-menu">
      <nav className="tm-article-menu__nav" aria-labelledby={menuId}>
        <h2 id={menuId} className="tm-article-menu__heading">
          {props.menuTitle ?? '目录'}
        </h2>
        {groups.map((group) => (
          <div key={group.classname || 'items'} className="tm-article-menu__group">
            {group.classname ? (
              <h3 className={`tm-article-menu__group-title${group.classname === currentGroup ? ' is-current' : ''}`}>{group.classname}</h3>
            ) : null}
            <ul>
              {group.list.map((item) => (
                <li key={item.id}>
                  <Link to={href(group, item)} aria-current={item.id === chosen ? 'page' : undefined}>
                    {item.title}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <article className="tm-article-menu__content" aria-live="polite">
        {chosen === undefined ? (
          <BlockStatus kind="empty" />
        ) : !detail ? (
          <BlockStatus kind="loading" />
        ) : detail.error !== undefined ? (
          <BlockStatus kind="error" error={detail.error} onRetry={() => setAttempt((n) => n + 1)} />
        ) : (
          <>
            <h2 className="tm-detail__title">{detail.data?.title}</h2>
            {currentGroup ? <p className="tm-article-menu__crumb">{currentGroup}</p> : null}
            <div className="tm-detail__content" dangerouslySetInnerHTML={{ __html: html }} />
          </>
        )}
      </article>
    </div>
  );
}
