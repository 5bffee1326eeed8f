import './pager.css';
import { Link, useLocation } from 'react-router-dom';

/** Page numbers to offer: first, last, and two either side of the current one. */
export function pageWindow(current: number, last: number): Array<number | 'gap'> {
  const out: Array<number | 'gap'> = [];
  for (let p = 1; p <= last; p++) {
    if (p === 1 || p === last || Math.abs(p - current) <= 2) out.push(p);
    else if (out[out.length - 1] !== 'gap') out.push('gap');
  }
  return out;
}

/** The current page from the route query (`page`, default 1). */
export function usePageNumber(param = 'page'): number {
  const { search } = useLocation();
  return Math.max(1, Number(new URLSearchParams(search).get(param)) || 1);
}

/**
 * A pager whose page lives in the route query (`?page=`), so back/forward and reload keep it and a block's source
 * can read it (`pageNum: { $from: query.page, default: 1 }`).
 */
export function Pager({
  total,
  pageSize,
  param = 'page',
  approximate = false,
}: {
  total: number;
  pageSize: number;
  param?: string;
  /** The server estimated the total (a keyword over a large list): 约 N 条. */ approximate?: boolean;
}) {
  const { pathname, search } = useLocation();
  const current = usePageNumber(param);
  const last = Math.max(1, Math.ceil(total / pageSize));
  const href = (page: number) => {
    const next = new URLSearchParams(search);
    next.set(param, String(page));
    return `${pathname}?${next.toString()}`;
  };
  return (
    <nav className="tm-pager" aria-label="分页">
      <span className="tm-pager__total">{approximate ? `约 ${total} 条` : `共 ${total} 条`}</span>
      {current > 1 ? <Link to={href(current - 1)}>上一页</Link> : <span aria-disabled="true">上一页</span>}
      {pageWindow(current, last).map((p, i) =>
        p === 'gap' ? (
          <span key={`gap-${i}`} aria-hidden="true">
            …
          </span>
        ) : p === current ? (
          <span key={p} aria-current="page" className="tm-pager__current">
            {p}
          </span>
        ) : (
          <Link key={p} to={href(p)} aria-label={`第 ${p} 页`}>
            {p}
          </Link>
        ),
      )}
      {current < last ? <Link to={href(current + 1)}>下一页</Link> : <span aria-disabled="true">下一页</span>}
    </nav>
  );
}
