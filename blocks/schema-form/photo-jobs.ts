import type { CameraPhoto } from '../../machines/document-camera.js';
import { photoBlob } from '../_parts/photo-image.js';
import type { PhotoUploadJob } from '../_parts/photo-uploads.js';

/** The upload of a chosen file, named as it is. */
export function fileJob(file: File): PhotoUploadJob {
  return { label: file.name, fileName: file.name, preview: URL.createObjectURL(file), file: async () => file };
}

/** The upload of a document camera photo, the `number`th picture of the field (照片 N, 高拍仪照片N.jpg). */
export function cameraPhotoJob(photo: CameraPhoto, number: number, maxBytes: number): PhotoUploadJob {
  const extension = photo.mime === 'image/png' ? 'png' : 'jpg';
  return {
    label: `照片 ${number}`,
    fileName: `高拍仪照片${number}.${extension}`,
    preview: `data:${photo.mime};base64,${photo.image}`,
    rotation: photo.rotation,
    file: () => photoBlob(photo, maxBytes),
  };
}
