import { useEffect, useId, useRef } from 'react';
import { UPLOAD_TEXTS } from '../../../engine/http/index.js';
import type { CameraPhoto } from '../../../machines/document-camera.js';
import { CameraPhotos } from './CameraPhotos.js';
import { CameraStage } from './CameraStage.js';
import { useDocumentCamera } from './useDocumentCamera.js';
import { ModalDialog } from '../modal-dialog.js';
import '../password-reset.css';
import './document-camera.css';

export interface DocumentCameraDialogProps {
  /** The local camera service (the region's `documentCameraUrl`). */
  serviceUrl: string;
  /** How many more photos the field takes. */
  remaining: number;
  /** The field's limit, for 上传文件数量不能超过 N 个!. */
  maxCount: number;
  /** 保存 with at least one photo: the photos taken, each with the turn the person gave it. */
  onSave: (photos: CameraPhoto[]) => void;
  /** 取消, Esc, or after a save. */
  onClose: () => void;
}

/**
 * The document camera (高拍仪) dialog (spec §2, §5, §8): runs the document-camera machine against the local camera
 * service — live video, 拍照, 左转/右转 of the camera's picture, the photos taken (each can be turned or deleted),
 * 保存 (at least one photo, else 请先拍照再保存！) and 取消. The machine's messages (高拍仪设备已断开, the plugin
 * message) show inside the dialog, where a person looking at it reads them and a screen reader hears them.
 * A native modal <dialog> like the portal's other dialogs: focus stays inside, Esc cancels.
 */
export function DocumentCameraDialog({ serviceUrl, remaining, maxCount, onSave, onClose }: DocumentCameraDialogProps) {
  const ids = useId();
  const captureRef = useRef<HTMLButtonElement>(null);
  const { phase, frame, device, photos, notice, setNotice, send } = useDocumentCamera(serviceUrl, onSave);
  // 拍照 is where a person starts (the dialog frame's effect has opened it by now); it says "unavailable" until the
  // camera streams.
  useEffect(() => captureRef.current?.focus(), []);
  // When the camera is lost the tools do nothing: focus moves from them to 重新连接.
  const reconnectRef = useRef<HTMLButtonElement>(null);
  const previousPhase = useRef(phase);
  useEffect(() => {
    const lost = phase === 'disconnected' && previousPhase.current !== 'disconnected';
    previousPhase.current = phase;
    if (lost && document.activeElement?.closest('.tm-camera__tools')) reconnectRef.current?.focus();
  }, [phase]);

  const live = phase === 'streaming' || phase === 'capturing';
  const save = () => {
    if (photos.length > remaining) {
      setNotice({ kind: 'warning', text: UPLOAD_TEXTS.tooMany(maxCount) });
      return;
    }
    send({ type: 'SAVE' });
  };
  const capture = () => {
    if (!live) return;
    if (photos.length >= remaining) {
      setNotice({ kind: 'warning', text: UPLOAD_TEXTS.tooMany(maxCount) });
      return;
    }
    send({ type: 'CAPTURE' });
  };
  const remove = (id: number) => {
    send({ type: 'REMOVE_PHOTO', id });
    captureRef.current?.focus();
  };

  const status = phase === 'connecting' ? '正在连接高拍仪…' : phase === 'opening' ? '正在打开高拍仪…' : live ? `已连接：${device || '高拍仪'}` : '高拍仪未连接';

  return (
    <ModalDialog title="高拍仪拍照" className="tm-camera" describedBy={`${ids}-status`} onCancel={onClose}>
      <div className="tm-dialog__body">
        <p id={`${ids}-status`} className={`tm-camera__status tm-camera__status--${live ? 'live' : phase}`} role="status">
          {status}
        </p>
        <p className={`tm-camera__notice${notice ? ` tm-camera__notice--${notice.kind}` : ''}`} role="alert">
          {notice?.text ?? ''}
        </p>
        <CameraStage
          phase={phase}
          status={status}
          frame={frame}
          captureRef={captureRef}
          reconnectRef={reconnectRef}
          onReconnect={() => send({ type: 'CONNECT' })}
          onRotate={(degrees) => send({ type: 'ROTATE', degrees })}
          onCapture={capture}
        />
        <CameraPhotos
          titleId={`${ids}-photos`}
          photos={photos}
          remaining={remaining}
          onRotate={(id) => send({ type: 'ROTATE_PHOTO', id, degrees: 90 })}
          onRemove={remove}
        />
        <div className="tm-dialog__actions">
          <button type="button" className="tm-button tm-button--plain" onClick={onClose}>
            取消
          </button>
          <button type="button" className="tm-button" onClick={save}>
            保存
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
