/**
 * A bookmark file read on a thread of its own (netscape-read-thread.ts): a hostile file may cost the reader
 * seconds and megabytes, which then hold neither the server's event loop nor its heap.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { isAppError } from '../../errors.ts';
import { decodeBookmarkFile, readBookmarkFile, type BookmarkFile } from './netscape-read.ts';

export type ReaderAnswer = { file: BookmarkFile } | { error: { code: string; message: string } };

let answer: ReaderAnswer;
try {
  answer = { file: readBookmarkFile(decodeBookmarkFile(workerData as Uint8Array)) };
} catch (error) {
  answer = isAppError(error)
    ? { error: { code: error.code, message: error.message } }
    : { error: { code: 'VALIDATION', message: 'This file could not be read as bookmarks' } };
}
parentPort!.postMessage(answer);
