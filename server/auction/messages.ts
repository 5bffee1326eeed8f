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
  | { type: 'notice'; userId: number; data: { messageId?: number; title?: string } };

/** A frame as the contract defines it: `{ type, data? }` as JSON text. */
export interface Frame {
  type: string;
  data?: Record<string, unknown>;
}

/** An accepted bid as the bid statement NOTIFYs it (times in ms; previousStopTime set when the end moved). */
export interface BidNotificationPayload {
  type: 'bid';
  projectId: number;
  bid: { id: number; amount: number; bidderCode: string; bidderName: string; time: number };
  currentPrice: number;
  bidCount: number;
  biddingStopTime: number;
  previousStopTime: number | null;
}
