/**
 * Delivers the outbox over SMTP, from each server process (docs/decisions/008). A mail is claimed by one
 * UPDATE … RETURNING, so that processes sharing the database never send the same mail twice; a failed
 * attempt is retried after MAIL_RETRY_SECONDS, doubled each time, until MAIL_MAX_ATTEMPTS.
 */
import { and, eq, inArray, lte, min, sql } from 'drizzle-orm';
import { createRequire } from 'node:module';
import type { Transporter } from 'nodemailer';
import type { Db } from '../client.ts';
import { config } from '../config.ts';
import { outbox, type OutboxMessage } from '../schema.ts';
import { onMailQueued } from './mail.ts';
import { startBackgroundLoop } from './background-loop.ts';

/** How often a sender looks for mail it was not told about (queued by another process or the CLI). */
const POLL_MS = 5_000;
/** A claim older than this belongs to a process that died while sending: the mail is due again. */
const CLAIM_MS = 5 * 60_000;
const LONGEST_RETRY_MS = 60 * 60_000;

export interface MailSender {
  /** Stops looking for mail, after the mail being sent (if any). */
  stop(): Promise<void>;
}

export interface Delivery {
  id: number;
  to: string;
  status: 'sent' | 'pending' | 'failed';
  error?: string;
}

/** Starts delivering the outbox in the background when SMTP_URL is set; without it, mail stays kept. */
export function startMailSender(db: Db): MailSender {
  if (!config().SMTP_URL) return { stop: async () => undefined };
  const transport = smtpTransport();
  const loop = startBackgroundLoop('Mail sender', POLL_MS, async () => {
    await deliverDueMail(db, transport);
    return untilNextDue(db);
  });
  const unsubscribe = onMailQueued(loop.wake);
  return {
    stop: async () => {
      unsubscribe();
      await loop.stop();
      transport.close();
    },
  };
}

/** Sends every mail that is due now, one at a time, and says what became of each. */
export async function deliverDueMail(db: Db, transport: Transporter = smtpTransport()): Promise<Delivery[]> {
  const deliveries: Delivery[] = [];
  for (let mail = await claimDueMail(db); mail; mail = await claimDueMail(db))
    deliveries.push(await deliver(db, transport, mail));
  return deliveries;
}

export function smtpTransport(): Transporter {
  const { SMTP_URL } = config();
  if (!SMTP_URL) throw new Error('SMTP_URL is not set');
  // Bounded well inside CLAIM_MS, so that a slow server cannot make a claim lapse while the mail is on its way.
  // Loaded when a transport is made, not with the module: most processes never send (a CLI command, a server
  // without SMTP_URL), and loading nodemailer cost each of them 100 ms.
  const nodemailer = createRequire(import.meta.url)('nodemailer') as typeof import('nodemailer');
  return nodemailer.createTransport({
    url: SMTP_URL,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
}

const isDue = (now: Date) => and(inArray(outbox.status, ['pending', 'sending']), lte(outbox.nextAttemptAt, now));

/** Takes the oldest due mail for this process, or nothing: one statement, so no two processes get the same. */
async function claimDueMail(db: Db): Promise<OutboxMessage | undefined> {
  const now = new Date();
  const oldest = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(isDue(now))
    .orderBy(outbox.nextAttemptAt, outbox.id)
    .limit(1);
  const [mail] = await db
    .update(outbox)
    .set({
      status: 'sending',
      attempts: sql`${outbox.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + CLAIM_MS),
    })
    .where(and(eq(outbox.id, sql`(${oldest})`), isDue(now)))
    .returning();
  return mail;
}

async function deliver(db: Db, transport: Transporter, mail: OutboxMessage): Promise<Delivery> {
  try {
    await transport.sendMail({
      from: config().MAIL_FROM,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
      ...(mail.headers ? { headers: mail.headers } : {}),
    });
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const status = mail.attempts >= config().MAIL_MAX_ATTEMPTS ? 'failed' : 'pending';
    const retryMs = Math.min(LONGEST_RETRY_MS, config().MAIL_RETRY_SECONDS * 1000 * 2 ** (mail.attempts - 1));
    await db
      .update(outbox)
      .set({ status, lastError: message, nextAttemptAt: new Date(Date.now() + retryMs) })
      .where(eq(outbox.id, mail.id));
    return { id: mail.id, to: mail.to, status, error: message };
  }
  await db
    .update(outbox)
    .set({ status: 'sent', sentAt: new Date(), lastError: null, text: '', html: null, headers: null })
    .where(eq(outbox.id, mail.id));
  return { id: mail.id, to: mail.to, status: 'sent' };
}

/** Milliseconds until the next mail falls due, at most POLL_MS. */
async function untilNextDue(db: Db): Promise<number> {
  const [row] = await db
    .select({ next: min(outbox.nextAttemptAt) })
    .from(outbox)
    .where(inArray(outbox.status, ['pending', 'sending']));
  // Never less than a moment: what is due now was just sent.
  return row?.next ? Math.min(POLL_MS, Math.max(100, row.next.getTime() - Date.now())) : POLL_MS;
}
