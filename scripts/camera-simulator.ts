/**
 * A simulator of the local document-camera (高拍仪) service, speaking `machines/camera-protocol.ts`: for development
 * without the device and for the document-camera machine's tests.
 *
 *   npx tsx scripts/camera-simulator.ts [--port 9000] [--host 127.0.0.1] [--fps 5]
 *
 * Pictures are small generated PNGs: a colour that changes with every capture and a dark corner mark that shows the
 * rotation.
 */
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { PNG } from 'pngjs';
import { WebSocketServer, type WebSocket } from 'ws';
import { addRotation, parseCameraCommand, type CameraCommand, type CameraImage, type CameraServiceEvent, type Rotation } from '../machines/camera-protocol.js';

export interface CameraSimulatorOptions {
  /** 0 picks a free port. Default 9000. */
  port?: number;
  host?: string;
  /** Video frame period while streaming. Default 200 ms. */
  frameIntervalMs?: number;
  deviceName?: string;
  /** False simulates the service running with no device plugged in. Default true. */
  devicePresent?: boolean;
}

export interface CameraSimulator {
  url: string;
  port: number;
  /** Every command received, in order, across connections. */
  received: CameraCommand[];
  /** Connections currently open. */
  connectionCount(): number;
  /** Unplugs the device: open sessions get `{ event: 'disconnected' }`, later opens get `NO_DEVICE`. */
  unplug(): void;
  plug(): void;
  /** The next captures fail with `CAPTURE_FAILED`. */
  setCaptureFails(fails: boolean): void;
  /** The next captures are full-resolution pictures of this size (a real device's megapixels); null: the small one. */
  setCaptureSize(size: { width: number; height: number } | null): void;
  /** Cuts every connection (the service crashed). */
  dropConnections(): void;
  close(): Promise<void>;
}

const WIDTH = 32;
const HEIGHT = 24;

/**
 * A PNG picture, small unless `size` is given: `seed` picks the colour; the dark mark sits in the corner the rotation
 * carries it to. A sized picture is speckled like a scanned page, so it compresses as badly as a real capture.
 */
export function simulatedImage(seed: number, rotation: Rotation, size: { width: number; height: number } = { width: WIDTH, height: HEIGHT }): CameraImage {
  const turned = rotation === 90 || rotation === 270;
  const width = turned ? size.height : size.width;
  const height = turned ? size.width : size.height;
  const png = new PNG({ width, height });
  const [r, g, b] = [(seed * 67) % 256, (seed * 131 + 80) % 256, (seed * 29 + 160) % 256];
  const side = Math.max(6, Math.round(Math.min(width, height) / 4));
  const mark = { 0: [0, 0], 90: [width - side, 0], 180: [width - side, height - side], 270: [0, height - side] }[rotation];
  const speckled = size.width !== WIDTH || size.height !== HEIGHT;
  let noise = seed;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const inMark = x >= mark[0] && x < mark[0] + side && y >= mark[1] && y < mark[1] + side;
      noise = (noise * 1103515245 + 12345) >>> 0;
      const grain = speckled ? ((noise >>> 16) % 64) - 32 : 0;
      png.data[i] = inMark ? 20 : Math.max(0, Math.min(255, r + grain));
      png.data[i + 1] = inMark ? 20 : Math.max(0, Math.min(255, g + grain));
      png.data[i + 2] = inMark ? 20 : Math.max(0, Math.min(255, b + grain));
      png.data[i + 3] = 255;
    }
  }
  return { image: PNG.sync.write(png).toString('base64'), mime: 'image/png', width, height };
}

interface Session {
  socket: WebSocket;
  open: boolean;
  timer: ReturnType<typeof setInterval> | null;
}

/**
 * Starts the simulated service.
 *
 * @example
 * const camera = await startCameraSimulator({ port: 0, frameIntervalMs: 20 });
 * // … connect a client to camera.url …
 * camera.unplug();
 * await camera.close();
 */
export async function startCameraSimulator(options: CameraSimulatorOptions = {}): Promise<CameraSimulator> {
  const frameIntervalMs = options.frameIntervalMs ?? 200;
  const deviceName = options.deviceName ?? '模拟高拍仪';
  let devicePresent = options.devicePresent ?? true;
  let captureFails = false;
  let captureSize: { width: number; height: number } | undefined;
  let rotation: Rotation = 0;
  let captures = 0;
  let frames = 0;
  const received: CameraCommand[] = [];
  const sessions = new Set<Session>();

  const wss = new WebSocketServer({ host: options.host ?? '127.0.0.1', port: options.port ?? 9000 });
  await new Promise<void>((resolve, reject) => {
    wss.once('listening', () => resolve());
    wss.once('error', reject);
  });
  const port = (wss.address() as AddressInfo).port;

  const send = (session: Session, event: CameraServiceEvent) => {
    if (session.socket.readyState === session.socket.OPEN) session.socket.send(JSON.stringify(event));
  };
  const stopStream = (session: Session) => {
    if (session.timer) clearInterval(session.timer);
    session.timer = null;
    session.open = false;
  };

  wss.on('connection', (socket) => {
    const session: Session = { socket, open: false, timer: null };
    sessions.add(session);
    socket.on('close', () => {
      stopStream(session);
      sessions.delete(session);
    });
    socket.on('message', (raw) => {
      const command = parseCameraCommand(String(raw));
      if (!command) return send(session, { event: 'error', code: 'BAD_COMMAND', message: 'unknown command' });
      received.push(command);
      switch (command.cmd) {
        case 'open':
          if (!devicePresent) return send(session, { event: 'error', code: 'NO_DEVICE', message: 'no camera device' });
          session.open = true;
          send(session, { event: 'opened', device: { name: deviceName } });
          if (!session.timer)
            session.timer = setInterval(() => send(session, { event: 'frame', ...simulatedImage(1000 + frames++, rotation) }), frameIntervalMs);
          return;
        case 'capture':
          if (!session.open) return send(session, { event: 'error', code: 'NOT_OPEN', message: 'device not open' });
          if (captureFails) return send(session, { event: 'error', code: 'CAPTURE_FAILED', message: '拍照失败' });
          return send(session, { event: 'captured', ...simulatedImage(++captures, rotation, captureSize) });
        case 'rotate':
          if (!session.open) return send(session, { event: 'error', code: 'NOT_OPEN', message: 'device not open' });
          rotation = addRotation(rotation, command.degrees);
          return send(session, { event: 'rotated', degrees: rotation });
        case 'close':
          stopStream(session);
          return send(session, { event: 'closed' });
      }
    });
  });

  return {
    url: `ws://${options.host ?? '127.0.0.1'}:${port}`,
    port,
    received,
    connectionCount: () => sessions.size,
    unplug() {
      devicePresent = false;
      for (const session of sessions) {
        if (!session.open) continue;
        stopStream(session);
        send(session, { event: 'disconnected' });
      }
    },
    plug() {
      devicePresent = true;
    },
    setCaptureSize(size) {
      captureSize = size ?? undefined;
    },
    setCaptureFails(fails) {
      captureFails = fails;
    },
    dropConnections() {
      for (const session of sessions) session.socket.terminate();
    },
    close: () =>
      new Promise((resolve) => {
        for (const session of sessions) {
          stopStream(session);
          session.socket.terminate();
        }
        wss.close(() => resolve());
      }),
  };
}

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fps = Number(argument('fps') ?? 5);
  const simulator = await startCameraSimulator({
    port: Number(argument('port') ?? 9000),
    host: argument('host') ?? '127.0.0.1',
    frameIntervalMs: Math.round(1000 / (fps > 0 ? fps : 5)),
  });
  console.log(`camera simulator listening on ${simulator.url} (Ctrl+C to stop)`);
  process.on('SIGINT', () => void simulator.close().then(() => process.exit(0)));
  process.on('SIGTERM', () => void simulator.close().then(() => process.exit(0)));
}
