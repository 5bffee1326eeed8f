import type { Ref } from 'react';
import { photoDataUrl } from '../../../machines/document-camera.js';
import type { CameraPhase } from './useDocumentCamera.js';

/**
 * The live picture (or 未连接高拍仪 with 重新连接, or the spinner while connecting) and the tools 左转, 右转, 拍照,
 * which say "unavailable" (aria-disabled, still focusable) until the camera streams.
 */
export function CameraStage({
  phase,
  status,
  frame,
  captureRef,
  reconnectRef,
  onReconnect,
  onRotate,
  onCapture,
}: {
  phase: CameraPhase;
  status: string;
  /** The latest video frame (the machine's context.frame). */
  frame: Parameters<typeof photoDataUrl>[0] | null;
  captureRef: Ref<HTMLButtonElement>;
  reconnectRef: Ref<HTMLButtonElement>;
  onReconnect: () => void;
  onRotate: (degrees: 90 | -90) => void;
  onCapture: () => void;
}) {
  const live = phase === 'streaming' || phase === 'capturing';
  return (
    <div className="tm-camera__stage">
      <div className="tm-camera__preview" aria-busy={phase === 'connecting' || phase === 'opening'}>
        {frame && live ? (
          <img src={photoDataUrl(frame)} alt="高拍仪实时画面" />
        ) : phase === 'disconnected' ? (
          <div className="tm-camera__placeholder">
            <span>未连接高拍仪</span>
            <button ref={reconnectRef} type="button" className="tm-button" onClick={onReconnect}>
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
        <button type="button" className="tm-camera__tool" aria-disabled={!live} onClick={() => live && onRotate(-90)}>
          <span aria-hidden="true">⟲</span> 左转
        </button>
        <button type="button" className="tm-camera__tool" aria-disabled={!live} onClick={() => live && onRotate(90)}>
          <span aria-hidden="true">⟳</span> 右转
        </button>
        <button ref={captureRef} type="button" className="tm-camera__tool tm-camera__tool--primary" aria-disabled={!live} onClick={onCapture}>
          {phase === 'capturing' ? '正在拍照…' : '拍照'}
        </button>
      </div>
    </div>
  );
}
