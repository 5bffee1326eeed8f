import { sanitizeHtml } from '../_parts/sanitize.js';
import { safeUrl } from '../_parts/url-policy.js';
import { useNavigate } from 'react-router-dom';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { ArticleDetailProps } from '../../schemas/types/blocks.js';
import { dateOf } from '../_parts/data.js';
import { AttachmentList } from '../_parts/attachments.js';
import type { Attachment } from '../../schemas/types/api.js';
import './article-detail.css';

interface Detail {
  title?: string;
  projectname?: string;
  /** A deal announcement's (dealDetail) title, address and publication time. */
  projectName?: string;
  projectAddress?: string;
  logintime?: string;
  createTime?: string;
  dealtime?: string;
  deptName?: string;
  content?: string;
  remark?: string;
  attachmentUrl?: string | null;
  /** The attachment with its name, type and size (newsDetail); other sources give the bare URL only. */
  attachments?: Attachment[];
  watchCts?: number;
}

/** One article (news, notice, policy, land information, deal announcement…): title, date, source, the sanitised rich text, attachment. */
export default function ArticleDetail({ props, data }: BlockComponentProps<ArticleDetailProps, Detail>) {
  const navigate = useNavigate();
  const title = data.title ?? data.projectname ?? data.projectName ?? '';
  const date = dateOf(data.logintime ?? data.createTime ?? data.dealtime);
  // Content is authored in the back office; it is still sanitised so a pasted script can never run here.
  const html = sanitizeHtml(data.content ?? data.remark);
  const attachment = safeUrl(data.attachmentUrl);
  return (
    <article className="tm-detail">
      <h2 className="tm-detail__title">{title}</h2>
      <p className="tm-detail__meta">
        {date && (
          <span>
            发布日期：<time dateTime={date}>{date}</time>
          </span>
        )}
        {data.projectAddress && <span>项目地址：{data.projectAddress}</span>}
        {data.deptName && <span>来源：{data.deptName}</span>}
        {data.watchCts !== undefined && <span>浏览次数：{data.watchCts}</span>}
      </p>
      <div className="tm-detail__content" dangerouslySetInnerHTML={{ __html: html }} />
      {/* An attachment outside the URL policy (javascript:, data:…) is not offered at all. */}
      {data.attachments ? (
        <AttachmentList items={data.attachments} />
      ) : (
        attachment && (
          <p className="tm-detail__attachment">
            附件：
            <a href={attachment} download>
              下载附件
            </a>
          </p>
        )
      )}
      <button type="button" className="tm-button" onClick={() => navigate(-1)}>
        {props.backText ?? '返回'}
      </button>
    </article>
  );
}
