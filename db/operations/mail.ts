/**
 * Outgoing mail. Every mail goes into the outbox table first, in the caller's write: no request ever waits
 * for an SMTP server (which would tell, by its time or its failure, that a mail was sent). With SMTP_URL set
 * it goes in as 'pending' and the mail sender (./mail-sender.ts) delivers it; without, it is kept there
 * ('kept'), read with `skillshelf mail outbox`.
 */
import { count, desc, inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { config } from '../config.ts';
import { outbox, type MailStatus, type OutboxMessage } from '../schema.ts';

export type { OutboxMessage };

export interface Mail {
  /** The account it is to: its mail goes with it when it is deleted. */
  userId: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (a digest's List-Unsubscribe, RFC 8058). */
  headers?: Record<string, string>;
}

/** What becomes of mail: delivered over SMTP, or kept in the outbox table. */
export function mailTransport(): 'smtp' | 'outbox' {
  return config().SMTP_URL ? 'smtp' : 'outbox';
}

/** The status a mail is queued with: pending delivery over SMTP, or kept in the outbox. */
export const queuedStatus = (): MailStatus => (mailTransport() === 'smtp' ? 'pending' : 'kept');

/** The insert that queues a mail, for a caller's batch; call wakeMailSender() once it is written. */
export function queueMail(db: Db, mail: Mail) {
  return db.insert(outbox).values({
    userId: mail.userId,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    headers: mail.headers ?? null,
    status: queuedStatus(),
  });
}

// Process-wide: the server's sender and Astro's bundle load this module separately.
const LISTENERS = Symbol.for('skillshelf.mailQueued');
const listeners = ((globalThis as Record<symbol, unknown>)[LISTENERS] ??= new Set<() => void>()) as Set<() => void>;

/** Tells this process's mail sender that mail is waiting, so it need not wait for its next look. */
export function wakeMailSender(): void {
  for (const listener of listeners) listener();
}

export function onMailQueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function listOutbox(db: Db, limit = 100): Promise<OutboxMessage[]> {
  return db.select().from(outbox).orderBy(desc(outbox.id)).limit(limit);
}

/** Mail waiting to be delivered (pending, or being sent): what the sender has yet to do. */
export async function outboxBacklog(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(outbox)
    .where(inArray(outbox.status, ['pending', 'sending']));
  return row?.n ?? 0;
}
