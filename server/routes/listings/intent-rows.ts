import type { Selectable } from 'kysely';
import type { IntentTable } from '../../db/schema.js';
import { formatDateTime, formatRequiredDateTime } from '../../api/format.js';
import { MESSAGES } from '../../api/messages.js';

/** Review states of a user-submitted intent (migration 011); only PUBLISHED is public. */
export const INTENT_PENDING = 0 as const;
export const INTENT_PUBLISHED = 1 as const;
export const INTENT_REFUSED = 2 as const;
export const INTENT_STATE_TEXT = MESSAGES.listings.intentStates;

/** The columns an intent's author and its reviewers see about its review. */
export const REVIEWED_COLUMNS = ['id', 'type', 'projectname', 'areaName', 'logintime', 'state', 'reviewReason', 'reviewedAt'] as const;

type ReviewedRow = {
  id: number;
  type: IntentTable['type'];
  projectname: string;
  areaName: string;
  logintime: Date;
  state: Selectable<IntentTable>['state'];
  reviewReason: string;
  reviewedAt: Date | null;
};

/** An intent with its review state, as its author (我的意向) and its reviewers list it. */
export const reviewedIntent = (r: ReviewedRow) => ({
  id: r.id,
  type: r.type,
  projectname: r.projectname,
  areaName: r.areaName,
  logintime: formatRequiredDateTime(r.logintime),
  state: r.state,
  stateText: INTENT_STATE_TEXT[r.state] ?? '',
  reviewReason: r.reviewReason,
  reviewedAt: formatDateTime(r.reviewedAt),
});
