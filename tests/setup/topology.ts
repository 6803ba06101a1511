/**
 * The many-servers setup the sqld suites share: a sqld primary, a Skillshelf server straight on it (which seeds
 * the demo world), and servers each keeping an embedded replica of it that pulls by itself every so many seconds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type TestServer } from './server.ts';
import { startSqld, type Sqld, type SqldOptions } from './sqld.ts';

export interface Topology {
  primary: Sqld;
  onPrimary: TestServer;
  /** One server per entry of `replicaPulls`, in that order. */
  onReplicas: TestServer[];
  /** Stops the servers, then the primary, and removes every file. */
  stop: () => Promise<void>;
}

export interface TopologyOptions {
  /** For each server on an embedded replica, how often (seconds) its replica pulls by itself. */
  replicaPulls: number[];
  /** What every server gets beside its database settings. */
  env?: Record<string, string>;
  /** How the primary starts (e.g. `grpc` for a replica node to follow it). */
  primary?: SqldOptions;
}

export async function startTopology(options: TopologyOptions): Promise<Topology> {
  const dir = mkdtempSync(join(tmpdir(), 'skillshelf-topology-'));
  const primary = await startSqld(options.primary);
  const servers: TestServer[] = [];
  const stop = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await primary.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const onPrimary = await startServer({ env: { ...options.env, DATABASE_URL: primary.url } });
    servers.push(onPrimary);
    const onReplicas = await Promise.all(
      options.replicaPulls.map((seconds, index) =>
        startServer({
          seed: false,
          env: {
            ...options.env,
            DATABASE_URL: `file:${join(dir, `replica-${index}.db`)}`,
            DATABASE_SYNC_URL: primary.url,
            DATABASE_SYNC_INTERVAL: String(seconds),
          },
        }),
      ),
    );
    servers.push(...onReplicas);
    return { primary, onPrimary, onReplicas, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
