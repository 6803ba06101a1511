/** The admin audit log: who changed what, written in the same batch as the change itself. */
import { desc, gte } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { auditLog, type AuditEntry } from '../schema.ts';
// Every action an entry may record, with its label.
import type { AuditAction } from '../validation/audit-actions.ts';

export type { AuditEntry };

/** Who is acting: a signed-in admin, or an operator at the terminal. */
export type Actor = { kind: 'user'; id: string; email: string } | { kind: 'cli'; name: string };

export const actorId = (actor: Actor) => (actor.kind === 'user' ? `user:${actor.id}` : `cli:${actor.name}`);
/** Who that was, readable (an admin's email, a terminal user): the audit log's and decided submissions' label. */
export const actorLabel = (actor: Actor) => (actor.kind === 'user' ? actor.email : `${actor.name} (cli)`);

/** The insert of one audit entry, to put in the batch of the change it records. */
export function auditEntry(
  db: Db,
  actor: Actor,
  action: AuditAction,
  target: { type: string; id: string },
  details?: Record<string, unknown>,
) {
  return db.insert(auditLog).values({
    actor: actorId(actor),
    actorLabel: actorLabel(actor),
    action,
    targetType: target.type,
    targetId: target.id,
    details: details ?? null,
  });
}

/**
 * The insert of one entry per target of one action, as a single statement: a bulk action's 500 entries cost
 * one statement's preparation rather than 500, in the batch that holds the write lock. Give at least one.
 */
export function auditEntries(
  db: Db,
  actor: Actor,
  action: AuditAction,
  entries: ReadonlyArray<{ target: { type: string; id: string }; details?: Record<string, unknown> }>,
) {
  const [actorKey, label] = [actorId(actor), actorLabel(actor)];
  return db.insert(auditLog).values(
    entries.map(({ target, details }) => ({
      actor: actorKey,
      actorLabel: label,
      action,
      targetType: target.type,
      targetId: target.id,
      details: details ?? null,
    })),
  );
}

export async function listAudit(db: Db, options: { since?: Date; limit?: number } = {}): Promise<AuditEntry[]> {
  const query = db.select().from(auditLog);
  const filtered = options.since ? query.where(gte(auditLog.at, options.since)) : query;
  return filtered.orderBy(desc(auditLog.at), desc(auditLog.id)).limit(options.limit ?? 1000);
}
