import { useCallback, useEffect, useRef, useState } from 'react';
import { UPLOAD_TEXTS, UploadError, uploadImage, type ApiClient } from '../../engine/http/index.js';
import type { Rotation } from '../../machines/camera-protocol.js';
import { fileNameFor } from './photo-image.js';

/** One picture to upload: a camera photo or a chosen file. */
export interface PhotoUploadJob {
  /** What the person calls it: 照片 2, or the file's name. */
  label: string;
  /** The name sent with the file. */
  fileName: string;
  /** A preview to show while it goes (a data: or blob: URL), turned by `rotation`. */
  preview: string;
  rotation?: Rotation;
  /** The bytes to send; a function so a turned photo is drawn only when its turn comes (and again on a retry). */
  file: () => Promise<Blob>;
}

export interface PhotoUploadItem extends PhotoUploadJob {
  key: number;
  state: 'waiting' | 'uploading' | 'failed';
  /** 0…1 while uploading. */
  progress: number;
  error?: string;
}

/**
 * Uploads pictures one after another, in the order they were added, so the field's list keeps that order. Each
 * finished upload hands its URL to `onUploaded` at once, whatever happens to the others; a failed one stays in the
 * list with its message (the server's msg, or 上传图片失败，请重试) until it is retried or dismissed.
 */
export function usePhotoUploads(client: Pick<ApiClient, 'call'>, onUploaded: (url: string) => void) {
  const [items, setItems] = useState<PhotoUploadItem[]>([]);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const nextKey = useRef(1);
  const live = useRef(true);
  const uploaded = useRef(onUploaded);
  uploaded.current = onUploaded;
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const update = useCallback((key: number, change: Partial<PhotoUploadItem> | null) => {
    if (!live.current) return;
    setItems((list) => (change === null ? list.filter((i) => i.key !== key) : list.map((i) => (i.key === key ? { ...i, ...change } : i))));
  }, []);

  const enqueue = useCallback(
    (key: number, job: PhotoUploadJob) => {
      queue.current = queue.current.then(async () => {
        update(key, { state: 'uploading', progress: 0, error: undefined });
        try {
          const blob = await job.file();
          const { url } = await uploadImage(client, blob, fileNameFor(job.fileName, blob.type), { onProgress: (progress) => update(key, { progress }) });
          update(key, null);
          if (job.preview.startsWith('blob:')) URL.revokeObjectURL(job.preview);
          uploaded.current(url);
        } catch (error) {
          update(key, { state: 'failed', error: error instanceof UploadError ? error.message : UPLOAD_TEXTS.failed });
        }
      });
    },
    [client, update],
  );

  const add = useCallback(
    (jobs: PhotoUploadJob[]) => {
      const added = jobs.map((job) => ({ ...job, key: nextKey.current++, state: 'waiting' as const, progress: 0 }));
      setItems((list) => [...list, ...added]);
      for (const item of added) enqueue(item.key, item);
    },
    [enqueue],
  );

  const retry = useCallback(
    (key: number) => {
      const item = items.find((i) => i.key === key);
      if (!item) return;
      update(key, { state: 'waiting', progress: 0, error: undefined });
      enqueue(key, item);
    },
    [enqueue, items, update],
  );

  const dismiss = useCallback(
    (key: number) => {
      const item = items.find((i) => i.key === key);
      if (item?.preview.startsWith('blob:')) URL.revokeObjectURL(item.preview);
      update(key, null);
    },
    [items, update],
  );

  return { items, add, retry, dismiss };
}

/** The uploads under way or failed: preview, name, a progress bar, and for a failure its message with 重试 and 移除. */
export function PhotoUploadList({ items, onRetry, onDismiss }: { items: PhotoUploadItem[]; onRetry: (key: number) => void; onDismiss: (key: number) => void }) {
  if (items.length === 0) return null;
  return (
    <ul className="tm-photo-uploads" aria-label="正在上传的图片">
      {items.map((item) => (
        <li key={item.key} className={`tm-photo-upload tm-photo-upload--${item.state}`}>
          <span className="tm-photo-upload__thumb">
            <img src={item.preview} alt="" aria-hidden="true" style={item.rotation ? { transform: `rotate(${item.rotation}deg)` } : undefined} />
          </span>
          <span className="tm-photo-upload__body">
            <span className="tm-photo-upload__name">{item.label}</span>
            {item.state === 'failed' ? (
              <span className="tm-photo-upload__error" role="alert">
                <span className="tm-visually-hidden">{item.label}：</span>
                {item.error}
              </span>
            ) : (
              <span className="tm-photo-upload__status">
                <progress max={100} value={item.state === 'uploading' ? Math.round(item.progress * 100) : undefined} aria-label={`${item.label}上传进度`} />
                <span aria-hidden="true">{item.state === 'uploading' ? `${Math.round(item.progress * 100)}%` : '等待上传'}</span>
              </span>
            )}
          </span>
          {item.state === 'failed' ? (
            <span className="tm-photo-upload__actions">
              <button type="button" className="tm-photo-button" onClick={() => onRetry(item.key)} aria-label={`重试上传${item.label}`}>
                重试
              </button>
              <button type="button" className="tm-photo-button" onClick={() => onDismiss(item.key)} aria-label={`移除${item.label}`}>
                移除
              </button>
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
