import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { SignedInRequest } from '../../../api/schemas.js';
import { formatRequiredDateTime, maskPhone } from '../../../api/format.js';
import type { PlaceTree } from '../../../plugins/places.js';
import type { AdminRequestRow } from '../../../../schemas/types/api.js';
import { consoleScope } from '../common.js';

const masked = (contact: string) => (/^1\d{10}$/.test(contact) ? maskPhone(contact) : contact);

export const FEEDBACK_COLUMNS = ['f.id', 'f.deptId', 'f.type', 'f.title', 'f.content', 'f.contact', 'f.reply', 'f.createTime', 'f.userId'] as const;
export const COMPLAINT_COLUMNS = [
  'c.id',
  'c.kind',
  'c.deptId',
  'c.refNo',
  'c.type',
  'c.content',
  'c.name',
  'c.phone',
  'c.project',
  'c.reply',
  'c.createTime',
  'c.userId',
] as const;

/** The feedback the caller may review. Feedback without a place is the whole tenant's: an administrator's. */
export function feedbackScope(handle: Kysely<Database> | Transaction<Database>, request: SignedInRequest, places: PlaceTree) {
  const scope = consoleScope(request, places);
  let q = handle.selectFrom('feedback as f');
  q = request.user.role === 'admin' ? q.where((eb) => eb.or([eb('f.deptId', 'in', scope), eb('f.deptId', 'is', null)])) : q.where('f.deptId', 'in', scope);
  return q;
}

export const feedbackRow = (r: {
  id: number;
  deptId: number | null;
  type: string;
  title: string;
  content: string;
  contact: string;
  reply: string | null;
  createTime: Date;
}): AdminRequestRow => ({
  kind: 'feedback',
  id: r.id,
  deptId: r.deptId,
  refNo: '',
  type: r.type,
  title: r.title,
  content: r.content,
  name: '',
  contact: masked(r.contact),
  project: '',
  status: r.reply ? 'replied' : 'pending',
  reply: r.reply,
  createTime: formatRequiredDateTime(r.createTime),
});

export const complaintRow = (r: {
  id: number;
  kind: 'complaint' | 'consult';
  deptId: number;
  refNo: string;
  type: string;
  content: string;
  name: string;
  phone: string;
  project: string;
  reply: string | null;
  createTime: Date;
}): AdminRequestRow => ({
  kind: r.kind,
  id: r.id,
  deptId: r.deptId,
  refNo: r.refNo,
  type: r.type,
  title: '',
  content: r.content,
  name: r.name,
  contact: masked(r.phone),
  project: r.project,
  status: r.reply ? 'replied' : 'pending',
  reply: r.reply,
  createTime: formatRequiredDateTime(r.createTime),
});
