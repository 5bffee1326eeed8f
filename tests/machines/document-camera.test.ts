import { afterEach, describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { WebSocket } from 'ws';
import { createActor, waitFor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { startCameraSimulator, simulatedImage, type CameraSimulator } from '../../scripts/camera-simulator.js';
import { addRotation, parseCameraCommand, parseCameraEvent, type CameraCommand, type CameraServiceEvent } from '../../machines/camera-protocol.js';
import {
  CAMERA_MESSAGES,
  cameraServiceActor,
  documentCameraMachine,
  photoDataUrl,
  type CameraNotice,
  type CameraPhoto,
  type DocumentCameraContext,
  type DocumentCameraEvent,
} from '../../machines/document-camera.js';
import { fakeSockets } from '../../machines/testing/fake-socket.js';
import { coverage, definedTransitions, edgePaths } from '../../machines/testing/model-coverage.js';

function camera(url: string) {
  const notices: CameraNotice[] = [];
  const saved: CameraPhoto[][] = [];
  const machine = documentCameraMachine.provide({
    actors: { cameraService: cameraServiceActor(WebSocket) },
    actions: { notify: (_, notice) => void notices.push(notice) },
  });
  const actor = createActor(machine, { input: { url } });
  actor.on('saved', ({ photos }) => saved.push(photos));
  actor.start();
  return { actor, notices, saved };
}

const inState = (value: unknown) => (snapshot: AnyMachineSnapshot) => snapshot.matches(value as never);
const decode = (image: string) => PNG.sync.read(Buffer.from(image, 'base64'));

describe('camera protocol', () => {
  it('reads the service messages and the commands; malformed ones give null', () => {
    const image = simulatedImage(1, 0);
    expect(parseCameraEvent(JSON.stringify({ event: 'captured', ...image }))).toEqual({ event: 'captured', ...image });
    expect(parseCameraEvent('{"event":"opened","device":{"name":"A"}}')).toEqual({
      event: 'opened',
      device: { name: 'A' },
    });
    expect(parseCameraEvent('{"event":"rotated","degrees":270}')).toEqual({ event: 'rotated', degrees: 270 });
    expect(parseCameraEvent('{"event":"rotated","degrees":45}')).toBeNull();
    expect(parseCameraEvent('{"event":"error","code":"NO_DEVICE","message":"x"}')).toEqual({
      event: 'error',
      code: 'NO_DEVICE',
      message: 'x',
    });
    expect(parseCameraEvent('{"event":"frame","image":"","mime":"image/png","width":1,"height":1}')).toBeNull();
    expect(parseCameraEvent('{"event":"frame","image":"AA","mime":"image/gif","width":1,"height":1}')).toBeNull();
    expect(parseCameraEvent('nope')).toBeNull();
    expect(parseCameraCommand('{"cmd":"rotate","degrees":-90}')).toEqual({ cmd: 'rotate', degrees: -90 });
    expect(parseCameraCommand('{"cmd":"rotate","degrees":45}')).toBeNull();
    expect(parseCameraCommand('{"cmd":"format"}')).toBeNull();
    expect(addRotation(270, 180)).toBe(90);
    expect(addRotation(0, -90)).toBe(270);
    expect(photoDataUrl(image)).toMatch(/^data:image\/png;base64,iVBOR/);
  });
});

describe('document camera against the simulated service', () => {
  let simulator: CameraSimulator | undefined;
  const actors: Array<{ stop(): void }> = [];
  afterEach(async () => {
    actors.splice(0).forEach((a) => a.stop());
    await simulator?.close();
    simulator = undefined;
  });
  async function start() {
    simulator = await startCameraSimulator({ port: 0, frameIntervalMs: 20 });
    const c = camera(simulator.url);
    actors.push(c.actor);
    return c;
  }

  it('connects, streams video, captures, rotates, keeps and edits photos, and saves them', async () => {
    const { actor, notices, saved } = await start();
    expect(actor.getSnapshot().value).toEqual({ active: 'disconnected' });
    actor.send({ type: 'CONNECT' });
    await waitFor(actor, inState({ active: { online: { session: 'streaming' } } }), { timeout: 2_000 });
    expect(actor.getSnapshot().context.device).toBe('模拟高拍仪');
    const { frame } = await waitFor(actor, (s) => s.context.frame !== null, { timeout: 2_000 }).then((s) => s.context);
    expect(decode(frame!.image).width).toBe(32);

    actor.send({ type: 'CAPTURE' });
    expect(actor.getSnapshot().matches({ active: { online: { session: 'capturing' } } })).toBe(true);
    await waitFor(actor, (s) => s.context.photos.length === 1 && s.matches({ active: { online: { session: 'streaming' } } }), { timeout: 2_000 });
    actor.send({ type: 'ROTATE', degrees: 90 });
    await waitFor(actor, (s) => s.context.viewRotation === 90, { timeout: 2_000 });
    actor.send({ type: 'CAPTURE' });
    await waitFor(actor, (s) => s.context.photos.length === 2, { timeout: 2_000 });

    const [first, second] = actor.getSnapshot().context.photos;
    expect([first.id, second.id]).toEqual([1, 2]);
    expect(decode(first.image)).toMatchObject({ width: 32, height: 24 });
    expect(decode(second.image)).toMatchObject({ width: 24, height: 32 });
    expect(first.image).not.toBe(second.image);

    actor.send({ type: 'ROTATE_PHOTO', id: 1 });
    actor.send({ type: 'ROTATE_PHOTO', id: 1, degrees: -90 });
    actor.send({ type: 'ROTATE_PHOTO', id: 1, degrees: -90 });
    actor.send({ type: 'REMOVE_PHOTO', id: 2 });
    expect(actor.getSnapshot().context.photos).toEqual([{ ...first, rotation: 270 }]);

    actor.send({ type: 'SAVE' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.status).toBe('done');
    expect(snapshot.output).toEqual({ photos: [{ ...first, rotation: 270 }] });
    expect(saved).toEqual([[{ ...first, rotation: 270 }]]);
    expect(notices).toEqual([]);
    // Leaving the device released it: the service got `close` and the connection ended.
    await expect.poll(() => simulator!.connectionCount(), { timeout: 2_000 }).toBe(0);
    expect(simulator!.received).toEqual<CameraCommand[]>([
      { cmd: 'open' },
      { cmd: 'capture' },
      { cmd: 'rotate', degrees: 90 },
      { cmd: 'capture' },
      { cmd: 'close' },
    ]);
  });

  it('refuses to save without a photo: 请先拍照再保存！', async () => {
    const { actor, notices } = await start();
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().value).toEqual({ active: 'disconnected' });
    actor.send({ type: 'CONNECT' });
    await waitFor(actor, inState({ active: { online: { session: 'streaming' } } }), { timeout: 2_000 });
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().matches({ active: { online: { session: 'streaming' } } })).toBe(true);
    expect(notices).toEqual([
      { kind: 'warning', text: '请先拍照再保存！' },
      { kind: 'warning', text: '请先拍照再保存！' },
    ]);
  });

  it('the device unplugged: 高拍仪设备已断开, photos kept; reconnecting without it says so again; plugged back in it streams', async () => {
    const { actor, notices } = await start();
    actor.send({ type: 'CONNECT' });
    await waitFor(actor, inState({ active: { online: { session: 'streaming' } } }), { timeout: 2_000 });
    actor.send({ type: 'CAPTURE' });
    await waitFor(actor, (s) => s.context.photos.length === 1, { timeout: 2_000 });
    simulator!.unplug();
    await waitFor(actor, inState({ active: 'disconnected' }), { timeout: 2_000 });
    expect(notices).toEqual([{ kind: 'error', text: '高拍仪设备已断开' }]);
    expect(actor.getSnapshot().context).toMatchObject({ device: null, frame: null });
    expect(actor.getSnapshot().context.photos).toHaveLength(1);

    actor.send({ type: 'CONNECT' });
    await waitFor(actor, inState({ active: 'disconnected' }), { timeout: 2_000 });
    expect(notices).toEqual([
      { kind: 'error', text: '高拍仪设备已断开' },
      { kind: 'error', text: '高拍仪设备已断开' },
    ]);
    simulator!.plug();
    actor.send({ type: 'CONNECT' });
    await waitFor(actor, inState({ active: { online: { session: 'streaming' } } }), { timeout: 2_000 });
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().output?.photos).toHaveLength(1);
  });

  it('the service going away while streaming: 高拍仪设备已断开', async () => {
    const { actor, notices } = await start();
    actor.send({ type: 'CONNECT' });
    await waitFor(actor, inState({ active: { online: { session: 'streaming' } } }), { timeout: 2_000 });
    simulator!.dropConnections();
    await waitFor(actor, inState({ active: 'disconnected' }), { timeout: 2_000 });
    expect(notices).toEqual([{ kind: 'error', text: CAMERA_MESSAGES.deviceDisconnected }]);
  });

  it('no service listening (plugin not installed): the install hint', async () => {
    simulator = await startCameraSimulator({ port: 0 });
    const url = simulator.url;
    await simulator.close();
    simulator = undefined;
    const { actor, notices } = camera(url);
    actors.push(actor);
    actor.send({ type: 'CONNECT' });
    await waitFor(actor, inState({ active: 'disconnected' }), { timeout: 2_000 });
    expect(notices).toEqual([{ kind: 'error', text: '您是否已安装高拍仪插件，如果没安装请安装插件；如果已安装请重启高拍仪并刷新页面后重试' }]);
  });

  it('a failed capture shows the plugin message and keeps streaming without a photo', async () => {
    const { actor, notices } = await start();
    actor.send({ type: 'CONNECT' });
    await waitFor(actor, inState({ active: { online: { session: 'streaming' } } }), { timeout: 2_000 });
    simulator!.setCaptureFails(true);
    actor.send({ type: 'CAPTURE' });
    await waitFor(actor, inState({ active: { online: { session: 'streaming' } } }), { timeout: 2_000 });
    expect(notices).toEqual([{ kind: 'error', text: '拍照失败' }]);
    expect(actor.getSnapshot().context.photos).toEqual([]);
  });

  it('DISCONNECT releases the device and closes the connection without a message', async () => {
    const { actor, notices } = await start();
    actor.send({ type: 'CONNECT' });
    await waitFor(actor, inState({ active: { online: { session: 'streaming' } } }), { timeout: 2_000 });
    actor.send({ type: 'DISCONNECT' });
    expect(actor.getSnapshot().value).toEqual({ active: 'disconnected' });
    await expect.poll(() => simulator!.connectionCount(), { timeout: 2_000 }).toBe(0);
    expect(simulator!.received.at(-1)).toEqual({ cmd: 'close' });
    expect(notices).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Model-based: every edge of the machine's graph, driven on a real actor whose service socket is scripted; coverage
// of every state node and every transition of the definition is asserted from what the actors actually did.

/** Photos grow without end; the graph tells states apart by what the machine decides on (how many, up to two). */
function cameraStateKey(snapshot: AnyMachineSnapshot) {
  const { device, frame, viewRotation, photos } = snapshot.context as DocumentCameraContext;
  return {
    value: snapshot.value,
    device,
    frame: frame !== null,
    viewRotation,
    photos: photos.slice(0, 2).map((p) => p.rotation),
  };
}

const IMAGE = simulatedImage(7, 0);

describe('document camera, model-based', () => {
  it('every edge drives a real actor through the same states; all states and transitions are covered', async () => {
    // The key is lossy (photo ids and images are left out): the paths are replayed for their exact snapshots.
    const { model, paths } = edgePaths(documentCameraMachine, {
      input: {},
      cases: [
        { type: 'DEVICE.OPENED', name: '模拟高拍仪' },
        { type: 'DEVICE.FRAME', frame: IMAGE },
        { type: 'DEVICE.CAPTURED', photo: IMAGE },
        { type: 'DEVICE.ROTATED', degrees: 90 },
        { type: 'DEVICE.ERROR', code: 'CAPTURE_FAILED', message: '拍照失败' },
        { type: 'ROTATE', degrees: 90 },
        { type: 'ROTATE_PHOTO', id: 1, degrees: 90 },
        { type: 'REMOVE_PHOTO', id: 1 },
      ],
      key: cameraStateKey,
    });
    const seen = coverage(documentCameraMachine);

    for (const path of paths) {
      const { sockets, Ctor, last: socket } = fakeSockets<CameraCommand, CameraServiceEvent>();
      const notices: CameraNotice[] = [];
      const machine = documentCameraMachine.provide({
        actors: { cameraService: cameraServiceActor(Ctor) },
        actions: { notify: (_, notice) => void notices.push(notice) },
      });
      const actor = createActor(machine, { input: {}, inspect: seen.inspect });
      actor.subscribe({ error: () => {} });
      actor.start();
      const user = ({ event }: { event: AnyEventObject }) => void actor.send(event as DocumentCameraEvent);
      const device = (message: CameraServiceEvent) => () => socket().serverSend(message);

      await model.testPath(path, {
        events: {
          CONNECT: user,
          DISCONNECT: user,
          ROTATE: (step) => {
            user(step);
            expect(socket().sent.at(-1)).toEqual({ cmd: 'rotate', degrees: 90 });
          },
          ROTATE_PHOTO: user,
          REMOVE_PHOTO: user,
          CAPTURE: (step) => {
            user(step);
            expect(socket().sent.at(-1)).toEqual({ cmd: 'capture' });
          },
          SAVE: (step) => {
            const before = notices.length;
            user(step);
            const hadPhotos = (step.state.context as DocumentCameraContext).photos.length > 0;
            expect(notices.slice(before)).toEqual(hadPhotos ? [] : [{ kind: 'warning', text: CAMERA_MESSAGES.needPhoto }]);
          },
          'SERVICE.CONNECTED': () => {
            socket().serverOpen();
            expect(socket().sent).toEqual([{ cmd: 'open' }]);
          },
          'SERVICE.UNREACHABLE': () => {
            socket().serverError();
            expect(notices.at(-1)).toEqual({ kind: 'error', text: CAMERA_MESSAGES.pluginMissing });
          },
          'SERVICE.LOST': () => {
            socket().serverClose();
            expect(notices.at(-1)).toEqual({ kind: 'error', text: CAMERA_MESSAGES.deviceDisconnected });
          },
          'DEVICE.OPENED': device({ event: 'opened', device: { name: '模拟高拍仪' } }),
          'DEVICE.FRAME': device({ event: 'frame', ...IMAGE }),
          'DEVICE.CAPTURED': device({ event: 'captured', ...IMAGE }),
          'DEVICE.ROTATED': device({ event: 'rotated', degrees: 90 }),
          'DEVICE.DISCONNECTED': () => {
            socket().serverSend({ event: 'disconnected' });
            expect(notices.at(-1)).toEqual({ kind: 'error', text: CAMERA_MESSAGES.deviceDisconnected });
          },
          'DEVICE.ERROR': device({ event: 'error', code: 'CAPTURE_FAILED', message: '拍照失败' }),
        },
        states: {
          '*': (expected) => {
            const actual = actor.getSnapshot();
            expect(actual.value).toEqual(expected.value);
            expect(actual.context).toEqual(expected.context);
            // A service socket is open exactly while the machine is online.
            expect(sockets.filter((s) => s.readyState < 3).length).toBe(actual.matches({ active: 'online' }) ? 1 : 0);
          },
        },
      });
      actor.stop();
    }

    expect(paths.length).toBeGreaterThan(30);
    expect(definedTransitions(documentCameraMachine)).toHaveLength(18);
    seen.expectComplete();
  });
});
