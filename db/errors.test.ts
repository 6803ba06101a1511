/** What a failed query shows when printed or logged: its SQL and cause, never the values it was given. */
import { createClient } from '@libsql/client';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import { describe, expect, it } from 'vitest';
import { withoutQueryValues } from './errors.ts';

const SECRET = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0$aGFzaA';

/** A real failed query: a value refused by a table's NOT NULL, through drizzle on an in-memory database. */
async function failedQuery(): Promise<Error> {
  const client = createClient({ url: ':memory:' });
  try {
    const db = drizzle(client);
    await db.run(sql`CREATE TABLE users (email TEXT NOT NULL, password_hash TEXT NOT NULL)`);
    await db.run(sql`INSERT INTO users (email, password_hash) VALUES (${null}, ${SECRET})`);
  } catch (error) {
    return error as Error;
  } finally {
    client.close();
  }
  throw new Error('the query did not fail');
}

describe('a failed query fit to print or log', () => {
  it('keeps its SQL, cause and frames, and leaves its values out', async () => {
    const error = await failedQuery();
    expect(error.message).toContain(SECRET);
    const shown = withoutQueryValues(error) as Error & { params?: unknown };
    expect(shown.message).toBe('Failed query: INSERT INTO users (email, password_hash) VALUES (?, ?)');
    expect(shown.params).toBeUndefined();
    expect(shown.cause).toBe(error.cause);
    expect(String((shown.cause as Error).message)).toMatch(/NOT NULL/);
    expect(shown.stack).not.toContain(SECRET);
    expect(shown.stack).toMatch(/^Error: Failed query: INSERT INTO users .+\n\s+at /);
  });

  it('leaves any other error as it is', () => {
    const other = new Error('params: not a query');
    expect(withoutQueryValues(other)).toBe(other);
    expect(withoutQueryValues('text')).toBe('text');
  });
});
