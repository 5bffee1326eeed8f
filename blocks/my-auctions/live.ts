import type { RealtimeChannelEmitted } from '../../machines/realtime-channel.js';
import type { MyAuction } from '../../schemas/types/api.js';

/** A 我的竞价 row as live messages move it on. */
export interface LiveRow {
  row: MyAuction;
  /** The newest bid already counted in `row` (its `lastBidId` at first): a bid message up to it changes nothing. */
  lastBidId: number | null;
}

/** Rows worth following live: an approved bidder's auction before or while it runs. */
export function followsLive(row: Pick<MyAuction, 'state' | 'status'>): boolean {
  return row.state === 1 && (row.status === 5 || row.status === 6);
}

/** `2026-11-23 20:37:12` in China time, as the server writes times. */
export function chinaDateTime(ms: number): string {
  return new Date(ms).toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai', hour12: false });
}

export const liveRow = (row: MyAuction): LiveRow => ({ row, lastBidId: row.lastBidId });

const isAfter = (id: number, lastBidId: number | null) => lastBidId === null || id > lastBidId;

/**
 * Folds a real-time message of the row's project into it: price, the user's standing, own highest bid and count,
 * end time and result. A bid already counted (on the server when the list was read, or met twice after a
 * reconnect) counts once. Messages of other projects leave it as it is.
 *
 * @example setLive((live) => foldLive(live, { type: 'auctionBid', data }))
 */
export function foldLive(live: LiveRow, message: RealtimeChannelEmitted): LiveRow {
  const { row } = live;
  if (message.type === 'notice' || message.data.projectId !== row.projectId) return live;
  const mine = (bidderCode: string | null | undefined) => row.bidderCode !== '' && bidderCode === row.bidderCode;
  switch (message.type) {
    case 'auctionState': {
      const state = message.data;
      // The state's records are newest first; those after the watermark are the ones the row has not counted.
      const fresh = state.records.filter((r) => isAfter(r.id, live.lastBidId) && mine(r.bidderCode));
      const top = state.records[0];
      return {
        lastBidId: top ? Math.max(top.id, live.lastBidId ?? 0) : live.lastBidId,
        row: {
          ...row,
          status: state.status,
          currentPrice: state.currentPrice,
          dealAmount: state.dealAmount,
          biddingStopTime: state.biddingStopTime === null ? row.biddingStopTime : chinaDateTime(state.biddingStopTime),
          leading: top ? mine(top.bidderCode) : row.leading,
          myBidCount: row.myBidCount + fresh.length,
          myHighestBid: fresh.reduce<number | null>((max, r) => (max === null || r.amount > max ? r.amount : max), row.myHighestBid),
        },
      };
    }
    case 'auctionRecords': {
      // Bids a reconnect missed, oldest page first, each before the state that closes the resync.
      const fresh = message.data.records.filter((r) => isAfter(r.id, live.lastBidId) && mine(r.bidderCode));
      const top = message.data.records[0];
      if (!top || !isAfter(top.id, live.lastBidId)) return live;
      return {
        lastBidId: top.id,
        row: {
          ...row,
          myBidCount: row.myBidCount + fresh.length,
          myHighestBid: fresh.reduce<number | null>((max, r) => (max === null || r.amount > max ? r.amount : max), row.myHighestBid),
        },
      };
    }
    case 'auctionBid': {
      const { bid } = message.data;
      if (!isAfter(bid.id, live.lastBidId)) return live;
      const own = mine(bid.bidderCode);
      return {
        lastBidId: bid.id,
        row: {
          ...row,
          // A bid means the auction runs, whatever the row said when it was read (5 before the start).
          status: row.status < 6 ? 6 : row.status,
          currentPrice: message.data.currentPrice,
          biddingStopTime: chinaDateTime(message.data.biddingStopTime),
          leading: own,
          myBidCount: own ? row.myBidCount + 1 : row.myBidCount,
          myHighestBid: own && (row.myHighestBid === null || bid.amount > row.myHighestBid) ? bid.amount : row.myHighestBid,
        },
      };
    }
    case 'delayTime':
      return { ...live, row: { ...row, biddingStopTime: chinaDateTime(message.data.biddingStopTime) } };
    case 'auctionEnded':
      return {
        ...live,
        row: {
          ...row,
          status: message.data.status,
          dealAmount: message.data.dealAmount,
          leading: message.data.dealAmount !== null && mine(message.data.winnerCode),
        },
      };
  }
}
