/** Outgoing mail: over SMTP when SMTP_URL is set, otherwise into the outbox table (`skillshelf mail outbox`). */
import { desc } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../client.ts';
import { config } from '../config.ts';
import { outbox, type OutboxMessage } from '../schema.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

let transporter: Transporter | undefined;

/** Where sendMail puts mail: out over SMTP, or into the outbox table. */
export function mailTransport(): 'smtp' | 'outbox' {
  return config().SMTP_URL ? 'smtp' : 'outbox';
}

export async function sendMail(db: Db, mail: Mail): Promise<void> {
  const { SMTP_URL, MAIL_FROM } = config();
  if (!SMTP_URL) {
    await db.insert(outbox).values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null });
    return;
  }
  transporter ??= nodemailer.createTransport(SMTP_URL);
  await transporter.sendMail({ from: MAIL_FROM, ...mail });
}

export async function listOutbox(db: Db, limit = 100): Promise<OutboxMessage[]> {
  return db.select().from(outbox).orderBy(desc(outbox.id)).limit(limit);
}
