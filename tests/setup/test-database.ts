/**
 * Where the servers and CLI runs of a test keep their data: a database file in the test's directory, or, when
 * the suite runs with TEST_DATABASE=sqld (the `sqld` project), a real libSQL server of its own keeping its data
 * there. The same tests then prove the code on both (docs/decisions/027).
 */
import { join } from 'node:path';
import { SQLD_AUTH_TOKEN, startSqld, type Sqld } from './sqld.ts';

export const onSqld = process.env.TEST_DATABASE === 'sqld';

const servers = new Map<string, Promise<Sqld>>();
const started = new Map<string, Sqld>();

/** The DATABASE_URL of the test database in `dir`: its sqld is started on first use and kept for that dir. */
export async function databaseUrlIn(dir: string): Promise<string> {
  if (!onSqld) return `file:${join(dir, 'skillshelf.db')}`;
  let server = servers.get(dir);
  if (!server) servers.set(dir, (server = startSqld({ dir })));
  const sqld = await server;
  started.set(sqld.url, sqld);
  return sqld.url;
}

/** What the libSQL server at `url` has printed (its warnings and errors), when a test of this process started it. */
export function databaseOutputOf(url: string): string | undefined {
  return started.get(url)?.output();
}

/** The token a client of the database at `url` needs: none on a file; a test's sqld requires one (tests/setup/sqld.ts). */
export function databaseAuthToken(url: string): string | undefined {
  return url.startsWith('file:') ? undefined : SQLD_AUTH_TOKEN;
}

/** Stops the sqld of `dir`, if it has one (its files go with the directory). */
export async function releaseDatabaseIn(dir: string): Promise<void> {
  const server = await servers.get(dir);
  servers.delete(dir);
  if (server) started.delete(server.url);
  await server?.stop();
}
