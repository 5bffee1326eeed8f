import { photoDataUrl, type CameraPhoto } from '../../../machines/document-camera.js';

/** The photos taken, each shown turned as the person turned it, with 旋转 and 删除. */
export function CameraPhotos({
  titleId,
  photos,
  remaining,
  onRotate,
  onRemove,
}: {
  titleId: string;
  photos: readonly CameraPhoto[];
  remaining: number;
  onRotate: (id: number) => void;
  onRemove: (id: number) => void;
}) {
  return (
    <>
      <h3 className="tm-camera__photos-title" id={titleId}>
        已拍照片（{photos.length}）<span className="tm-camera__limit">还可拍 {Math.max(0, remaining - photos.length)} 张</span>
      </h3>
      {photos.length === 0 ? (
        <p className="tm-camera__empty">尚未拍照：将材料放在高拍仪下，按“拍照”。</p>
      ) : (
        <ul className="tm-camera__photos" aria-labelledby={titleId}>
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
                <button type="button" className="tm-photo-button" aria-label={`向右旋转照片 ${index + 1}`} onClick={() => onRotate(photo.id)}>
                  旋转
                </button>
                <button
                  type="button"
                  className="tm-photo-button tm-photo-button--danger"
                  aria-label={`删除照片 ${index + 1}`}
                  onClick={() => onRemove(photo.id)}
                >
                  删除
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
