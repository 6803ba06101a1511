/**
 * Known devices, after OWASP's "device cookies": a browser that signed in to an account keeps a random token
 * (the `device` cookie; the database holds only its SHA-256). A sign-in from it has a turn of its own, so
 * strangers' failures, which slow the account down, can neither hold up nor refuse the owner there; its own
 * failures are limited per device (decision 041).
 */
import { and, desc, eq, gt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { knownDevices, users } from '../schema.ts';
import { generateSecretToken, hashToken } from '../crypto/tokens.ts';

/** How long a browser stays known without signing in again (each sign-in starts the term over). */
const DEVICE_DAYS = 365;
/** The devices an account keeps: a client that never keeps cookies (a script) must not grow the table. */
const DEVICES_KEPT = 10;

/** The token a browser keeps, and when it ends (the cookie's expiry). */
export interface OpenedDevice {
  token: string;
  expiresAt: Date;
}

/** The id of the device whose token is `token` when it is a known device of the account of `email`, else undefined. */
export async function knownDeviceOf(db: Db, token: string | undefined, email: string): Promise<string | undefined> {
  if (!token || token.length > 100) return undefined;
  const [row] = await db
    .select({ id: knownDevices.id })
    .from(knownDevices)
    .innerJoin(users, eq(users.id, knownDevices.userId))
    .where(and(eq(knownDevices.id, hashToken(token)), eq(users.email, email), gt(knownDevices.expiresAt, new Date())));
  return row?.id;
}

/**
 * A fresh token for the browser that just signed in to `userId`, and the statements that store it for the
 * caller's batch: the token it brought (`replacing`) ends, and so do the account's expired devices and those
 * beyond the newest DEVICES_KEPT.
 */
export function newDevice(db: Db, userId: string, replacing?: string) {
  const device: OpenedDevice = {
    token: generateSecretToken(),
    expiresAt: new Date(Date.now() + DEVICE_DAYS * 24 * 60 * 60 * 1000),
  };
  const id = hashToken(device.token);
  const kept = db
    .select({ id: knownDevices.id })
    .from(knownDevices)
    .where(eq(knownDevices.userId, userId))
    .orderBy(desc(knownDevices.createdAt), desc(knownDevices.id))
    .limit(DEVICES_KEPT);
  const statements = [
    db.insert(knownDevices).values({ id, userId, expiresAt: device.expiresAt }),
    db
      .delete(knownDevices)
      .where(
        and(
          eq(knownDevices.userId, userId),
          or(
            replacing ? eq(knownDevices.id, replacing) : sql`0`,
            lte(knownDevices.expiresAt, new Date()),
            sql`${knownDevices.id} NOT IN ${kept}`,
          ),
        ),
      ),
  ] as const;
  return { device, statements };
}

/** The known devices of a user, newest first: when each signed in last and until when it is known (the data export). */
export async function listUserDevices(db: Db, userId: string): Promise<Array<{ createdAt: Date; expiresAt: Date }>> {
  return db
    .select({ createdAt: knownDevices.createdAt, expiresAt: knownDevices.expiresAt })
    .from(knownDevices)
    .where(and(eq(knownDevices.userId, userId), gt(knownDevices.expiresAt, new Date())))
    .orderBy(desc(knownDevices.createdAt), desc(knownDevices.id));
}
