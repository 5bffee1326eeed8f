/**
 * The local document-camera (高拍仪) service's protocol: JSON text frames over a WebSocket on the user's own machine
 * (default `ws://127.0.0.1:9000`). The portal is the client; the vendor plugin, or `scripts/camera-simulator.ts`, is
 * the service.
 *
 * Client → service ({@link CameraCommand}):
 * - `{ "cmd": "open" }` — open the device and start the video stream → `opened`, then `frame` pushes.
 * - `{ "cmd": "capture" }` → `captured` with the photo.
 * - `{ "cmd": "rotate", "degrees": 90 }` — turn the camera's picture (video and later captures) → `rotated`.
 * - `{ "cmd": "close" }` — stop the stream and release the device → `closed`.
 *
 * Service → client ({@link CameraServiceEvent}):
 * - `{ "event": "opened", "device": { "name": "…" } }`
 * - `{ "event": "frame", "image": <base64>, "mime": "image/png", "width", "height" }` — pushed while streaming.
 * - `{ "event": "captured", "image": <base64>, "mime", "width", "height" }`
 * - `{ "event": "rotated", "degrees": 0 | 90 | 180 | 270 }` — the picture's rotation now.
 * - `{ "event": "closed" }`
 * - `{ "event": "disconnected" }` — the device was unplugged or stopped answering.
 * - `{ "event": "error", "code": "NO_DEVICE" | "NOT_OPEN" | "CAPTURE_FAILED" | "BAD_COMMAND", "message": "…" }`
 */

/** Where the service listens unless the deployment says otherwise. */
export const DEFAULT_CAMERA_SERVICE_URL = 'ws://127.0.0.1:9000';

/** Rotation of a picture, clockwise. */
export type Rotation = 0 | 90 | 180 | 270;

/** The image types the service sends (the portal's uploads accept png/jpg/jpeg). */
export type CameraImageMime = 'image/png' | 'image/jpeg';

export type CameraCommand = { cmd: 'open' } | { cmd: 'capture' } | { cmd: 'rotate'; degrees: 90 | -90 | 180 } | { cmd: 'close' };

export type CameraErrorCode = 'NO_DEVICE' | 'NOT_OPEN' | 'CAPTURE_FAILED' | 'BAD_COMMAND';

/** One picture from the device: base64 without a `data:` prefix. */
export interface CameraImage {
  image: string;
  mime: CameraImageMime;
  width: number;
  height: number;
}

export type CameraServiceEvent =
  | { event: 'opened'; device: { name: string } }
  | ({ event: 'frame' } & CameraImage)
  | ({ event: 'captured' } & CameraImage)
  | { event: 'rotated'; degrees: Rotation }
  | { event: 'closed' }
  | { event: 'disconnected' }
  | { event: 'error'; code: CameraErrorCode; message: string };

const ROTATIONS: readonly number[] = [0, 90, 180, 270];
const MIMES: readonly string[] = ['image/png', 'image/jpeg'];
const ERROR_CODES: readonly string[] = ['NO_DEVICE', 'NOT_OPEN', 'CAPTURE_FAILED', 'BAD_COMMAND'];

function parseObject(text: unknown): Record<string, unknown> | null {
  if (typeof text !== 'string') return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function isImage(value: Record<string, unknown>): boolean {
  return (
    typeof value.image === 'string' &&
    value.image.length > 0 &&
    MIMES.includes(value.mime as string) &&
    Number.isInteger(value.width) &&
    Number.isInteger(value.height)
  );
}

/**
 * Reads one frame from the service; anything malformed gives null (the machine ignores it).
 *
 * @example parseCameraEvent('{"event":"disconnected"}') // → { event: 'disconnected' }
 */
export function parseCameraEvent(text: unknown): CameraServiceEvent | null {
  const value = parseObject(text);
  if (!value) return null;
  switch (value.event) {
    case 'opened': {
      const device = value.device as { name?: unknown } | undefined;
      return { event: 'opened', device: { name: typeof device?.name === 'string' ? device.name : '' } };
    }
    case 'frame':
    case 'captured':
      return isImage(value)
        ? {
            event: value.event,
            image: value.image as string,
            mime: value.mime as CameraImageMime,
            width: value.width as number,
            height: value.height as number,
          }
        : null;
    case 'rotated':
      return ROTATIONS.includes(value.degrees as number) ? { event: 'rotated', degrees: value.degrees as Rotation } : null;
    case 'closed':
    case 'disconnected':
      return { event: value.event };
    case 'error':
      return ERROR_CODES.includes(value.code as string)
        ? { event: 'error', code: value.code as CameraErrorCode, message: typeof value.message === 'string' ? value.message : '' }
        : null;
    default:
      return null;
  }
}

/**
 * Reads one command (the service side: the simulator).
 *
 * @example parseCameraCommand('{"cmd":"rotate","degrees":90}') // → { cmd: 'rotate', degrees: 90 }
 */
export function parseCameraCommand(text: unknown): CameraCommand | null {
  const value = parseObject(text);
  if (!value) return null;
  switch (value.cmd) {
    case 'open':
    case 'capture':
    case 'close':
      return { cmd: value.cmd };
    case 'rotate':
      return value.degrees === 90 || value.degrees === -90 || value.degrees === 180 ? { cmd: 'rotate', degrees: value.degrees } : null;
    default:
      return null;
  }
}

/**
 * A rotation turned by more degrees, clockwise.
 *
 * @example addRotation(270, 180) // → 90
 */
export function addRotation(rotation: Rotation, degrees: number): Rotation {
  return ((((rotation + degrees) % 360) + 360) % 360) as Rotation;
}
