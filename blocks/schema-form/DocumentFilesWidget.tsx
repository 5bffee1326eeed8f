import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { isApiError } from '../../engine/http/index.js';
import { useApiClient } from '../../engine/react/PortalClientProvider.js';
import type { Attachment } from '../../schemas/types/api.js';
import { formatSize } from '../_parts/attachments.js';
import { safeUrl } from '../_parts/url-policy.js';
import '../_parts/attachments.css';

/** What the picker offers; the server judges the content again (server/services/documents.ts). */
const ACCEPT = '.pdf,.doc,.docx,.xls,.xlsx,.zip';
export const DOCUMENT_HINT = '可上传 PDF、Word（.doc/.docx）、Excel（.xls/.xlsx）或 ZIP 压缩包';

const isSingle = (type: unknown) => type === 'string' || (Array.isArray(type) && type.includes('string'));

/**
 * `ui:widget: documents`: an article's 附件 (a string: one document) or a project's (an array, up to the schema's
 * `maxItems`). 上传附件 sends the chosen file with `adminAttachmentUpload`; each document is listed by its name, type
 * and size (asked of `adminAttachmentInfo` for what a saved record holds), with 删除. A refusal is said beside it.
 */
export function DocumentFilesWidget(props: WidgetProps) {
  const { id, value, onChange, schema, label, disabled, readonly, rawErrors } = props;
  const client = useApiClient();
  const single = isSingle(schema.type);
  const urls: string[] = single ? (typeof value === 'string' && value ? [value] : []) : Array.isArray(value) ? (value as string[]) : [];
  const max = single ? 1 : (schema.maxItems ?? 10);
  const [known, setKnown] = useState<Record<string, Attachment>>({});
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const latest = useRef(urls);
  latest.current = urls;
  const name = label || '附件';

  const missing = urls.filter((u) => !known[u]).join('\n');
  useEffect(() => {
    if (!missing) return;
    client
      .call('adminAttachmentInfo', { body: { urls: missing.split('\n') } })
      .then((rows) => setKnown((k) => ({ ...k, ...Object.fromEntries(rows.map((r) => [r.url, r])) })))
      .catch(() => undefined);
  }, [client, missing]);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!single && urls.length >= max) return setNotice(`附件最多 ${max} 个`);
    setBusy(true);
    setNotice(`正在上传：${file.name}`);
    const formData = new FormData();
    formData.append('file', file, file.name);
    try {
      const doc = await client.call('adminAttachmentUpload', { formData });
      setKnown((k) => ({ ...k, [doc.url]: doc }));
      onChange(single ? doc.url : [...latest.current, doc.url]);
      setNotice(`已上传：${doc.name}`);
    } catch (error) {
      setNotice(isApiError(error) && error.kind === 'code' ? error.message : '上传失败，请重试');
    } finally {
      setBusy(false);
    }
  };

  const remove = (url: string) => {
    const rest = urls.filter((u) => u !== url);
    onChange(single ? undefined : rest.length ? rest : undefined);
    setNotice(`已删除：${known[url]?.name ?? '附件'}`);
  };

  const inactive = disabled || readonly;
  return (
    <div
      id={id}
      className="tm-docfield"
      role="group"
      aria-label={name}
      aria-describedby={ariaDescribedByIds(id)}
      aria-invalid={rawErrors?.length ? true : undefined}
    >
      {urls.length > 0 ? (
        <ul className="tm-attachments__list">
          {urls.map((url) => (
            <li key={url} className="tm-attachments__item">
              <a href={safeUrl(url)} download={known[url]?.name}>
                {known[url]?.name ?? '附件'}
              </a>
              {known[url] ? (
                <span className="tm-attachments__meta">
                  {known[url].typeName}，{formatSize(known[url].size)}
                </span>
              ) : null}
              {inactive ? null : (
                <button type="button" className="tm-docfield__button" onClick={() => remove(url)} aria-label={`删除${known[url]?.name ?? '附件'}`}>
                  删除
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {inactive ? null : (
        <p className="tm-docfield__actions">
          <button type="button" className="tm-docfield__button" disabled={busy} onClick={() => fileInput.current?.click()}>
            {single && urls.length ? '更换附件' : '上传附件'}
          </button>
          <input ref={fileInput} type="file" accept={ACCEPT} hidden onChange={pick} aria-label={`选择${name}文件`} />
          <span className="tm-docfield__hint">{DOCUMENT_HINT}</span>
        </p>
      )}
      <p className="tm-docfield__notice" role="status">
        {notice}
      </p>
    </div>
  );
}
