export { applyBid, applyDelay, applyEnded, bidProblem, formatCountdown, formatYuan, headlinePrice, minimumBid, remainingMs, RECORDS_KEPT, serverOffset, steppedBid } from './auction-view.js';
export type { AuctionBidMessage, AuctionEndedMessage, HeadlinePrice, AuctionRecord, AuctionState, DelayTimeMessage } from './auction-view.js';
export { clockText, DEFAULT_MILESTONES, priceAnnouncement, remainingText, watchClock } from './announcements.js';
export type { ClockAnnouncement, ClockWatch } from './announcements.js';
