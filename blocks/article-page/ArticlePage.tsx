import { Link, useLocation } from 'react-router-dom';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { ArticlePageProps } from '../../schemas/types/blocks.js';
import ArticleList from '../article-list/ArticleList.js';
import './article-page.css';


/** Page numbers to offer: first, last, and two either side of the current one. */
function pageWindow(current: number, last: number): Array<number | 'gap'> {
  const out: Array<number | 'gap'> = [];
  for (let p = 1; p <= last; p++) {
    if (p === 1 || p === last || Math.abs(p - current) <= 2) out.push(p);
    else if (out[out.length - 1] !== 'gap') out.push('gap');
  }
  return out;
}

/**
 * A full list page with a pager (news, policies, downloads…). The page number lives in the route query (`page`),
 * so the source reads it (`pageNum: { $from: query.page, default: 1 }`) and back/forward work.
 */
export default function ArticlePage({ props, data, blockId }: BlockComponentProps<ArticlePageProps, { rows: unknown[]; total: number }>) {
  const { pathname, search } = useLocation();
  const pageSize = props.pageSize ?? 10;
  const query = new URLSearchParams(search);
  const current = Math.max(1, Number(query.get('page')) || 1);
  const last = Math.max(1, Math.ceil((data?.total ?? 0) / pageSize));
  const href = (page: number) => {
    const next = new URLSearchParams(search);
    next.set('page', String(page));
    return `${pathname}?${next.toString()}`;
  };
  return (
    <div className="tm-articles">
      <ArticleList props={{ ...props, title: undefined, rows: pageSize }} data={data} blockId={blockId} />
      <nav className="tm-pager" aria-label="分页">
        <span className="tm-pager__total">共 {data?.total ?? 0} 条</span>
        {current > 1 ? <Link to={href(current - 1)}>上一页</Link> : <span aria-disabled="true">上一页</span>}
        {pageWindow(current, last).map((p, i) =>
          p === 'gap' ? (
            <span key={`gap-${i}`} aria-hidden="true">…</span>
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
    </div>
  );
}
