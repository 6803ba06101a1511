/**
 * WEB_CONCURRENCY server processes sharing one port (node:cluster): the primary only forks and replaces
 * workers that end; each worker runs its own front door over the same database.
 */
import cluster from 'node:cluster';

export function runCluster(workers: number, port: number): void {
  console.log(`Starting ${workers} server processes on port ${port}`);
  for (let i = 0; i < workers; i++) cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    console.error(`Server process ${worker.process.pid} ended (${signal ?? code}); starting another`);
    cluster.fork();
  });
  const stop = () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
