/**
 * A process's calls to a libSQL server wait in a queue of their kind (db/remote-client.ts): writes four at a
 * time, reads forty-eight, at most a thousand of each waiting. Past that a call is turned away at once with a 503
 * and Retry-After, and writes nothing, rather than wait out the deadline; the queue then serves the next calls
 * as before (docs/decisions/027).
 */
import { createClient, type Client } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tuneRemoteClient, QueueFull } from '../../db/remote-client.ts';
import { errorToResponse } from '../../site/lib/server/http.ts';
import { hasSqld, NO_SQLD, SQLD_AUTH_TOKEN, startSqld, type Sqld } from '../setup/sqld.ts';

describe.skipIf(!hasSqld)(`the queues of calls to a libSQL server${hasSqld ? '' : ` (skipped: ${NO_SQLD})`}`, () => {
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
    for (const error of refused) expect(error).toBeInstanceOf(QueueFull);
    const written = (await client.execute('SELECT n FROM notes ORDER BY n')).rows.map((row) => Number(row[0]));
    expect(written).toEqual(Array.from({ length: 1004 }, (_, n) => n));
    // The queue is free again.
    await client.execute({ sql: 'INSERT INTO notes (n) VALUES (?)', args: [5000] });
  });

  it('turns away the reads past forty-eight running and a thousand waiting; the rest are all answered', async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 1052 }, () => client.execute('SELECT count(*) FROM notes')),
    );
    const refused = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
    expect(refused).toHaveLength(4);
    for (const error of refused) expect(error).toBeInstanceOf(QueueFull);
    expect((await client.execute('SELECT count(*) AS n FROM notes')).rows[0]!.n).toBe(1005);
  });

  it('answers a turned-away write with a 503, Retry-After and a message that says nothing changed', async () => {
    const response = errorToResponse(new QueueFull());
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(await response.json()).toEqual({
      message: 'The server is busy: nothing was changed. Please try again in a moment.',
      code: 'BUSY',
    });
  });
});
