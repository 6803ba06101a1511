/**
 * Anyone could ask /readyz, and on a libSQL server each answer sent the primary a write that changed
 * nothing (to learn whether writes still reach it), which took its write lock: a flood of anonymous probes
 * raised real writes' median from 37 to 488 ms. Now readiness is worked out at most about once a second per
 * process and writes nothing; whether writes reach the primary is what this process's own latest write found.
 * Counted by the libSQL server itself: the server runs on a replica node, whose statistics count every write
 * it passes on to the primary and every statement it runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../setup/server.ts';
import { hasSqld, NO_SQLD, SQLD_AUTH_TOKEN, startSqld, type Sqld } from '../setup/sqld.ts';
import { openDatabase } from '../setup/sql.ts';
import { openDb } from '../../db/client.ts';
import { migrateDb } from '../../db/migrate.ts';
import { useServer } from '../setup/use-server.ts';

const PROBES = 300;

describe.skipIf(!hasSqld)(`a flood of readiness probes${hasSqld ? '' : ` (skipped: ${NO_SQLD})`}`, () => {
  let primary: Sqld;
  let replicaNode: Sqld;
  let admin: string;

  beforeAll(async () => {
    const adminPort = await freePort();
    admin = `http://127.0.0.1:${adminPort}`;
    primary = await startSqld({ grpc: true });
    replicaNode = await startSqld({ primary, args: ['--admin-listen-addr', `127.0.0.1:${adminPort}`] });
    // The schema made on the primary and seen by the node before the server starts on it: a server that migrates
    // an empty primary through a node can read the migrations' table there before the node has it (that start
    // fails once and succeeds when restarted, docs/operations.md); this test is about the probes.
    const onPrimary = await openDb({ url: primary.url, authToken: SQLD_AUTH_TOKEN });
    await migrateDb(onPrimary);
    onPrimary.$client.close();
    const node = await openDatabase(replicaNode.url);
    for (let deadline = Date.now() + 10_000; ; await new Promise((resolve) => setTimeout(resolve, 50))) {
      const seen = await node.execute('SELECT count(*) FROM __drizzle_migrations').then(
        () => true,
        () => false,
      );
      if (seen) break;
      if (Date.now() > deadline) throw new Error('The replica node did not get the schema within 10 s');
    }
    node.close();
  });
  afterAll(async () => {
    await replicaNode?.stop();
    await primary?.stop();
  });
  const { server } = useServer(() => ({ seed: false, env: { DATABASE_URL: replicaNode.url } }));

  /** The replica node's counts: writes it sent the primary, statements it ran itself. */
  async function counts(): Promise<{ writes: number; statements: number }> {
    const res = await fetch(`${admin}/v1/namespaces/default/stats`);
    expect(res.status).toBe(200);
    const stats = (await res.json()) as { write_requests_delegated: number; query_count: number };
    return { writes: stats.write_requests_delegated, statements: stats.query_count };
  }

  it('writes nothing, and asks the database about once a second, however many probes come', async () => {
    expect(await (await fetch(`${server.url}/readyz`)).text()).toBe('ok\n');
    const before = await counts();
    const started = performance.now();
    for (let sent = 0; sent < PROBES; sent += 30) {
      const answers = await Promise.all(Array.from({ length: 30 }, () => fetch(`${server.url}/readyz`)));
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(await answer.text()).toBe('ok\n');
      }
      // Over two seconds or so: the check is made again once its answer is a second old.
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const seconds = (performance.now() - started) / 1000;
    const after = await counts();
    const writes = after.writes - before.writes;
    const statements = after.statements - before.statements;
    console.log(`readiness: ${PROBES} probes in ${seconds.toFixed(1)} s: ${writes} writes, ${statements} statements`);
    // The server's own background jobs may write now and then (a lease taken as each starts: 1-3 in a run);
    // the probes, never: one each would be 300.
    expect(writes).toBeLessThanOrEqual(5);
    // A readiness check is a few reads, made again at most about once a second.
    expect(statements).toBeLessThan(10 * (Math.ceil(seconds) + 1));
  });
});
