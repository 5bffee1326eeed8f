import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { lazy, Suspense, useEffect, useRef, useState, type ChangeEvent, type RefObject } from 'react';
import { checkImageFile, UPLOAD_LIMITS, UPLOAD_TEXTS } from '../../engine/http/index.js';
import { useApiClient } from '../../engine/react/PortalClientProvider.js';
import { useRegion } from '../../engine/react/RegionProvider.js';
import { DEFAULT_CAMERA_SERVICE_URL } from '../../machines/camera-protocol.js';
import type { CameraPhoto } from '../../machines/document-camera.js';
import { PhotoUploadList, usePhotoUploads } from '../_parts/photo-uploads.js';
import '../_parts/document-camera/document-camera.css';
import { cameraPhotoJob, fileJob } from './photo-jobs.js';
import { UploadedPhotos } from './UploadedPhotos.js';

// The dialog and its machine load when a person first opens it.
const DocumentCameraDialog = lazy(() => import('../_parts/document-camera/DocumentCameraDialog.js').then((m) => ({ default: m.DocumentCameraDialog })));

/**
 * `ui:widget: documentPhotos` for an array of uploaded image URLs (e.g. the transfer intent's 相关材料照片): the photos
 * as thumbnails, each with 删除; 高拍仪拍照 opens the document camera dialog (the region's `documentCameraUrl`);
 * 选择图片 picks png/jpg files where there is no camera. Every picture is uploaded with the `upload` call and its
 * URL appended to the field; the count is capped by the schema's `maxItems` (上传文件数量不能超过 N 个!).
 * `ui:options.maxBytes` caps a chosen file (default 2 MB).
 */
export function DocumentPhotosWidget(props: WidgetProps) {
  const { id, value, onChange, schema, label, disabled, readonly, options, rawErrors } = props;
  const client = useApiClient();
  const region = useRegion();
  const urls: string[] = Array.isArray(value) ? (value as string[]) : [];
  // Uploads finish one by one after renders: each appends to the list as it is now, not as it was drawn.
  const latest = useRef(urls);
  latest.current = urls;
  const uploads = usePhotoUploads(client, (url) => {
    latest.current = [...latest.current, url];
    onChange(latest.current);
  });
  const [cameraOpen, setCameraOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const cameraButton = useRef<HTMLButtonElement>(null);
  // Focus goes back to 高拍仪拍照 once the dialog is gone (while it is open the page behind it is inert).
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !cameraOpen) cameraButton.current?.focus();
    wasOpen.current = cameraOpen;
  }, [cameraOpen]);

  const maxCount = schema.maxItems ?? UPLOAD_LIMITS.maxCount;
  const maxBytes = typeof options.maxBytes === 'number' ? options.maxBytes : UPLOAD_LIMITS.maxBytes;
  const remaining = Math.max(0, maxCount - urls.length - uploads.items.length);
  const inactive = disabled || readonly;
  const name = label || '图片';

  const pickFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length === 0) return;
    if (files.length > remaining) return setNotice(UPLOAD_TEXTS.tooMany(maxCount));
    const refused = files.map((file) => checkImageFile(file, maxBytes)).find(Boolean);
    if (refused) return setNotice(refused);
    setNotice(null);
    uploads.add(files.map(fileJob));
  };

  const saveCamera = (photos: CameraPhoto[]) => {
    setCameraOpen(false);
    setNotice(null);
    const first = urls.length + uploads.items.length + 1;
    uploads.add(photos.map((photo, index) => cameraPhotoJob(photo, first + index, maxBytes)));
  };

  const remove = (index: number) => {
    latest.current = urls.filter((_, i) => i !== index);
    onChange(latest.current.length ? latest.current : undefined);
    setNotice(null);
  };

  return (
    <div
      id={id}
      className="tm-photos"
      role="group"
      aria-label={name}
      aria-describedby={ariaDescribedByIds(id)}
      aria-invalid={rawErrors?.length ? true : undefined}
    >
      {urls.length > 0 ? <UploadedPhotos urls={urls} name={name} inactive={inactive} onRemove={remove} /> : null}
      <PhotoUploadList items={uploads.items} onRetry={uploads.retry} onDismiss={uploads.dismiss} />
      {inactive ? null : (
        <PhotoActions
          name={name}
          count={urls.length}
          maxCount={maxCount}
          cameraButton={cameraButton}
          onCamera={() => (remaining > 0 ? setCameraOpen(true) : setNotice(UPLOAD_TEXTS.tooMany(maxCount)))}
          onChoose={(openPicker) => (remaining > 0 ? openPicker() : setNotice(UPLOAD_TEXTS.tooMany(maxCount)))}
          onFiles={pickFiles}
        />
      )}
      <p className="tm-photos__notice" role="alert">
        {notice ?? ''}
      </p>
      {cameraOpen ? (
        <Suspense fallback={null}>
          <DocumentCameraDialog
            serviceUrl={region.documentCameraUrl ?? DEFAULT_CAMERA_SERVICE_URL}
            remaining={remaining}
            maxCount={maxCount}
            onSave={saveCamera}
            onClose={() => setCameraOpen(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

interface PhotoActionsProps {
  name: string;
  count: number;
  maxCount: number;
  /** 高拍仪拍照, where focus returns when the camera dialog closes. */
  cameraButton: RefObject<HTMLButtonElement>;
  onCamera: () => void;
  /** 选择图片: `openPicker` opens the hidden file input's picker. */
  onChoose: (openPicker: () => void) => void;
  onFiles: (event: ChangeEvent<HTMLInputElement>) => void;
}

/** 高拍仪拍照, 选择图片 (a hidden file input behind it) and the count of photos against the limit. */
function PhotoActions({ name, count, maxCount, cameraButton, onCamera, onChoose, onFiles }: PhotoActionsProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <div className="tm-photos__actions">
      <button ref={cameraButton} type="button" className="tm-photos__button tm-photos__button--primary" aria-haspopup="dialog" onClick={onCamera}>
        高拍仪拍照
      </button>
      <button type="button" className="tm-photos__button" onClick={() => onChoose(() => fileInput.current?.click())}>
        选择图片
      </button>
      <input ref={fileInput} type="file" accept=".png,.jpg,.jpeg,image/png,image/jpeg" multiple hidden onChange={onFiles} aria-label={`选择${name}文件`} />
      <span className="tm-photos__count">
        已添加 {count} / {maxCount} 张
      </span>
    </div>
  );
}
