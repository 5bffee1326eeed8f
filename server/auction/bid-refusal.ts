import { ApiError } from '../api/errors.js';
import { MESSAGES } from '../api/messages.js';
import { fen, money, yuan } from './format.js';

/**
 * Why the bid statement refused a bid (its `refusal` column), in the order the rules are checked; null: accepted.
 * The client's `bidVerdict` (machines/auction-view.ts) checks the amount rules before sending, and one table of
 * cases (machines/testing/bid-cases.ts) is asserted against both.
 */
export type BidRefusal =
  'tender' | 'ended' | 'notStarted' | 'noStopTime' | 'pending' | 'notQualified' | 'noIncrement' | 'belowStart' | 'belowNext' | 'notMultiple';

/** What a refused bidder is told, from the refusal and the figures the statement read (yuan); the error names its rule for metrics. */
export function bidRefusalError(refusal: BidRefusal | null, figures: { price: number; increment: number; currentPrice: number | null }): ApiError {
  return Object.assign(refusalAnswer(refusal, figures), { bidRefusal: refusal ?? 'notAccepted' });
}

function refusalAnswer(refusal: BidRefusal | null, figures: { price: number; increment: number; currentPrice: number | null }): ApiError {
  const { price, increment, currentPrice } = figures;
  switch (refusal) {
    case 'tender':
      return new ApiError(409, MESSAGES.auction.tender);
    case 'ended':
      return new ApiError(409, MESSAGES.auction.ended);
    case 'notStarted':
      return new ApiError(409, MESSAGES.auction.notStarted);
    case 'noStopTime':
      return new ApiError(409, MESSAGES.auction.noStopTime);
    case 'pending':
      return new ApiError(403, MESSAGES.auction.pending);
    case 'notQualified':
      return new ApiError(403, MESSAGES.auction.notQualified);
    case 'noIncrement':
      return new ApiError(409, MESSAGES.auction.noIncrement);
    case 'belowStart':
      return new ApiError(409, MESSAGES.auction.belowStart(money(price)));
    case 'belowNext':
      return new ApiError(409, MESSAGES.auction.belowNext(money(yuan(fen(currentPrice ?? 0) + fen(increment)))));
    case 'notMultiple':
      return new ApiError(409, MESSAGES.auction.notMultiple(money(price), money(increment)));
    default:
      return new ApiError(409, MESSAGES.auction.notAccepted);
  }
}
