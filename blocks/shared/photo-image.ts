import type { Rotation } from '../../machines/camera-protocol.js';
import { photoDataUrl, type CameraPhoto } from '../../machines/document-camera.js';

/** A base64 picture (no `data:` prefix) as a Blob of its type. */
export function base64Blob(base64: string, mime: string): Blob {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return new Blob([bytes], { type: mime });
}

/**
 * The file to upload for a photo taken with the document camera: the picture as captured, or, when the person turned
 * it in the dialog, redrawn turned on a canvas (PNG stays PNG; JPEG at quality 0.92). The device itself already turns
 * the pictures it captures after a 左转/右转 of the camera view.
 */
export async function photoBlob(photo: Pick<CameraPhoto, 'image' | 'mime' | 'rotation'>): Promise<Blob> {
  if (photo.rotation === 0) return base64Blob(photo.image, photo.mime);
  const picture = new Image();
  picture.src = photoDataUrl(photo);
  await picture.decode();
  const canvas = turnedCanvas(picture, picture.naturalWidth, picture.naturalHeight, photo.rotation);
  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas.toBlob gave nothing'))), photo.mime, 0.92),
  );
}

function turnedCanvas(picture: CanvasImageSource, width: number, height: number, rotation: Rotation): HTMLCanvasElement {
  const sideways = rotation === 90 || rotation === 270;
  const canvas = document.createElement('canvas');
  canvas.width = sideways ? height : width;
  canvas.height = sideways ? width : height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  context.translate(canvas.width / 2, canvas.height / 2);
  context.rotate((rotation * Math.PI) / 180);
  context.drawImage(picture, -width / 2, -height / 2);
  return canvas;
}
