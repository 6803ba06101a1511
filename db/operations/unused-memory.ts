/**
 * Hands back to the system the heap a burst of work grew and no longer uses. An ordinary collection frees the
 * objects but keeps their pages committed; a low-memory collection, the one V8 makes under memory pressure,
 * also returns the pages. The inspector's HeapProfiler.collectGarbage makes one, in process, with no port
 * opened. It is one pause of the whole heap (about a second at a million contents): for after a start's
 * warm-ups, not for a request's work.
 */
import { Session } from 'node:inspector/promises';

export async function returnUnusedMemory(): Promise<void> {
  const session = new Session();
  session.connect();
  try {
    await session.post('HeapProfiler.collectGarbage');
  } finally {
    session.disconnect();
  }
}
