/** Worker threads of the server and the CLI, started the way the process itself was. */
import module from 'node:module';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker thread that shares the process's compile cache (site/server/main.mjs, cli/bin.mjs turn it on). A
 * thread does not inherit it: it stripped its TypeScript modules afresh, loading Node's stripper for each
 * start (a checkpoint worker came up in 0.2 s rather than 0.08 s, with a tenth of a second of CPU more).
 */
export function startThread(url: URL, options: WorkerOptions): Worker {
  const cache = module.getCompileCacheDir();
  return new Worker(url, cache ? { ...options, env: { ...process.env, NODE_COMPILE_CACHE: cache } } : options);
}

/** Where db/ is, recorded by the copy of this module that runs from its source (see threadFile). */
const DB_FOLDER = Symbol.for('skillshelf.dbFolder');
const registry = globalThis as { [DB_FOLDER]?: URL };

/**
 * Records this copy's folder as db/'s. The server's own modules run from the source and call it at start;
 * Astro's bundle holds a second copy of db/, whose import.meta.url is the bundle's, where no thread's file is.
 */
export function recordSourceFolder(): void {
  registry[DB_FOLDER] ??= new URL('./', import.meta.url);
}

/** A thread's module file, by its path in db/, from whichever copy of db/ asks. */
export function threadFile(pathInDb: string): URL {
  return new URL(pathInDb, registry[DB_FOLDER] ?? new URL('./', import.meta.url));
}
