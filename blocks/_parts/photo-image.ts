import { UPLOAD_LIMITS } from '../../engine/http/index.js';
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
 * How a photo over the upload limit is made smaller, step by step, until it fits: JPEG first (a document camera's
 * full-resolution PNG or fine JPEG is often several MB), then fewer pixels. A page of text stays legible at a third
 * of a 10-megapixel capture.
 */
export const SHRINK_STEPS: ReadonlyArray<{ scale: number; quality: number }> = [
  { scale: 1, quality: 0.85 },
  { scale: 1, quality: 0.7 },
  { scale: 0.75, quality: 0.8 },
  { scale: 0.5, quality: 0.8 },
  { scale: 0.35, quality: 0.75 },
];

/**
 * The file to upload for a photo taken with the document camera: the picture as captured, or, when the person turned
 * it in the dialog, redrawn turned on a canvas (PNG stays PNG; JPEG at quality 0.92). The device itself already turns
 * the pictures it captures after a 左转/右转 of the camera view. A photo over `maxBytes` is shrunk by
 * {@link SHRINK_STEPS}: the person cannot choose a smaller camera picture, so the portal must not refuse it.
 */
export async function photoBlob(photo: Pick<CameraPhoto, 'image' | 'mime' | 'rotation'>, maxBytes: number = UPLOAD_LIMITS.maxBytes): Promise<Blob> {
  const original = base64Blob(photo.image, photo.mime);
  if (photo.rotation === 0 && original.size <= maxBytes) return original;
  const picture = new Image();
  picture.src = photoDataUrl(photo);
  await picture.decode();
  const draw = (scale: number) => turnedCanvas(picture, picture.naturalWidth, picture.naturalHeight, photo.rotation, scale);
  if (photo.rotation !== 0) {
    const turned = await encode(draw(1), photo.mime, 0.92);
    if (turned.size <= maxBytes) return turned;
  }
  let smaller = original;
  for (const step of SHRINK_STEPS) {
    smaller = await encode(draw(step.scale), 'image/jpeg', step.quality);
    if (smaller.size <= maxBytes) return smaller;
  }
  // Still over: the upload refuses it with the size message, and the person can retake it.
  return smaller;
}

/** The name to send a picture under, its extension following the bytes (a shrunk PNG photo is a JPEG). */
export function fileNameFor(fileName: string, mime: string): string {
  if (mime === 'image/jpeg') return fileName.replace(/\.png$/i, '.jpg');
  if (mime === 'image/png') return fileName.replace(/\.jpe?g$/i, '.png');
  return fileName;
}

function encode(canvas: HTMLCanvasElement, mime: string, quality: number): Promise<Blob> {
  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas.toBlob gave nothing'))), mime, quality),
  );
}

function turnedCanvas(picture: CanvasImageSource, width: number, height: number, rotation: Rotation, scale = 1): HTMLCanvasElement {
  const sideways = rotation === 90 || rotation === 270;
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round((sideways ? height : width) * scale));
  canvas.height = Math.max(1, Math.round((sideways ? width : height) * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  // JPEG has no transparency: what was transparent becomes paper white, not black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.translate(canvas.width / 2, canvas.height / 2);
  context.rotate((rotation * Math.PI) / 180);
  context.scale(scale, scale);
  context.drawImage(picture, -width / 2, -height / 2);
  return canvas;
}
