/** The checkpoint worker of db/checkpoints.ts: a PASSIVE checkpoint every `everyMs`, reporting pages copied. */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'libsql';

const { path, everyMs } = workerData as { path: string; everyMs: number };
// No busy wait: a PASSIVE checkpoint that finds another under way simply tries again next time.
const connection = new Database(path, { timeout: 0 });
const checkpoint = connection.prepare('PRAGMA wal_checkpoint(PASSIVE)');
let last = { log: 0, checkpointed: 0 };
setInterval(() => {
  try {
    const now = checkpoint.get() as { busy: number; log: number; checkpointed: number };
    // The log starts over (from frame 0) at the first write after a full checkpoint: its counts restart too.
    const restarted = now.log < last.log || now.checkpointed < last.checkpointed;
    const copied = restarted ? now.checkpointed : now.checkpointed - last.checkpointed;
    last = now;
    if (copied > 0) parentPort?.postMessage(copied);
  } catch {
    // SQLITE_BUSY (another checkpoint) or a passing error: the next round tries again.
  }
}, everyMs);
