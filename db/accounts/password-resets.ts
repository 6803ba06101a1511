/**
 * A forgotten password (docs/product.md#pages; the one answer for every email is FORGET_PASSWORD_REPLY). The
 * request must not tell whether an account exists, by its answer, its time or its work: so it only writes the
 * request (the same insert for any email) and a worker in each server process, off the request path, makes
 * the reset link and queues its mail when the email has an account (decision 026). An admin's reset for a
 * known user (the CLI) makes the link at once.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { config, publicUrl } from '../config.ts';
import { outbox, passwordResetRequests, passwordResetTokens, users } from '../schema.ts';
import { guard, isGuardFailure } from '../batch.ts';
import { generateSecretToken, hashToken } from '../crypto/tokens.ts';
import { parseInput } from '../validation/parse.ts';
import { resetPasswordPath } from '../validation/secret-links.ts';
import { forgetPasswordInput } from './validation/users.ts';
import { queuedStatus, wakeMailSender } from '../operations/mail.ts';
import { addressGroup, hitLimit } from '../operations/rate-limit.ts';
import { startBackgroundLoop } from '../operations/background-loop.ts';
import { FORGET_PASSWORD_REPLY, findUserByEmail } from './users.ts';

interface Client {
  address: string;
}

const RESET_TTL = () => config().RESET_TOKEN_MINUTES * 60 * 1000;
const RESET_SUBJECT = 'Reset your Skillshelf password';

// Process-wide: the server's worker and Astro's bundle load this module separately.
const WAKE = Symbol.for('skillshelf.resetRequested');
const wakers = ((globalThis as Record<symbol, unknown>)[WAKE] ??= new Set<() => void>()) as Set<() => void>;

/** Asks for a reset link: after the limits, one insert whatever the email, and the same answer. */
export async function requestPasswordReset(db: Db, input: unknown, client?: Client): Promise<{ message: string }> {
  const { email } = parseInput(forgetPasswordInput, input);
  if (client) {
    await hitLimit(db, 'RATE_LIMIT_FORGET_IP', addressGroup(client.address));
    await hitLimit(db, 'RATE_LIMIT_FORGET_ACCOUNT', email);
  }
  await db.insert(passwordResetRequests).values({ email });
  for (const wake of wakers) wake();
  return { message: FORGET_PASSWORD_REPLY };
}

/**
 * The token and the mail of a reset link for the account of `email`, for the caller's batch: two inserts that
 * take the account from `users` themselves, so they are the same statements whether or not it exists (and then
 * write nothing). The worker runs in the request's process: a lookup and two more inserts for a registered
 * email only would be work the next request could feel.
 */
function resetLinkStatements(db: Db, email: string) {
  const token = generateSecretToken();
  const link = `${publicUrl()}${resetPasswordPath(token)}`;
  const minutes = config().RESET_TOKEN_MINUTES;
  const account = sql`FROM ${users} WHERE ${users.email} = ${email}`;
  const text = sql`${'Hello '} || ${users.name} || ${`,\n\nSomeone asked to reset the password of your Skillshelf account. To choose a new one, open this link within ${minutes} minutes:\n\n${link}\n\nIf it was not you, ignore this mail: your password stays the same.\n`}`;
  return [
    db.run(
      sql`INSERT INTO ${passwordResetTokens} (id, user_id, expires_at) SELECT ${hashToken(token)}, ${users.id}, ${Date.now() + RESET_TTL()} ${account}`,
    ),
    db.run(
      sql`INSERT INTO ${outbox} (user_id, "to", subject, text, status) SELECT ${users.id}, ${users.email}, ${RESET_SUBJECT}, ${text}, ${queuedStatus()} ${account}`,
    ),
  ] as const;
}

/** Mails a reset link at once, when the email has an account (an admin's reset for a user they name). */
export async function mailResetLink(db: Db, email: string): Promise<boolean> {
  const user = await findUserByEmail(db, email);
  if (!user) return false;
  await db.batch(resetLinkStatements(db, user.email));
  wakeMailSender();
  return true;
}

/**
 * Answers the requests waiting, oldest first: each is taken (deleted) in the batch that writes its link and
 * mail when its email has an account, so a request is gone exactly when its mail is there, and a request
 * another process took meanwhile fails this one's guard and is skipped. The same statements for any email.
 * Returns how many it answered.
 */
export async function answerResetRequests(db: Db): Promise<number> {
  let answered = 0;
  for (;;) {
    const [request] = await db.select().from(passwordResetRequests).orderBy(asc(passwordResetRequests.id)).limit(1);
    if (!request) break;
    try {
      await db.batch([
        guard(
          db,
          sql`EXISTS (SELECT 1 FROM ${passwordResetRequests} WHERE ${passwordResetRequests.id} = ${request.id})`,
        ),
        db.delete(passwordResetRequests).where(eq(passwordResetRequests.id, request.id)),
        ...resetLinkStatements(db, request.email),
      ]);
      answered++;
    } catch (error) {
      if (!isGuardFailure(error)) throw error;
    }
  }
  if (answered) wakeMailSender();
  return answered;
}

/** How often a worker looks for requests it was not woken for (made by another process). */
const POLL_MS = 5_000;

/** Answers reset requests in the background, woken by each request this process takes. */
export function startResetWorker(db: Db): { stop(): Promise<void> } {
  const loop = startBackgroundLoop('Password reset worker', POLL_MS, async (): Promise<undefined> => {
    await answerResetRequests(db);
  });
  wakers.add(loop.wake);
  return {
    stop: async () => {
      wakers.delete(loop.wake);
      await loop.stop();
    },
  };
}
