import { Link, useLocation } from 'react-router-dom';
import { BlockStatus } from '../../engine/react/BlockStatus.js';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { SiteSearchData } from '../../schemas/types/api.js';
import type { SiteSearchProps } from '../../schemas/types/blocks.js';
import { withQuery } from '../_parts/data.js';
import { Pager } from '../_parts/Pager.js';
import { SearchForm } from '../_parts/SearchForm.js';
import { highlighted } from './highlight.js';
import './site-search.css';

type Kind = SiteSearchData['kind'];
const KINDS: Kind[] = ['article', 'project'];
const DEFAULT_LABELS: Record<Kind, string> = { article: '文章资讯', project: '交易项目' };

/**
 * The site-wide search results (/quanzhansousuo): the search box with the keyword, a tab per kind with its count
 * (articles, trading projects), the rows of the chosen kind with the keyword marked in title and snippet, a pager,
 * and 暂无数据 when nothing matches. The kind (`kind`) and page (`page`) live in the route query.
 */
export default function SiteSearch({ props, data }: BlockComponentProps<SiteSearchProps, SiteSearchData | undefined>) {
  const { pathname, search } = useLocation();
  const keyword = data?.keyword ?? '';
  const pageSize = props.pageSize ?? 10;
  const labels = { ...DEFAULT_LABELS, ...props.kindLabels };
  const detailRoute = props.detailRoute ?? '/quanzhansousuo/detail';
  const kind = data?.kind ?? 'article';
  const counts = data?.counts ?? { article: 0, project: 0 };
  const tabHref = (k: Kind) => {
    const next = new URLSearchParams(search);
    next.set('kind', k);
    next.delete('page');
    return `${pathname}?${next.toString()}`;
  };

  return (
    <div className="tm-ssearch">
      <SearchForm route={pathname} initial={keyword} placeholder={props.placeholder} />
      {!keyword ? (
        <p className="tm-ssearch__prompt">请输入关键字，搜索本站的文章资讯和交易项目。</p>
      ) : (
        <>
          <p className="tm-ssearch__summary" role="status">
            与“<strong>{keyword}</strong>”相关的结果共 {counts.article + counts.project} 条
          </p>
          <nav className="tm-ssearch__kinds" aria-label="结果类别">
            <ul>
              {KINDS.map((k) => (
                <li key={k}>
                  <Link to={tabHref(k)} className="tm-ssearch__kind" aria-current={k === kind ? 'page' : undefined}>
                    {labels[k]}（{counts[k]}）
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {data && data.rows.length > 0 ? (
            <>
              <ol className="tm-ssearch__rows" aria-label={`${labels[kind]}搜索结果`}>
                {data.rows.map((hit) => (
                  <li key={`${hit.kind}-${hit.id}`} className="tm-ssearch__row">
                    <h3 className="tm-ssearch__title">
                      <Link to={withQuery(detailRoute, { kind: hit.kind, id: hit.id })}>{highlighted(hit.title, hit.titleMarks)}</Link>
                    </h3>
                    {hit.snippet && <p className="tm-ssearch__snippet">{highlighted(hit.snippet, hit.snippetMarks)}</p>}
                    <p className="tm-ssearch__meta">
                      <span>{hit.categoryName}</span>
                      {hit.deptName && <span>{hit.deptName}</span>}
                      {hit.date && <time dateTime={hit.date}>{hit.date}</time>}
                    </p>
                  </li>
                ))}
              </ol>
              <Pager total={data.total} pageSize={pageSize} />
            </>
          ) : (
            <BlockStatus kind="empty" emptyText={props.emptyText ?? '暂无数据'} />
          )}
        </>
      )}
    </div>
  );
}
