import type { RegistrationView } from '../../auction/index.js';
import { badRequest } from '../../api/errors.js';
import { formatDateTime } from '../../api/format.js';
import { MESSAGES } from '../../api/messages.js';

/** The schema types and bounds projectId; that it is there at all (in the query or the body) is checked here. */
export function projectIdOf(p: { projectId?: number }): number {
  if (p.projectId === undefined) throw badRequest(MESSAGES.auction.missingProjectId);
  return p.projectId;
}

export const registrationOut = (r: RegistrationView) => ({
  projectId: r.projectId,
  state: r.state,
  bidderCode: r.bidderCode,
  createdAt: formatDateTime(r.createdAt),
  reviewedAt: formatDateTime(r.reviewedAt),
  ...(r.depositState === undefined ? {} : { deposit: r.deposit, depositState: r.depositState, depositAmount: r.depositAmount, depositPaidOn: r.depositPaidOn }),
});
