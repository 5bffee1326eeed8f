export { applyBid, applyDelay, applyEnded, bidProblem, formatCountdown, formatYuan, minimumBid, remainingMs, RECORDS_KEPT, serverOffset, steppedBid } from './auction-view.js';
export type { AuctionBidMessage, AuctionEndedMessage, AuctionRecord, AuctionState, DelayTimeMessage } from './auction-view.js';
