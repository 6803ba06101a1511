/**
 * Email verification, as Lucia's guide and GitHub keep it: a new address (at sign-up, or a change of email)
 * is mailed a link holding a random token (stored as its SHA-256, as sessions are); opening it shows that the
 * address is the person's. Until then the account works as any other, but no mail other than the
 * verification goes to the address (no digest, no decision, no notice of a change). A link verifies only the
 * address it was mailed to, for VERIFY_HOURS; asking for another ends the earlier ones.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { publicUrl } from '../config.ts';
import { notFound } from '../errors.ts';
import { emailVerifications, users, type User } from '../schema.ts';
import { generateSecretToken, hashToken } from '../crypto/tokens.ts';
import { parseInput } from '../validation/parse.ts';
import { verifyEmailPath } from '../validation/secret-links.ts';
import { queueMail, wakeMailSender } from '../operations/mail.ts';
import { addressGroup, hitLimit } from '../operations/rate-limit.ts';
import { VERIFY_LINK_INVALID, verifyEmailInput } from './validation/users.ts';

/** How long a mailed link works. */
export const VERIFY_HOURS = 48;
export const EMAIL_VERIFIED = 'Your email address is verified';
export const VERIFY_SUBJECT = 'Verify your Skillshelf email address';

/**
 * The statements that mail `user` a link verifying `email` (their address, new or as it is), for the caller's
 * batch: the account's earlier links end, the new one is stored and its mail queued. Call wakeMailSender()
 * once written.
 */
export function verificationStatements(db: Db, user: Pick<User, 'id' | 'name'>, email: string) {
  const token = generateSecretToken();
  const link = `${publicUrl()}${verifyEmailPath(token)}`;
  return [
    db.delete(emailVerifications).where(eq(emailVerifications.userId, user.id)),
    db.insert(emailVerifications).values({
      id: hashToken(token),
      userId: user.id,
      email,
      expiresAt: new Date(Date.now() + VERIFY_HOURS * 60 * 60 * 1000),
    }),
    queueMail(db, {
      userId: user.id,
      to: email,
      subject: VERIFY_SUBJECT,
      text: `Hello ${user.name},\n\nTo confirm that ${email} is your address, open this link within ${VERIFY_HOURS} hours:\n\n${link}\n\nUntil then Skillshelf sends nothing else to this address. If you did not make a Skillshelf account, ignore this mail.\n`,
    }),
  ] as const;
}

/** Whether mail other than a verification may go to the user's address. */
export const isVerified = (user: Pick<User, 'emailVerifiedAt'>) => user.emailVerifiedAt !== null;

/**
 * Opens a mailed link: the address it was mailed to is verified when it is still the account's, and every
 * link of the account ends. Anything else (expired, used, another address since) is a 404 saying so.
 */
export async function verifyEmail(
  db: Db,
  input: unknown,
  client?: { address: string },
): Promise<{ message: string; email: string }> {
  if (client) await hitLimit(db, 'RATE_LIMIT_VERIFY_IP', addressGroup(client.address));
  const { token } = parseInput(verifyEmailInput, input);
  const [link] = await db
    .select({ userId: emailVerifications.userId, email: emailVerifications.email })
    .from(emailVerifications)
    .innerJoin(users, eq(users.id, emailVerifications.userId))
    .where(
      and(
        eq(emailVerifications.id, hashToken(token)),
        gt(emailVerifications.expiresAt, new Date()),
        eq(users.email, emailVerifications.email),
      ),
    );
  if (!link) throw notFound(VERIFY_LINK_INVALID);
  // One batch, checked again inside: the address must still be the one the link was mailed to.
  const [updated] = await db.batch([
    db
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${Date.now()})` })
      .where(and(eq(users.id, link.userId), eq(users.email, link.email)))
      .returning({ id: users.id }),
    db.delete(emailVerifications).where(eq(emailVerifications.userId, link.userId)),
  ]);
  if (updated.length === 0) throw notFound(VERIFY_LINK_INVALID);
  return { message: EMAIL_VERIFIED, email: link.email };
}

/** Whether a link still works (the page says so before anything is pressed). */
export async function verificationLinkEmail(db: Db, token: string): Promise<string | undefined> {
  if (!token || token.length > 200) return undefined;
  const [link] = await db
    .select({ email: emailVerifications.email })
    .from(emailVerifications)
    .innerJoin(users, eq(users.id, emailVerifications.userId))
    .where(
      and(
        eq(emailVerifications.id, hashToken(token)),
        gt(emailVerifications.expiresAt, new Date()),
        eq(users.email, emailVerifications.email),
      ),
    );
  return link?.email;
}

/** A new link for a signed-in user whose address is not verified yet (limited per account); else nothing to do. */
export async function resendVerification(db: Db, userId: string): Promise<{ message: string }> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound('User not found');
  if (isVerified(user)) return { message: EMAIL_VERIFIED };
  await hitLimit(db, 'RATE_LIMIT_VERIFY_MAIL_USER', userId);
  await db.batch([...verificationStatements(db, user, user.email)]);
  wakeMailSender();
  return { message: `We sent a new link to ${user.email}` };
}
