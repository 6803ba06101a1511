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
  for (let i = 0; i < workers; i++) cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    log().error(`Server process ${worker.process.pid} ended (${signal ?? code}); starting another`);
    cluster.fork();
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
