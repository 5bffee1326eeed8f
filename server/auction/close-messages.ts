import { priceText } from './deal-announcement.js';
import type { CloseOutcome } from './close.js';
import { MESSAGES } from '../api/messages.js';

/** A message left in 我的消息 for one bidder when the auction they were approved for closes. */
export interface CloseMessage {
  userId: number;
  title: string;
  content: string;
}

/** How the auction closed (the engine's CloseOutcome), with what the messages name. */
export type ClosedAuction = Omit<CloseOutcome, 'projectId'> & { projectName: string; priceUnit: number };

/**
 * The close's message to every approved bidder: the winner is told the price, their bidder code and what comes
 * next; everyone else the outcome (the deal price, or why there was no deal). A bidder who stepped away from the
 * screen learns it from 我的消息 (the new-message dot lights through the `notice` fan-out).
 *
 * @example closeMessages({ projectName: '东村耕地', priceUnit: 3, status: 7, dealAmount: 1200, winnerUserId: 2, winnerCode: '002' }, [1, 2])
 * // → [{ userId: 1, title: '竞价结束', … 成交价1,200元，您未竞得。 }, { userId: 2, title: '竞价成交', … }]
 */
export function closeMessages(auction: ClosedAuction, approvedUserIds: readonly number[]): CloseMessage[] {
  const about = MESSAGES.auction.closeAbout(auction.projectName);
  const deal = auction.dealAmount === null ? null : priceText(auction.dealAmount, auction.priceUnit);
  return approvedUserIds.map((userId) => {
    if (deal !== null && userId === auction.winnerUserId) {
      return {
        userId,
        title: MESSAGES.auction.closeWonTitle,
        content: MESSAGES.auction.closeWon(about, deal, auction.winnerCode),
      };
    }
    const outcome =
      deal !== null ? MESSAGES.auction.closeLost(deal) : auction.status === 11 ? MESSAGES.auction.closeBelowReserve : MESSAGES.auction.closeNoBids;
    return { userId, title: MESSAGES.auction.closeEndedTitle, content: MESSAGES.auction.closeEnded(about, outcome) };
  });
}
