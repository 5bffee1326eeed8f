// The auction's database side, one concern a file; routes, scripts and tests import it from here.
export { auctionState, RECORD_LIMIT, type AuctionRecord, type AuctionState } from './auction-state.js';
export { placeBid, type BidOutcome } from './bid.js';
export { bidOutcome } from './bid-outcome.js';
export { bidRefusalError, type BidRefusal } from './bid-refusal.js';
export { closeAuction, type CloseOutcome } from './close.js';
export { maskName, money } from './format.js';
export { myAuctions, type MyAuctionRow } from './my-auctions.js';
export { leaveMessages } from './notices.js';
export { PROJECT_MISSING } from './project-scope.js';
export { register, registrationOf, REGISTRATION, type RegistrationView } from './registration.js';
export { listRegistrations, type PendingRegistration } from './registration-list.js';
export { DepositRequiredError, review, type ReviewResult } from './review.js';
export { markDeposit } from './deposit.js';
export { dbNow, inTransaction, notify } from './transaction.js';
