/**
 * A process's calls to a libSQL server wait in a queue of their kind (db/remote-client.ts): writes four at a
 * time, reads forty-eight, at most a thousand of each waiting. Past that a call is turned away at once with a 503
 * and Retry-After, and writes nothing, rather than wait out the deadline; the queue then serves the next calls
 * as before (docs/decisions/027). A call's turn is held until the server answers, and an answer the server
 * never sends is given up (after a minute; here after two seconds), so lost requests cannot stop the process's writes.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { createClient, type Client } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answeredWithin, DatabaseUnavailable, tuneRemoteClient, QueueFull } from '../../db/remote-client.ts';
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

  it('gives up an answer the server never sends: four lost writes do not stop the next', async () => {
    // A front for the server that loses the first four writes: each reaches it and is never answered.
    let toLose = 4;
    const lost: ServerResponse[] = [];
    const front = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      if (toLose > 0 && body.includes('INSERT')) {
        toLose--;
        lost.push(res);
        return;
      }
      const answer = await fetch(`${primary.url}${req.url}`, {
        method: req.method,
        headers: { authorization: req.headers.authorization ?? '', 'content-type': req.headers['content-type'] ?? '' },
        ...(body.length > 0 && { body }),
      });
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    const deadlineMs = 1_000;
    const lossy = createClient({
      url: `http://127.0.0.1:${(front.address() as AddressInfo).port}`,
      authToken: SQLD_AUTH_TOKEN,
      fetch: answeredWithin(2 * deadlineMs),
    });
    tuneRemoteClient(lossy, { busyTimeoutMs: deadlineMs, timeoutMs: deadlineMs });
    try {
      const unanswered = await Promise.allSettled(
        [6001, 6002, 6003, 6004].map((n) => lossy.execute({ sql: 'INSERT INTO notes (n) VALUES (?)', args: [n] })),
      );
      expect(lost).toHaveLength(4);
      for (const outcome of unanswered) {
        expect(outcome.status).toBe('rejected');
        expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(DatabaseUnavailable);
      }
      // Past the cap the four exchanges are cut and their turns free: the next write is done.
      await sleep(2 * deadlineMs);
      await lossy.execute({ sql: 'INSERT INTO notes (n) VALUES (?)', args: [6005] });
      const written = await client.execute('SELECT n FROM notes WHERE n > 6000');
      expect(written.rows.map((row) => Number(row[0]))).toEqual([6005]);
    } finally {
      lossy.close();
      for (const res of lost) res.destroy();
      await new Promise((resolve) => front.close(resolve));
    }
  });
});
