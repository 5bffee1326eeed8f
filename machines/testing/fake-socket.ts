/**
 * Test support (not exported from `machines/index.ts`): a scripted WebSocket whose server side the test plays, for
 * the machines that own a socket through `socket-actor.ts`.
 */
import type { SocketLike } from '../socket-actor.js';

// As SocketLike's listeners (socket-actor.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Listener = (event: any) => void;

/** A socket that never touches the network: what the client sends is recorded, the `server…` methods play the peer. */
export class FakeSocket<TSent = unknown, TReceived = unknown> implements SocketLike {
  readyState = 0;
  /** What the client sent, parsed from JSON. */
  readonly sent: TSent[] = [];
  /** Whether the client (the actor) closed it, as opposed to the server. */
  closedByClient = false;
  private readonly listeners = new Map<string, Set<Listener>>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: Listener) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }
  removeEventListener(type: string, listener: Listener) {
    this.listeners.get(type)?.delete(listener);
  }
  send(data: string) {
    if (this.readyState !== 1) throw new Error('send on a socket that is not open');
    this.sent.push(JSON.parse(data) as TSent);
  }
  close() {
    this.closedByClient = true;
    this.readyState = 3;
  }
  private fire(type: string, event: unknown) {
    for (const listener of [...(this.listeners.get(type) ?? [])]) listener(event);
  }
  serverOpen() {
    this.readyState = 1;
    this.fire('open', {});
  }
  /** A message from the server: an object goes as its JSON, a string as it is (to send malformed text). */
  serverSend(message: TReceived | string) {
    this.fire('message', { data: typeof message === 'string' ? message : JSON.stringify(message) });
  }
  serverClose(code = 1006) {
    this.readyState = 3;
    this.fire('close', { code });
  }
  serverError() {
    this.fire('error', {});
  }
}

/**
 * A socket constructor to hand to a socket actor, and every socket it made, newest last.
 *
 * @example
 * const fake = fakeSockets<CameraCommand, CameraServiceEvent>();
 * const machine = documentCameraMachine.provide({ actors: { cameraService: cameraServiceActor(fake.Ctor) } });
 * const actor = createActor(machine, { input: {} }).start();
 * actor.send({ type: 'CONNECT' });
 * fake.last().serverOpen();
 * expect(fake.last().sent).toEqual([{ cmd: 'open' }]);
 * fake.last().serverSend({ event: 'opened', device: { name: '模拟高拍仪' } });
 */
export function fakeSockets<TSent = unknown, TReceived = unknown>() {
  const sockets: FakeSocket<TSent, TReceived>[] = [];
  const Ctor = class extends FakeSocket<TSent, TReceived> {
    constructor(url: string) {
      super(url);
      sockets.push(this);
    }
  };
  return { sockets, Ctor, last: () => sockets[sockets.length - 1] };
}
