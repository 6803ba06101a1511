/**
 * WEB_CONCURRENCY server processes sharing one port (node:cluster): the primary only forks and replaces
 * workers that end, and gathers the workers' metrics for whichever of them is scraped (cluster-metrics.ts);
 * each worker runs its own front door over the same database. On SIGTERM the primary passes it on, waits for
 * every worker to drain (site/server/front-door.ts) and exits 0.
 */
import cluster from 'node:cluster';
import { answerMetricsRequests } from './cluster-metrics.ts';
import { log } from './log.ts';

export function runCluster(workers: number, port: number): void {
  log().info(`Starting ${workers} server processes on port ${port}`);
  let stopping = false;
  answerMetricsRequests();
  // Each process has its number (SERVER_PROCESS), and the one started in place of another takes its number:
  // an embedded replica's file is kept per number (db/client.ts).
  const numbers = new Map<number, number>();
  const start = (n: number) => numbers.set(cluster.fork({ SERVER_PROCESS: String(n) }).id, n);
  for (let n = 1; n <= workers; n++) start(n);
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    log().error(`Server process ${worker.process.pid} ended (${signal ?? code}); starting another`);
    const n = numbers.get(worker.id) ?? 1;
    numbers.delete(worker.id);
    start(n);
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
