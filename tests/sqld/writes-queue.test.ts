/**
 * A process's writes to a libSQL server wait in one queue (db/remote-client.ts): four at a time, at most a
 * thousand waiting. Past that a write is turned away at once with a 503 and Retry-After, and writes nothing,
 * rather than wait out the deadline; the queue then serves the next writes as before (docs/decisions/027).
 */
import { createClient, type Client } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tuneRemoteClient, WritesQueueFull } from '../../db/remote-client.ts';
import { errorToResponse } from '../../site/lib/server/http.ts';
import { hasSqld, NO_SQLD, SQLD_AUTH_TOKEN, startSqld, type Sqld } from '../setup/sqld.ts';

describe.skipIf(!hasSqld)(`the writes queue to a libSQL server${hasSqld ? '' : ` (skipped: ${NO_SQLD})`}`, () => {
  let primary: Sqld;
  let client: Client;

  beforeAll(async () => {
    primary = await startSqld();
    client = createClient({ url: primary.url, authToken: SQLD_AUTH_TOKEN });
    tuneRemoteClient(client, { busyTimeoutMs: 5_000, timeoutMs: 60_000 });
    await client.execute('CREATE TABLE notes (n INTEGER PRIMARY KEY)');
  });
  afterAll(async () => {
    client?.close();
    await primary?.stop();
  });

  it('turns away the writes past four running and a thousand waiting, which write nothing; the rest are all done', async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 1010 }, (_, n) => client.execute({ sql: 'INSERT INTO notes (n) VALUES (?)', args: [n] })),
    );
    const refused = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
    expect(refused).toHaveLength(6);
    for (const error of refused) expect(error).toBeInstanceOf(WritesQueueFull);
    const written = (await client.execute('SELECT n FROM notes ORDER BY n')).rows.map((row) => Number(row[0]));
    expect(written).toEqual(Array.from({ length: 1004 }, (_, n) => n));
    // The queue is free again.
    await client.execute({ sql: 'INSERT INTO notes (n) VALUES (?)', args: [5000] });
  });

  it('answers a turned-away write with a 503, Retry-After and a message that says nothing changed', async () => {
    const response = errorToResponse(new WritesQueueFull());
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(await response.json()).toEqual({
      message: 'The server is busy: nothing was changed. Please try again in a moment.',
      code: 'BUSY',
    });
  });
});
