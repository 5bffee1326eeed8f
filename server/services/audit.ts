import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { SessionUser } from './sessions.js';
import { bulkInsert } from '../db/bulk-insert.js';

export type AuditEntity = 'article' | 'project' | 'deal' | 'registration' | 'intent' | 'feedback' | 'complaint' | 'staff' | 'role' | 'audit';
export type AuditAction =
  | 'create'
  | 'update'
  | 'publish'
  | 'withdraw'
  | 'suspend'
  | 'close'
  | 'approve'
  | 'reject'
  | 'reply'
  | 'disable'
  | 'enable'
  | 'resetPassword'
  | 'delete'
  | 'viewPhones'
  | 'export';

export interface AuditRecord {
  deptId: number | null;
  entity: AuditEntity;
  entityId: number;
  action: AuditAction;
  before: object | null | undefined;
  after: object | null | undefined;
}

/** JSON of a row for the log: dates as ISO text, secrets (password hashes) left out. */
function snapshot(row: object | null | undefined): string | null {
  if (!row) return null;
  return JSON.stringify(row, (key, value: unknown) => (key === 'passwordHash' ? undefined : value));
}

/**
 * One audit_log row for an admin write. Pass the write's transaction, so the write and its record commit or roll back
 * together (an admin write without its audit row must not exist).
 */
export async function audit(trx: Transaction<Database> | Kysely<Database>, actor: SessionUser, record: AuditRecord): Promise<void> {
  await trx
    .insertInto('auditLog')
    .values({
      actorId: actor.userId,
      actorRole: actor.role,
      deptId: record.deptId,
      entity: record.entity,
      entityId: record.entityId,
      action: record.action,
      before: snapshot(record.before),
      after: snapshot(record.after),
    })
    .execute();
}

const AUDIT_COLUMNS = {
  actorId: 'integer',
  actorRole: 'text',
  deptId: 'integer',
  entity: 'text',
  entityId: 'integer',
  action: 'text',
  before: 'jsonb',
  after: 'jsonb',
} as const;

/** Many audit rows at once (an import's records), in the write's transaction like {@link audit}. */
export async function auditMany(trx: Transaction<Database>, actor: { userId: number; role: string }, records: readonly AuditRecord[]): Promise<void> {
  const json = (row: object | null | undefined) => {
    const text = snapshot(row);
    return text === null ? null : (JSON.parse(text) as object);
  };
  const rows = records.map((r) => ({
    actorId: actor.userId,
    actorRole: actor.role,
    deptId: r.deptId,
    entity: r.entity,
    entityId: r.entityId,
    action: r.action,
    before: json(r.before),
    after: json(r.after),
  }));
  await bulkInsert(trx, 'audit_log', AUDIT_COLUMNS, rows);
}
