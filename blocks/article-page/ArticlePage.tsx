import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { ArticlePageProps } from '../../schemas/types/blocks.js';
import ArticleList from '../article-list/ArticleList.js';
import { Pager } from '../_parts/Pager.js';

/**
 * A full list page with a pager (news, policies, downloads…). The page number lives in the route query (`page`),
 * so the source reads it (`pageNum: { $from: query.page, default: 1 }`) and back/forward work.
 */
export default function ArticlePage({ props, data, blockId }: BlockComponentProps<ArticlePageProps, { rows: unknown[]; total: number }>) {
  const pageSize = props.pageSize ?? 10;
  return (
    <div className="tm-articles">
      <ArticleList props={{ ...props, title: undefined, rows: pageSize, thumbnails: props.thumbnails ?? true }} data={data} blockId={blockId} />
      <Pager total={data?.total ?? 0} pageSize={pageSize} />
    </div>
  );
}
