/** Reading and writing large text files in chunks, with backpressure and without half-written files. */
import { once } from 'node:events';
import { createReadStream, createWriteStream, renameSync, rmSync } from 'node:fs';

/** The file as text chunks of 1 MB, reporting the bytes read so far. */
export async function* readText(file: string, onRead: (bytes: number) => void): AsyncGenerator<string> {
  const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 });
  for await (const chunk of stream) {
    yield chunk as string;
    onRead(stream.bytesRead);
  }
}

/** Writes every chunk, waiting when the stream's buffer is full (a slow pipe must not fill memory). */
export async function writeAll(stream: NodeJS.WritableStream, chunks: AsyncIterable<string>): Promise<void> {
  let failed: Error | undefined;
  const onError = (error: Error) => (failed = error);
  stream.on('error', onError);
  try {
    for await (const chunk of chunks) {
      if (failed) throw failed;
      if (!stream.write(chunk)) await drained(stream);
    }
    if (failed) throw failed;
  } finally {
    stream.off('error', onError);
  }
}

/** Resolves on 'drain', rejects on 'error', and leaves no listener behind either way. */
function drained(stream: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      stream.off('drain', onDrain);
      stream.off('error', settle);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => settle();
    stream.on('drain', onDrain);
    stream.on('error', settle);
  });
}

/** Writes beside the target and renames it over at the end, so a failed export never leaves half a file. */
export async function writeFileAtomically(path: string, chunks: AsyncIterable<string>): Promise<void> {
  const partial = `${path}.partial`;
  const stream = createWriteStream(partial);
  try {
    await writeAll(stream, chunks);
    stream.end();
    await once(stream, 'finish');
    renameSync(partial, path);
  } catch (error) {
    stream.destroy();
    rmSync(partial, { force: true });
    throw error;
  }
}
