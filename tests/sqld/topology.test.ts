/**
 * Past one machine, for real: a sqld primary, a sqld replica node following it, and two Skillshelf servers, one
 * straight on the primary and one keeping an embedded replica of it (DATABASE_SYNC_URL). What is done through
 * one server shows through the other, cached pages included, within a second plus the sync interval; sessions
 * and rate limits are the same on both; with two server processes, each keeps a replica file of its own, and a
 * CLI command works on the primary, never on a server's replica file (docs/decisions/027).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/harness.ts';
import { apiClient, DEMO_ADMIN, uniqueEmail, type ApiClient } from '../setup/http.ts';
import { startServer, type TestServer } from '../setup/server.ts';
import { hasSqld, NO_SQLD, SQLD_AUTH_TOKEN, startSqld, type Sqld } from '../setup/sqld.ts';
import { startTopology, type Topology } from '../setup/topology.ts';

const SYNC_SECONDS = 1;
/** The freshness bound: a second for the page caches (decision 023) plus the replica's sync interval. */
const FRESH = { timeout: 1000 + SYNC_SECONDS * 1000 + 1000, interval: 50 };

describe.skipIf(!hasSqld)(
  `two servers on a sqld primary and its replicas${hasSqld ? '' : ` (skipped: ${NO_SQLD})`}`,
  () => {
    let topology: Topology;
    let primary: Sqld;
    let replicaNode: Sqld;
    let onPrimary: TestServer;
    let onReplica: TestServer;
    let a: ApiClient;
    let b: ApiClient;
    /** Files of the servers and CLI runs the tests start themselves. */
    const dir = mkdtempSync(join(tmpdir(), 'skillshelf-topology-'));

    beforeAll(async () => {
      topology = await startTopology({ primary: { grpc: true }, replicaPulls: [SYNC_SECONDS] });
      ({ primary, onPrimary } = topology);
      onReplica = topology.onReplicas[0]!;
      replicaNode = await startSqld({ primary });
      a = apiClient(onPrimary.url);
      b = apiClient(onReplica.url);
    });
    afterAll(async () => {
      await replicaNode?.stop();
      await topology?.stop();
      rmSync(dir, { recursive: true, force: true });
    });

    it('the replica node serves what the primary wrote', async () => {
      const node = createClient({ url: replicaNode.url, authToken: SQLD_AUTH_TOKEN });
      try {
        await expect
          .poll(async () => Number((await node.execute('SELECT count(*) FROM contents')).rows[0]![0]), FRESH)
          .toBeGreaterThan(100);
      } finally {
        node.close();
      }
    });

    it('a sign-up on one server signs in on the other, and each recognises the other’s session', async () => {
      const account = { name: 'Two Servers', email: uniqueEmail('topology'), password: 'password-123' };
      expect(
        (
          await a.call('signUp', {
            body: account,
          })
        ).status,
      ).toBe(201);
      await expect
        .poll(
          async () =>
            (
              await b.call('signIn', {
                body: account,
              })
            ).status,
          FRESH,
        )
        .toBe(200);
      const fromB = (
        await b.call('signIn', {
          body: account,
        })
      ).body.token as string;
      // Its own write, read at once where it was made; the other reads the primary.
      expect(
        (
          await b.call('getProfile', {
            token: fromB,
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await a.call('getProfile', {
            token: fromB,
          })
        ).status,
      ).toBe(200);
      const fromA = (
        await a.call('signIn', {
          body: account,
        })
      ).body.token as string;
      await expect
        .poll(
          async () =>
            (
              await b.call('getProfile', {
                token: fromA,
              })
            ).status,
          FRESH,
        )
        .toBe(200);
    });

    it('a save, a review and an admin edit made through one server show through the other, on cached pages too', async () => {
      const account = { name: 'Reviewer Elsewhere', email: uniqueEmail('topology'), password: 'password-123' };
      const { token } = (
        await b.call('signUp', {
          body: account,
        })
      ).body as { token: string };
      const { body: latest } = await a.call('searchContents', {
        query: { order: 'latest' },
      });
      const content = latest.contents[0] as { _id: string; slug: string; name: string };
      // Both servers have the content page cached before the writes.
      await Promise.all([
        fetch(`${onPrimary.url}/content/${content.slug}`),
        fetch(`${onReplica.url}/content/${content.slug}`),
      ]);
      await fetch(`${onReplica.url}/content/${content.slug}`);

      expect(
        (
          await b.call('toggleSave', {
            body: { contentId: content._id },
            token,
          })
        ).status,
      ).toBe(200);
      const me = (
        await b.call('getProfile', {
          token,
        })
      ).body._id as string;
      expect(
        (
          await a.call('userSaves', {
            params: { id: me },
            token,
          })
        ).body.saves.map((s: { _id: string }) => s._id),
      ).toContain(content._id);

      const comment = `Reviewed through the replica at ${Date.now()}`;
      expect(
        (
          await b.call('createReview', {
            params: { id: content._id },
            body: { rating: 5, comment },
            token,
          })
        ).status,
      ).toBe(201);
      await expect
        .poll(
          async () => (await (await fetch(`${onPrimary.url}/content/${content.slug}`)).text()).includes(comment),
          FRESH,
        )
        .toBe(true);

      const admin = (
        await a.call('signIn', {
          body: DEMO_ADMIN,
        })
      ).body.token as string;
      const name = `${content.name} (edited on the primary)`;
      const { body: full } = await a.call('contentBySlug', {
        params: { slug: content.slug },
      });
      expect(
        (
          await a.call('saveContent', {
            params: { id: content._id },
            body: { ...full, name },
            token: admin,
          })
        ).status,
      ).toBe(200);
      await expect
        .poll(
          async () => (await (await fetch(`${onReplica.url}/content/${content.slug}`)).text()).includes(name),
          FRESH,
        )
        .toBe(true);
    });

    it('ten failed sign-ins spread over both servers count as ten', async () => {
      const account = { name: 'Guarded', email: uniqueEmail('topology'), password: 'right-password' };
      await a.call('signUp', {
        body: account,
      });
      await expect
        .poll(
          async () =>
            (
              await b.call('signIn', {
                body: account,
              })
            ).status,
          FRESH,
        )
        .toBe(200);
      for (let i = 0; i < 10; i++) {
        const server = i % 2 === 0 ? a : b;
        expect(
          (
            await server.call('signIn', {
              body: { email: account.email, password: `wrong-${i}` },
            })
          ).status,
        ).toBe(401);
      }
      expect(
        (
          await a.call('signIn', {
            body: account,
          })
        ).status,
      ).toBe(429);
      expect(
        (
          await b.call('signIn', {
            body: account,
          })
        ).status,
      ).toBe(429);
    });

    it('with two server processes, each keeps its own replica file, and both read and write', async () => {
      const multi = await startServer({
        seed: false,
        env: {
          DATABASE_URL: `file:${join(dir, 'multi.db')}`,
          DATABASE_SYNC_URL: primary.url,
          DATABASE_SYNC_INTERVAL: String(SYNC_SECONDS),
          WEB_CONCURRENCY: '2',
        },
      });
      try {
        const m = apiClient(multi.url);
        const account = { name: 'Two Processes', email: uniqueEmail('topology'), password: 'password-123' };
        expect(
          (
            await m.call('signUp', {
              body: account,
            })
          ).status,
        ).toBe(201);
        // Requests are spread over both processes: each signs in, and saves, once its replica has the account.
        const { body: latest } = await m.call('searchContents', {
          query: { order: 'latest' },
        });
        for (const content of latest.contents.slice(0, 6) as Array<{ _id: string }>) {
          await expect
            .poll(
              async () =>
                (
                  await m.call('signIn', {
                    body: account,
                  })
                ).status,
              FRESH,
            )
            .toBe(200);
          const { token } = (
            await m.call('signIn', {
              body: account,
            })
          ).body as { token: string };
          await expect
            .poll(
              async () =>
                (
                  await m.call('save', {
                    params: { id: content._id },
                    token,
                  })
                ).status,
              FRESH,
            )
            .toBe(200);
        }
        expect(existsSync(join(dir, 'multi.db'))).toBe(true);
        expect(existsSync(join(dir, 'multi.2.db'))).toBe(true);
        const db = createClient({ url: primary.url, authToken: SQLD_AUTH_TOKEN });
        try {
          const saved = await db.execute({
            sql: 'SELECT count(*) FROM saves s JOIN users u ON u.id = s.user_id WHERE u.email = ?',
            args: [account.email],
          });
          expect(Number(saved.rows[0]![0])).toBe(6);
        } finally {
          db.close();
        }
      } finally {
        await multi.stop();
      }
      // Two processes start, and each sign-in and save waits for its process's replica: up to six sync intervals.
    }, 60_000);

    it('a CLI command beside replicas works on the primary, and opens no replica file of its own', async () => {
      const file = join(dir, 'cli.db');
      const run = await runCli(`file:${file}`, ['tags', 'add', 'category', 'Topology Studies', '--yes'], {
        DATABASE_SYNC_URL: primary.url,
      });
      expect(run.code, run.stderr).toBe(0);
      expect(existsSync(file)).toBe(false);
      const db = createClient({ url: primary.url, authToken: SQLD_AUTH_TOKEN });
      try {
        expect((await db.execute("SELECT count(*) FROM tags WHERE label = 'Topology Studies'")).rows[0]![0]).toBe(1);
      } finally {
        db.close();
      }
    });
  },
);
