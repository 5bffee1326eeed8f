import { realtimeChannelMachine, socketActor, type SocketConstructor } from '../../machines/realtime-channel.js';

/**
 * The live channel's machine over the page's WebSocket (loaded by {@link RealtimeProvider} when the page needs it;
 * a module of its own, so a page opened with a stored login can fetch it ahead: server/delivery/first-view.ts).
 */
export function portalChannelMachine(WebSocketImpl?: SocketConstructor) {
  return realtimeChannelMachine.provide({ actors: { socket: socketActor(WebSocketImpl) } });
}
