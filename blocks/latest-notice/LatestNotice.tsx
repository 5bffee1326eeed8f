import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { LatestNoticeProps } from '../../schemas/types/blocks.js';
import { listItems } from '../article-list/items.js';
import { RouteLink } from '../_parts/RouteLink.js';
import { withQuery } from '../_parts/data.js';
import { BlockStatus } from '../../engine/react/BlockStatus.js';
import './latest-notice.css';

/** The documented default (props.schema.json): the engine's own empty text would be 暂无数据. */
const EMPTY_TEXT = '暂无公告';

/** The latest notice: its title, the start of its content and a 详情 link (`暂无公告` when there is none). */
export default function LatestNotice({ props, data }: BlockComponentProps<LatestNoticeProps>) {
  const [notice] = listItems(data, 1);
  if (!notice) return <BlockStatus kind="empty" emptyText={props.emptyText ?? EMPTY_TEXT} />;
  const length = props.summaryLength ?? 120;
  const summary = notice.summary.length > length ? `${notice.summary.slice(0, length)}…` : notice.summary;
  return (
    <article className="tm-notice">
      <h3 className="tm-notice__title">{notice.title}</h3>
      {notice.date && (
        <p className="tm-notice__date">
          发布日期：<time dateTime={notice.date}>{notice.date}</time>
        </p>
      )}
      <p className="tm-notice__summary">{summary}</p>
      {props.detailRoute && (
        <RouteLink to={withQuery(props.detailRoute, { id: notice.id })} className="tm-notice__detail">
          详情<span className="tm-visually-hidden">：{notice.title}</span>
        </RouteLink>
      )}
    </article>
  );
}
