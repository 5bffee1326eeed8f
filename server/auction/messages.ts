import type { AuctionBidResult } from '../../schemas/types/api.js';

/** The one NOTIFY channel every server instance LISTENs on; one channel keeps all messages in commit order. */
export const AUCTION_CHANNEL = 'auction';

/**
 * What travels through NOTIFY (PostgreSQL caps a payload at 8000 bytes; these stay far below). Each instance adds
 * `serverTime` when it sends the frame to its sockets, so the time is the sender's clock at sending.
 * - project messages go to the sockets watching `projectId`; a `bid` becomes `auctionBid`, then `delayTime` when
 *   it moved the end (one payload, built by the bid statement itself, so the two frames never part);
 * - `notice` goes to the sockets authenticated as `userId`;
 * - `refresh` makes every instance send a fresh `auctionState` to the project's watchers (a status change).
 */
export type AuctionNotification =
  | BidNotificationPayload
  | { type: 'auctionEnded'; projectId: number; data: Record<string, unknown> }
  | { type: 'refresh'; projectId: number }
  | { type: 'notice'; userId: number; data: { messageId?: number; title?: string; content?: string } };

/** A frame as the contract defines it: `{ type, data? }` as JSON text. */
export interface Frame {
  type: string;
  data?: Record<string, unknown>;
}

/**
 * An accepted bid as the bid statement NOTIFYs it: the contract's bid result (times in ms; previousStopTime set when
 * the end moved) without the serverTime each instance adds when it sends.
 */
export type BidNotificationPayload = { type: 'bid' } & Omit<AuctionBidResult, 'serverTime'>;
