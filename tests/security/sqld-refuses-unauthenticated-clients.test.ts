/**
 * A libSQL server answers only clients with a token signed by its key. Found: sqld, as deploy/sqld.service
 * started it, took any request on its HTTP port, so one unauthenticated `POST /v2/pipeline` read every email and
 * password hash, and `UPDATE users SET is_admin = 1` made its sender an admin. Every sqld the tests start is
 * started as the unit starts it, with `--auth-jwt-key-file` (tests/setup/sqld.ts): here a primary and a replica
 * node of it refuse requests without the token, or with one signed by another key, and take the token.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasSqld, NO_SQLD, SQLD_AUTH_TOKEN, sqldToken, startSqld, type Sqld } from '../setup/sqld.ts';

const FOREIGN_TOKEN = sqldToken(generateKeyPairSync('ed25519').privateKey);

/** One Hrana statement over HTTP, as anyone who reaches the port can send it. */
function pipeline(url: string, sql: string, token?: string): Promise<Response> {
  return fetch(`${url}/v2/pipeline`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ requests: [{ type: 'execute', stmt: { sql } }, { type: 'close' }] }),
  });
}

async function isAdmin(url: string): Promise<number> {
  const res = await pipeline(url, "SELECT is_admin FROM users WHERE email = 'mallory@example.com'", SQLD_AUTH_TOKEN);
  expect(res.status).toBe(200);
  const answer = (await res.json()) as {
    results: Array<{ response: { result: { rows: Array<Array<{ value: string }>> } } }>;
  };
  return Number(answer.results[0]!.response.result.rows[0]![0]!.value);
}

describe.skipIf(!hasSqld)(`sqld refuses unauthenticated clients${hasSqld ? '' : ` (skipped: ${NO_SQLD})`}`, () => {
  let primary: Sqld;
  let replicaNode: Sqld;
  const dir = mkdtempSync(join(tmpdir(), 'skillshelf-sqld-auth-'));

  beforeAll(async () => {
    primary = await startSqld({ grpc: true });
    replicaNode = await startSqld({ primary });
    for (const sql of [
      'CREATE TABLE users (email TEXT, password_hash TEXT, is_admin INTEGER)',
      "INSERT INTO users VALUES ('mallory@example.com', '$argon2id$secret', 0)",
    ]) {
      expect((await pipeline(primary.url, sql, SQLD_AUTH_TOKEN)).status).toBe(200);
    }
  });
  afterAll(async () => {
    await replicaNode?.stop();
    await primary?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a read or a write without a token, or with a token of another key, on the primary and on a replica node', async () => {
    for (const node of [primary, replicaNode]) {
      for (const token of [undefined, FOREIGN_TOKEN, 'not-a-jwt']) {
        const read = await pipeline(node.url, 'SELECT email, password_hash FROM users', token);
        expect(read.status).toBe(401);
        expect(await read.text()).not.toContain('argon2id');
        expect((await pipeline(node.url, 'UPDATE users SET is_admin = 1', token)).status).toBe(401);
      }
      // The whole database as SQL, and the other protocols' doors.
      const dump = await fetch(`${node.url}/dump`);
      expect(dump.status).toBe(401);
      expect(await dump.text()).not.toContain('argon2id');
      expect(
        (await fetch(`${node.url}/v1/execute`, { method: 'POST', body: JSON.stringify({ stmt: { sql: 'SELECT 1' } }) }))
          .status,
      ).toBe(401);
      expect(
        (
          await fetch(`${node.url}/v3/pipeline`, {
            method: 'POST',
            body: JSON.stringify({ baton: null, requests: [] }),
          })
        ).status,
      ).toBe(401);
      expect(
        (await fetch(node.url, { method: 'POST', body: JSON.stringify({ statements: ['SELECT 1'] }) })).status,
      ).toBe(401);
    }
    await expect.poll(() => isAdmin(replicaNode.url)).toBe(0);
    expect(await isAdmin(primary.url)).toBe(0);
  });

  it('refuses a libSQL client, and an embedded replica’s sync, without the token', async () => {
    const client = createClient({ url: primary.url });
    await expect(client.execute('SELECT email FROM users')).rejects.toThrow(/401|Unauthorized/i);
    client.close();
    const replica = createClient({ url: `file:${join(dir, 'replica.db')}`, syncUrl: primary.url });
    await expect(replica.sync()).rejects.toThrow();
    await expect(replica.execute('SELECT email FROM users')).rejects.toThrow(/no such table/);
    replica.close();
  });

  it('takes the token: reads and writes, on the primary and through a replica node', async () => {
    for (const node of [primary, replicaNode]) {
      const client = createClient({ url: node.url, authToken: SQLD_AUTH_TOKEN });
      try {
        await client.execute(
          "UPDATE users SET password_hash = '$argon2id$changed' WHERE email = 'mallory@example.com'",
        );
        expect((await client.execute('SELECT count(*) AS n FROM users')).rows[0]!.n).toBe(1);
      } finally {
        client.close();
      }
    }
    const replica = createClient({
      url: `file:${join(dir, 'synced.db')}`,
      syncUrl: primary.url,
      authToken: SQLD_AUTH_TOKEN,
    });
    try {
      await replica.sync();
      expect((await replica.execute('SELECT password_hash FROM users')).rows[0]!.password_hash).toBe(
        '$argon2id$changed',
      );
    } finally {
      replica.close();
    }
  });
});
