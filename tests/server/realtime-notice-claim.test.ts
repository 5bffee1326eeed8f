import type { Kysely } from 'kysely';
import type { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import { AuctionHub, MAX_HELD_NOTICES } from '../../server/auction/hub.js';
import type { Database } from '../../server/db/schema.js';

/** A socket as the hub sees it (ws's open socket): what it is sent, in order. */
function recordingSocket() {
  const sent: Array<{ type: string; data: { messageId: number } }> = [];
  const socket = { readyState: 1, bufferedAmount: 0, send: (frame: Buffer) => sent.push(JSON.parse(String(frame))), close() {}, terminate() {} };
  return { socket: socket as unknown as WebSocket, sent };
}

// Notices never touch the database: the hub gets none.
const hubWithoutDatabase = () => new AuctionHub({} as Kysely<Database>, { warn() {}, error() {} });
/** A socket connected to a fresh hub whose token check for `userId` has begun. */
function claimingSocket(userId: number) {
  const hub = hubWithoutDatabase();
  const { socket, sent } = recordingSocket();
  const client = hub.connect(socket);
  hub.claim(client, userId);
  return { hub, client, sent };
}
const notice = (userId: number, messageId: number) => JSON.stringify({ type: 'notice', userId, data: { messageId, title: '我的消息' } });

describe('a notice sent while a socket’s token is being checked', () => {
  it('waits for the check and goes out once the token proves the user, before any later notice', () => {
    const { hub, client, sent } = claimingSocket(7);
    hub.deliver(notice(7, 1));
    hub.deliver(notice(8, 99));
    expect(sent).toEqual([]);
    hub.authenticate(client, 7);
    hub.deliver(notice(7, 2));
    expect(sent.map((f) => [f.type, f.data.messageId])).toEqual([
      ['notice', 1],
      ['notice', 2],
    ]);
  });

  it('is dropped when the token does not prove the user, and the socket gets none after', () => {
    const { hub, client, sent } = claimingSocket(7);
    hub.deliver(notice(7, 1));
    hub.refuse(client);
    hub.deliver(notice(7, 2));
    expect(sent).toEqual([]);
  });

  it('is not handed to a socket proved to be another user, nor kept past the bound', () => {
    const hub = hubWithoutDatabase();
    const other = recordingSocket();
    const client = hub.connect(other.socket);
    hub.claim(client, 7);
    hub.deliver(notice(7, 1));
    hub.authenticate(client, 8);
    expect(other.sent).toEqual([]);

    const flooded = recordingSocket();
    const flood = hub.connect(flooded.socket);
    hub.claim(flood, 9);
    for (let i = 0; i < MAX_HELD_NOTICES + 5; i++) hub.deliver(notice(9, i));
    hub.authenticate(flood, 9);
    expect(flooded.sent.map((f) => f.data.messageId)).toEqual(Array.from({ length: MAX_HELD_NOTICES }, (_, i) => i));
  });

  it('is not held for a socket that closed during the check', () => {
    const { hub, client, sent } = claimingSocket(7);
    hub.disconnect(client);
    hub.deliver(notice(7, 1));
    hub.authenticate(client, 7);
    expect(sent).toEqual([]);
    expect(hub.counts().sockets).toBe(0);
  });
});
