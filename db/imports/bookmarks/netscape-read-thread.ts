/**
 * Reads an uploaded bookmark file off the event loop: on a worker thread with a bounded heap and a deadline,
 * so no file within the size limit, however made, holds the server's other requests or grows its memory by
 * more than the thread's heap. The thread's answer is the reader's: its bookmarks, or the 4xx that says why not.
 */
import { AppError, type ErrorCode } from '../../errors.ts';
import { startThread, threadFile } from '../../threads.ts';
import type { BookmarkFile } from './netscape-read.ts';
import type { ReaderAnswer } from './netscape-read-worker.ts';

/** A browser's largest export reads in well under a second; a file that takes longer is not one. */
const READ_DEADLINE_MS = 10_000;
/** The thread's heap: a 20 MB file read as text and its 10,000 links fit twice over. */
const READ_HEAP_MB = 40;

const TOO_COMPLEX =
  'This file is too large or too complex to read as bookmarks: export your bookmarks from your browser again';

/** `bytes` are handed to the thread, not copied: the caller's copy is empty afterwards. */
export function readBookmarkFileOffThread(bytes: Uint8Array): Promise<BookmarkFile> {
  // Handed over whole when the bytes are a plain array, their buffer's only view; copied once otherwise (a
  // Node Buffer may be a slice of a shared pool, which cannot be handed over).
  const whole =
    bytes.constructor === Uint8Array && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  const own = whole ? bytes : new Uint8Array(bytes);
  return new Promise((resolve, reject) => {
    const worker = startThread(threadFile('imports/bookmarks/netscape-read-worker.ts'), {
      workerData: own,
      transferList: [own.buffer as ArrayBuffer],
      resourceLimits: { maxOldGenerationSizeMb: READ_HEAP_MB, maxYoungGenerationSizeMb: 8 },
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      void worker.terminate();
      outcome();
    };
    const deadline = setTimeout(() => settle(() => reject(new AppError('VALIDATION', TOO_COMPLEX))), READ_DEADLINE_MS);
    worker.once('message', (answer: ReaderAnswer) =>
      settle(() =>
        'file' in answer
          ? resolve(answer.file)
          : reject(new AppError(answer.error.code as ErrorCode, answer.error.message)),
      ),
    );
    // Out of its heap (ERR_WORKER_OUT_OF_MEMORY) or any other failure of the thread: the file was too much.
    worker.once('error', () => settle(() => reject(new AppError('VALIDATION', TOO_COMPLEX))));
    worker.once('exit', () => settle(() => reject(new AppError('VALIDATION', TOO_COMPLEX))));
  });
}
