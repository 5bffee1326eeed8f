import type { Attachment } from '../../schemas/types/api.js';
import { safeUrl } from './url-policy.js';
import './attachments.css';

/** 1536 → "1.5 KB", 2411724 → "2.3 MB": a file's size as a person reads it. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * The documents a record offers, each a download link with its name, then its type and size: a visitor knows what
 * they fetch before they do. Nothing at all when there is none; a link outside the URL policy is left out.
 */
export function AttachmentList({ items, title = '附件' }: { items: readonly Attachment[] | undefined; title?: string }) {
  const shown = (items ?? []).filter((a) => safeUrl(a.url));
  if (shown.length === 0) return null;
  return (
    <section className="tm-attachments" aria-label={title}>
      <h3 className="tm-attachments__title">{title}</h3>
      <ul className="tm-attachments__list">
        {shown.map((a) => (
          <li key={a.url} className="tm-attachments__item">
            <a href={safeUrl(a.url)} download={a.name}>
              {a.name}
            </a>
            <span className="tm-attachments__meta">
              {a.typeName}，{formatSize(a.size)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
