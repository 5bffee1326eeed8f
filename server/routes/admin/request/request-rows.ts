import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { SignedInRequest } from '../../../api/schemas.js';
import { formatRequiredDateTime } from '../../../api/format.js';
import type { PlaceTree } from '../../../plugins/places.js';
import type { AdminRequestRow } from '../../../../schemas/types/api.js';
import { consoleScope } from '../common.js';

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
  // In full: staff of the record's place promise to call back (工作人员将在5个工作日内电话答复您).
  contact: r.contact,
  // Feedback needs a login: its reply always reaches 我的消息.
  replyReachesVisitor: true,
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
  userId: number | null;
}): AdminRequestRow => ({
  kind: r.kind,
  id: r.id,
  deptId: r.deptId,
  refNo: r.refNo,
  type: r.type,
  title: '',
  content: r.content,
  name: r.name,
  contact: r.phone,
  // Sent without a login: the reply has nowhere online to go, staff answer by phone.
  replyReachesVisitor: r.userId !== null,
  project: r.project,
  status: r.reply ? 'replied' : 'pending',
  reply: r.reply,
  createTime: formatRequiredDateTime(r.createTime),
});
