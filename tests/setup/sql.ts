/** Reads and arranges a test server's database directly: what a test checks behind the API, or sets up before it. */
import { type Client, createClient } from '@libsql/client';
import { databaseAuthToken } from './test-database.ts';

/**
 * A client on the database at `dbUrl`. On a file it waits for the server's writer (a job it started, a
 * request) rather than failing at once with SQLITE_BUSY, as the server's own connections do.
 */
export async function openDatabase(dbUrl: string): Promise<Client> {
  const db = createClient({ url: dbUrl, authToken: databaseAuthToken(dbUrl) });
  if (dbUrl.startsWith('file:')) await db.execute('PRAGMA busy_timeout = 10000');
  return db;
}

/** The rows of one statement on the database at `dbUrl`, as plain objects (column name → value). */
export async function sqlRows(
  dbUrl: string,
  statement: string,
  args: Array<string | number> = [],
): Promise<Array<Record<string, unknown>>> {
  const db = await openDatabase(dbUrl);
  try {
    return (await db.execute({ sql: statement, args })).rows.map((row) => ({ ...row }));
  } finally {
    db.close();
  }
}

/**
 * The token of the newest password-reset mail to `email` in the outbox (what the user would click), once
 * the server's worker has answered every request for it (a request is gone in the batch that writes its mail).
 */
export async function mailedResetToken(dbUrl: string, email: string): Promise<string> {
  for (
    const started = Date.now();
    Date.now() - started < 5000;
    await new Promise((resolve) => setTimeout(resolve, 20))
  ) {
    const [waiting] = await sqlRows(dbUrl, 'SELECT count(*) AS n FROM password_reset_requests WHERE email = ?', [
      email.toLowerCase(),
    ]);
    if (Number(waiting?.n) === 0) break;
  }
  const [mail] = await sqlRows(dbUrl, 'SELECT text FROM outbox WHERE "to" = ? ORDER BY id DESC LIMIT 1', [
    email.toLowerCase(),
  ]);
  const token = /\/reset-password\/([a-z0-9]+)/.exec(String(mail?.text ?? ''))?.[1];
  if (!token) throw new Error(`no reset mail for ${email}`);
  return token;
}

/**
 * Marks the address of the account of `email` verified, as opening its mailed link does: for the tests of
 * mail that goes only to a verified address (tests/api/email-verification.test.ts opens the link itself).
 */
export async function markEmailVerified(dbUrl: string, email: string): Promise<void> {
  await sqlRows(dbUrl, 'UPDATE users SET email_verified_at = ? WHERE email = ?', [Date.now(), email.toLowerCase()]);
}

/** The token of the newest verification link mailed to `email` (what the person would open). */
export async function mailedVerificationToken(dbUrl: string, email: string): Promise<string> {
  const [mail] = await sqlRows(
    dbUrl,
    'SELECT text FROM outbox WHERE "to" = ? AND subject = \'Verify your Skillshelf email address\' ORDER BY id DESC LIMIT 1',
    [email.toLowerCase()],
  );
  const token = /\/verify-email\/([a-z0-9]+)/.exec(String(mail?.text ?? ''))?.[1];
  if (!token) throw new Error(`no verification mail to ${email}`);
  return token;
}
