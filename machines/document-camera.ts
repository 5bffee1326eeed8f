/**
 * The document camera (高拍仪) dialog (spec §2 "Personal centre and dialogs", §5, §8): it connects to the local camera
 * service, streams video, captures, rotates, keeps the photos taken, and saves them (at least one).
 *
 * The service speaks `camera-protocol.ts` over a local WebSocket; the socket is a callback actor the machine owns
 * (`socket-actor.ts`).
 * Messages to the user go out through the provided `notify` action with the spec's exact texts
 * ({@link CAMERA_MESSAGES}); the saved photos go out as an emitted `saved` event and as the final state's output.
 */
import { assign, emit, sendTo, setup } from 'xstate';
import type { MessageKind } from './ports.js';
import {
  addRotation,
  DEFAULT_CAMERA_SERVICE_URL,
  parseCameraEvent,
  type CameraCommand,
  type CameraErrorCode,
  type CameraImage,
  type Rotation,
} from './camera-protocol.js';
import { webSocketActor, type SocketConstructor } from './socket-actor.js';

/** The spec's texts (§5, §8), copied exactly. */
export const CAMERA_MESSAGES = {
  /** Save without a photo. */
  needPhoto: '请先拍照再保存！',
  /** The device is not connected, or dropped. */
  deviceDisconnected: '高拍仪设备已断开',
  /** The local service cannot be reached at all: the plugin is missing or stopped. */
  pluginMissing: '您是否已安装高拍仪插件，如果没安装请安装插件；如果已安装请重启高拍仪并刷新页面后重试',
} as const;

/** What `notify` is given. */
export interface CameraNotice {
  kind: MessageKind;
  text: string;
}

/** A photo taken in this dialog. `rotation` is the user's turn on top of the picture as captured. */
export interface CameraPhoto extends CameraImage {
  id: number;
  rotation: Rotation;
}

/**
 * A photo's picture as a data URL, for an `<img>` or an upload.
 *
 * @example photoDataUrl({ image: 'iVBOR…', mime: 'image/png', … }) // → 'data:image/png;base64,iVBOR…'
 */
export function photoDataUrl(photo: Pick<CameraImage, 'image' | 'mime'>): string {
  return `data:${photo.mime};base64,${photo.image}`;
}

export interface DocumentCameraInput {
  /** The local service's address; default `ws://127.0.0.1:9000`. */
  url?: string;
}

export interface DocumentCameraContext {
  url: string;
  /** The device's name once opened. */
  device: string | null;
  /** The latest video frame while streaming; null otherwise. */
  frame: CameraImage | null;
  /** The camera picture's rotation as the service last reported it. */
  viewRotation: Rotation;
  photos: CameraPhoto[];
  nextPhotoId: number;
}

/** What the service actor reports: one event per service message, plus the socket's own fate. */
export type CameraServiceActorEvent =
  | { type: 'SERVICE.CONNECTED' }
  /** The socket failed before it ever opened: nothing listens on the port. */
  | { type: 'SERVICE.UNREACHABLE' }
  /** The socket closed after it opened: the service went away. */
  | { type: 'SERVICE.LOST' }
  | { type: 'DEVICE.OPENED'; name: string }
  | { type: 'DEVICE.FRAME'; frame: CameraImage }
  | { type: 'DEVICE.CAPTURED'; photo: CameraImage }
  | { type: 'DEVICE.ROTATED'; degrees: Rotation }
  /** The device dropped (`disconnected`), or the service closed it on its own (`closed`). */
  | { type: 'DEVICE.DISCONNECTED' }
  | { type: 'DEVICE.ERROR'; code: CameraErrorCode; message: string };

export type DocumentCameraEvent =
  | CameraServiceActorEvent
  | { type: 'CONNECT' }
  | { type: 'DISCONNECT' }
  | { type: 'CAPTURE' }
  /** Turn the camera's picture (video and later captures). */
  | { type: 'ROTATE'; degrees?: 90 | -90 }
  /** Turn one photo already taken. */
  | { type: 'ROTATE_PHOTO'; id: number; degrees?: 90 | -90 }
  | { type: 'REMOVE_PHOTO'; id: number }
  | { type: 'SAVE' };

export type DocumentCameraEmitted = { type: 'saved'; photos: CameraPhoto[] };

/**
 * The local service's socket as a callback actor: reports the service's messages as machine events, sends commands,
 * and on stop asks the service to release the device before closing.
 *
 * @example documentCameraMachine.provide({ actors: { cameraService: cameraServiceActor(WebSocket) } })
 */
export function cameraServiceActor(WebSocketImpl?: SocketConstructor) {
  return webSocketActor<{ type: 'SEND'; command: CameraCommand }, CameraServiceActorEvent>(WebSocketImpl, (report) => {
    let opened = false;
    const end = () => report({ type: opened ? 'SERVICE.LOST' : 'SERVICE.UNREACHABLE' });
    return {
      unavailable: () => report({ type: 'SERVICE.UNREACHABLE' }),
      open: () => {
        opened = true;
        report({ type: 'SERVICE.CONNECTED' });
      },
      message: (text) => {
        const message = parseCameraEvent(text);
        if (!message) return;
        switch (message.event) {
          case 'opened':
            return report({ type: 'DEVICE.OPENED', name: message.device.name });
          case 'frame':
          case 'captured': {
            const { event: kind, ...image } = message;
            return report(kind === 'frame' ? { type: 'DEVICE.FRAME', frame: image } : { type: 'DEVICE.CAPTURED', photo: image });
          }
          case 'rotated':
            return report({ type: 'DEVICE.ROTATED', degrees: message.degrees });
          // We only send `close` on the way out, so a `closed` that arrives is the service's own doing.
          case 'closed':
          case 'disconnected':
            return report({ type: 'DEVICE.DISCONNECTED' });
          case 'error':
            return report({ type: 'DEVICE.ERROR', code: message.code, message: message.message });
        }
      },
      close: end,
      error: end,
      send: ({ command }) => [JSON.stringify(command)],
      farewell: JSON.stringify({ cmd: 'close' } satisfies CameraCommand),
    };
  });
}

const lost = { type: 'notify', params: { kind: 'error', text: CAMERA_MESSAGES.deviceDisconnected } } as const;

/**
 * The document camera machine.
 *
 * States (under `active`): `disconnected` → (CONNECT) `online.connecting` → `online.session.opening` →
 * `online.session.streaming` ⇄ `online.session.capturing`; back to `disconnected` on DISCONNECT or any failure (with
 * its message). SAVE with a photo → `saved` (final, output `{ photos }`).
 *
 * @example
 * const camera = createActor(documentCameraMachine.provide({
 *   actors: { cameraService: cameraServiceActor(WebSocket) },
 *   actions: { notify: (_, { kind, text }) => notifier.message(kind, text) },
 * }), { input: {} }).start();
 * camera.on('saved', ({ photos }) => upload(photos));
 * camera.send({ type: 'CONNECT' });
 */
export const documentCameraMachine = setup({
  types: {
    context: {} as DocumentCameraContext,
    events: {} as DocumentCameraEvent,
    input: {} as DocumentCameraInput,
    emitted: {} as DocumentCameraEmitted,
    output: {} as { photos: CameraPhoto[] },
  },
  actors: {
    cameraService: cameraServiceActor(),
  },
  guards: {
    hasPhotos: ({ context }) => context.photos.length > 0,
  },
  actions: {
    /** The caller shows the message (Semi Toast in the browser). */
    notify: (_, _notice: CameraNotice) => {},
    openDevice: sendTo('cameraService', { type: 'SEND' as const, command: { cmd: 'open' } as CameraCommand }),
    capture: sendTo('cameraService', { type: 'SEND' as const, command: { cmd: 'capture' } as CameraCommand }),
    rotateView: sendTo('cameraService', ({ event }) => ({
      type: 'SEND' as const,
      command: { cmd: 'rotate', degrees: event.type === 'ROTATE' ? (event.degrees ?? 90) : 90 } as CameraCommand,
    })),
    setDevice: assign({ device: ({ event }) => (event.type === 'DEVICE.OPENED' ? event.name : null) }),
    setFrame: assign({ frame: ({ context, event }) => (event.type === 'DEVICE.FRAME' ? event.frame : context.frame) }),
    setViewRotation: assign({
      viewRotation: ({ context, event }) => (event.type === 'DEVICE.ROTATED' ? event.degrees : context.viewRotation),
    }),
    clearDevice: assign({ device: null, frame: null }),
    addPhoto: assign(({ context, event }) => {
      if (event.type !== 'DEVICE.CAPTURED') return {};
      return {
        photos: [...context.photos, { ...event.photo, id: context.nextPhotoId, rotation: 0 as Rotation }],
        nextPhotoId: context.nextPhotoId + 1,
      };
    }),
    rotatePhoto: assign({
      photos: ({ context, event }) =>
        event.type === 'ROTATE_PHOTO'
          ? context.photos.map((p) => (p.id === event.id ? { ...p, rotation: addRotation(p.rotation, event.degrees ?? 90) } : p))
          : context.photos,
    }),
    removePhoto: assign({
      photos: ({ context, event }) => (event.type === 'REMOVE_PHOTO' ? context.photos.filter((p) => p.id !== event.id) : context.photos),
    }),
    emitSaved: emit(({ context }) => ({ type: 'saved' as const, photos: context.photos })),
  },
}).createMachine({
  id: 'documentCamera',
  context: ({ input }) => ({
    url: input.url ?? DEFAULT_CAMERA_SERVICE_URL,
    device: null,
    frame: null,
    viewRotation: 0,
    photos: [],
    nextPhotoId: 1,
  }),
  initial: 'active',
  states: {
    /** The dialog is in use; photos outlive a dropped device. */
    active: {
      initial: 'disconnected',
      on: {
        ROTATE_PHOTO: { actions: 'rotatePhoto' },
        REMOVE_PHOTO: { actions: 'removePhoto' },
        SAVE: [
          { guard: 'hasPhotos', target: '#documentCamera.saved', actions: 'emitSaved' },
          { actions: { type: 'notify', params: { kind: 'warning', text: CAMERA_MESSAGES.needPhoto } } },
        ],
      },
      states: {
        disconnected: {
          entry: 'clearDevice',
          on: { CONNECT: { target: 'online' } },
        },
        online: {
          invoke: { id: 'cameraService', src: 'cameraService', input: ({ context }) => ({ url: context.url }) },
          initial: 'connecting',
          on: {
            DISCONNECT: { target: 'disconnected' },
          },
          states: {
            /** Reaching the local service. */
            connecting: {
              on: {
                'SERVICE.CONNECTED': { target: 'session' },
                'SERVICE.UNREACHABLE': {
                  target: '#documentCamera.active.disconnected',
                  actions: { type: 'notify', params: { kind: 'error', text: CAMERA_MESSAGES.pluginMissing } },
                },
              },
            },
            /** The service answers. */
            session: {
              initial: 'opening',
              on: {
                'SERVICE.LOST': { target: '#documentCamera.active.disconnected', actions: lost },
                'DEVICE.DISCONNECTED': { target: '#documentCamera.active.disconnected', actions: lost },
                'DEVICE.FRAME': { actions: 'setFrame' },
                'DEVICE.ROTATED': { actions: 'setViewRotation' },
              },
              states: {
                /** Asking the service to open the device. */
                opening: {
                  entry: 'openDevice',
                  on: {
                    'DEVICE.OPENED': { target: 'streaming', actions: 'setDevice' },
                    'DEVICE.ERROR': { target: '#documentCamera.active.disconnected', actions: lost },
                  },
                },
                /** The device is open and video frames arrive. */
                streaming: {
                  on: {
                    CAPTURE: { target: 'capturing' },
                    ROTATE: { actions: 'rotateView' },
                  },
                },
                capturing: {
                  entry: 'capture',
                  on: {
                    'DEVICE.CAPTURED': { target: 'streaming', actions: 'addPhoto' },
                    // The plugin's own message: the spec has no text for a failed capture.
                    'DEVICE.ERROR': {
                      target: 'streaming',
                      actions: { type: 'notify', params: ({ event }) => ({ kind: 'error', text: event.message }) },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    /** Saved: the dialog closes; the photos are the output. */
    saved: {
      type: 'final',
    },
  },
  output: ({ context }) => ({ photos: context.photos }),
});

export type DocumentCameraMachine = typeof documentCameraMachine;
