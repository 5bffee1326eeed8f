/**
 * A WebSocket as a callback actor the machine owns: the one place that opens a socket, listens to it, sends on it only
 * while it is open and closes it when the machine stops the actor. What the socket's traffic means is the caller's
 * {@link SocketSession}: the real-time channel and the document camera speak different protocols over the same life.
 */
import { fromCallback, type EventObject } from 'xstate';

/** The part of a WebSocket both the browser's and `ws`'s implement. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  // The browser's and ws's listeners take different event classes; `any` is what lets both implement this.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  addEventListener(type: 'open' | 'message' | 'close' | 'error', listener: (event: any) => void): void;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  removeEventListener(type: 'open' | 'message' | 'close' | 'error', listener: (event: any) => void): void;
}

/** A WebSocket constructor: `globalThis.WebSocket` in the browser, `ws`'s `WebSocket` in Node 20. */
export type SocketConstructor = new (url: string) => SocketLike;

/** What one socket's traffic means to its machine: each happening of the socket, and the texts a command sends. */
export interface SocketSession<TCommand extends EventObject> {
  /** No socket could be made: no WebSocket implementation, or the constructor threw (a malformed address). */
  unavailable(): void;
  open(): void;
  /** A message, its data read as text. */
  message(text: string): void;
  close(code: number | undefined): void;
  error(): void;
  /** The texts a command from the machine sends; a command that arrives while the socket is not open is dropped. */
  send(command: TCommand): string[];
  /** A last text to send, if the socket is open, when the machine stops the actor (before it is closed). */
  farewell?: string;
}

const CONNECTING = 0;
const OPEN = 1;

/**
 * A callback actor over a WebSocket to `input.url`. `session` is called once per socket with `report` (events back to
 * the machine) and says what the socket's happenings mean; the actor does the rest of the socket's life.
 *
 * @example
 * const echo = webSocketActor<{ type: 'SAY'; text: string }, { type: 'HEARD'; text: string } | { type: 'DOWN' }>(
 *   WebSocket,
 *   (report) => ({
 *     unavailable: () => report({ type: 'DOWN' }),
 *     open: () => {},
 *     message: (text) => report({ type: 'HEARD', text }),
 *     close: () => report({ type: 'DOWN' }),
 *     error: () => report({ type: 'DOWN' }),
 *     send: (command) => [command.text],
 *   }),
 * );
 * machine.provide({ actors: { echo } });
 */
export function webSocketActor<TCommand extends EventObject, TReport extends EventObject>(
  WebSocketImpl: SocketConstructor | undefined,
  session: (report: (event: TReport) => void) => SocketSession<TCommand>,
) {
  return fromCallback<TCommand, { url: string }>(({ input, sendBack, receive }) => {
    const on = session(sendBack);
    const Impl = WebSocketImpl ?? (globalThis as { WebSocket?: SocketConstructor }).WebSocket;
    let socket: SocketLike;
    try {
      if (!Impl) throw new Error('no WebSocket implementation');
      socket = new Impl(input.url);
    } catch {
      on.unavailable();
      return;
    }
    const onOpen = () => on.open();
    const onMessage = (event: { data: unknown }) => on.message(typeof event.data === 'string' ? event.data : String(event.data));
    const onClose = (event: { code?: number } | undefined) => on.close(event?.code);
    const onError = () => on.error();
    socket.addEventListener('open', onOpen);
    socket.addEventListener('message', onMessage);
    socket.addEventListener('close', onClose);
    socket.addEventListener('error', onError);
    receive((command) => {
      if (socket.readyState !== OPEN) return;
      for (const text of on.send(command)) socket.send(text);
    });
    return () => {
      socket.removeEventListener('open', onOpen);
      socket.removeEventListener('message', onMessage);
      socket.removeEventListener('close', onClose);
      socket.removeEventListener('error', onError);
      // `ws` emits an error when a socket is closed before it opened; with no listener that would crash the process.
      socket.addEventListener('error', () => {});
      if (on.farewell !== undefined && socket.readyState === OPEN) socket.send(on.farewell);
      if (socket.readyState === CONNECTING || socket.readyState === OPEN) socket.close();
    };
  });
}
