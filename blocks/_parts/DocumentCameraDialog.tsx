import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { UPLOAD_TEXTS } from '../../engine/http/index.js';
import { documentCameraMachine, photoDataUrl, type CameraNotice, type CameraPhoto, type DocumentCameraEvent } from '../../machines/document-camera.js';
import { ModalDialog } from './modal-dialog.js';
import './password-reset.css';
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

type Phase = 'disconnected' | 'connecting' | 'opening' | 'streaming' | 'capturing' | 'saved';

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
  const [notice, setNotice] = useState<CameraNotice | null>(null);
  const machine = useMemo(() => documentCameraMachine.provide({ actions: { notify: (_, n) => setNotice(n) } }), []);
  const actor = useActorRef(machine, { input: { url: serviceUrl } });
  const phase = useSelector(actor, (s): Phase => {
    if (s.status === 'done') return 'saved';
    if (s.matches({ active: 'disconnected' })) return 'disconnected';
    if (s.matches({ active: { online: 'connecting' } })) return 'connecting';
    if (s.matches({ active: { online: { session: 'opening' } } })) return 'opening';
    if (s.matches({ active: { online: { session: 'capturing' } } })) return 'capturing';
    return 'streaming';
  });
  const frame = useSelector(actor, (s) => s.context.frame);
  const device = useSelector(actor, (s) => s.context.device);
  const photos = useSelector(actor, (s) => s.context.photos);

  const send = (event: DocumentCameraEvent) => {
    setNotice(null);
    actor.send(event);
  };

  // Connecting before the first paint: the dialog opens saying 正在连接高拍仪…, not 未连接 for a frame.
  useLayoutEffect(() => {
    const subscription = actor.on('saved', ({ photos: saved }) => onSave(saved));
    actor.send({ type: 'CONNECT' });
    return () => subscription.unsubscribe();
    // The actor lives as long as the dialog; onSave is read once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor]);
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
        <div className="tm-camera__stage">
          <div className="tm-camera__preview" aria-busy={phase === 'connecting' || phase === 'opening'}>
            {frame && live ? (
              <img src={photoDataUrl(frame)} alt="高拍仪实时画面" />
            ) : phase === 'disconnected' ? (
              <div className="tm-camera__placeholder">
                <span>未连接高拍仪</span>
                <button ref={reconnectRef} type="button" className="tm-button" onClick={() => send({ type: 'CONNECT' })}>
                  重新连接
                </button>
              </div>
            ) : (
              <div className="tm-camera__placeholder">
                <span className="tm-spinner" aria-hidden="true" />
                <span>{status}</span>
              </div>
            )}
          </div>
          <div className="tm-camera__tools" role="group" aria-label="拍摄">
            <button type="button" className="tm-camera__tool" aria-disabled={!live} onClick={() => live && send({ type: 'ROTATE', degrees: -90 })}>
              <span aria-hidden="true">⟲</span> 左转
            </button>
            <button type="button" className="tm-camera__tool" aria-disabled={!live} onClick={() => live && send({ type: 'ROTATE', degrees: 90 })}>
              <span aria-hidden="true">⟳</span> 右转
            </button>
            <button ref={captureRef} type="button" className="tm-camera__tool tm-camera__tool--primary" aria-disabled={!live} onClick={capture}>
              {phase === 'capturing' ? '正在拍照…' : '拍照'}
            </button>
          </div>
        </div>
        <h3 className="tm-camera__photos-title" id={`${ids}-photos`}>
          已拍照片（{photos.length}）<span className="tm-camera__limit">还可拍 {Math.max(0, remaining - photos.length)} 张</span>
        </h3>
        {photos.length === 0 ? (
          <p className="tm-camera__empty">尚未拍照：将材料放在高拍仪下，按“拍照”。</p>
        ) : (
          <ul className="tm-camera__photos" aria-labelledby={`${ids}-photos`}>
            {photos.map((photo, index) => (
              <li key={photo.id} className="tm-camera__photo">
                <span className="tm-camera__thumb">
                  <img
                    src={photoDataUrl(photo)}
                    alt={`照片 ${index + 1}${photo.rotation ? `（已旋转 ${photo.rotation}°）` : ''}`}
                    style={{ transform: `rotate(${photo.rotation}deg)` }}
                  />
                </span>
                <span className="tm-camera__photo-actions">
                  <button
                    type="button"
                    className="tm-photo-button"
                    aria-label={`向右旋转照片 ${index + 1}`}
                    onClick={() => send({ type: 'ROTATE_PHOTO', id: photo.id, degrees: 90 })}
                  >
                    旋转
                  </button>
                  <button
                    type="button"
                    className="tm-photo-button tm-photo-button--danger"
                    aria-label={`删除照片 ${index + 1}`}
                    onClick={() => remove(photo.id)}
                  >
                    删除
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
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
