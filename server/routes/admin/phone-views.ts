import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SignedInRequest } from '../../api/schemas.js';
import { isInnerCall } from '../../api/route-rerun.js';
import { audit, type AuditEntity } from '../../services/audit.js';
import { MESSAGES } from '../../api/messages.js';

/** The console lists that show full phone numbers, and the record each row is. */
export type PhoneList = 'auctionRegistrations' | 'intentReviewList' | 'adminRequestList';

/** A row's record in the audit entry: its id, or for a registration its project and bidder. */
export type RecordRef = number | { projectId: number; userId: number };

/**
 * One audit entry for one answer of a list that showed full phone numbers: who, which list, which records, when
 * (the entry's time). Not per row: a page of 20 is one entry. An export's list is recorded by the export itself.
 */
export async function auditPhoneView(
  db: Kysely<Database>,
  request: SignedInRequest,
  list: PhoneList,
  entity: AuditEntity,
  records: RecordRef[],
): Promise<void> {
  if (records.length === 0 || isInnerCall(request)) return;
  await audit(db, request.user, {
    deptId: request.user.deptId,
    entity,
    entityId: 0,
    action: 'viewPhones',
    before: null,
    after: { list, listName: MESSAGES.tables.listNames[list], count: records.length, records },
  });
}
