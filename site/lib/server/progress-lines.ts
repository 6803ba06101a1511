/**
 * A long operation's answer as it goes (decision 035): for a caller that accepts application/x-ndjson, a line
 * per step, `{phase, done, total}`, then `{result}` or `{error: {status, message, …}}`. One request, so its
 * progress never depends on which process serves a poll, and every line keeps a proxy's read timeout from
 * cutting it. Any other caller gets the result alone, as a plain answer.
 *
 * What fails before the work's first step (the checks: a 400, 404 or 409) is answered as a plain error, with its
 * status, and work done without a step (nothing to follow) is a plain answer too; only what follows is a line.
 */
import { errorToResponse } from './http.ts';

export type ReportProgress = (phase: string, done: number, total: number) => void;

/** A line at most this often, besides each change of phase and the last step: enough for a bar, not a flood. */
const LINE_EVERY_MS = 50;

const acceptsProgressLines = (request: Request) => /application\/x-ndjson/.test(request.headers.get('accept') ?? '');

export async function withProgressLines<T>(
  request: Request,
  work: (report: ReportProgress) => Promise<T>,
): Promise<T | Response> {
  if (!acceptsProgressLines(request)) return work(() => {});
  const encoder = new TextEncoder();
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  // The caller may have gone: its lines are dropped, and the work goes on to its end.
  const send = (line: unknown) => void writer.write(encoder.encode(`${JSON.stringify(line)}\n`)).catch(() => {});
  let stepped = false;
  let firstStep!: () => void;
  const started = new Promise<void>((resolve) => {
    firstStep = resolve;
  });
  let last = { phase: '', at: 0 };
  const finished = work((phase, done, total) => {
    stepped = true;
    firstStep();
    const now = Date.now();
    if (phase === last.phase && done !== total && now - last.at < LINE_EVERY_MS) return;
    last = { phase, at: now };
    send({ phase, done, total });
  });
  // A failure before the first step throws here, and is answered with its own status; work done without a step
  // (a change with nothing to move) is answered as it is.
  await Promise.race([started, finished]);
  if (!stepped) return finished;
  void finished
    .then((result) => send({ result }))
    .catch(async (error: unknown) => {
      const failed = errorToResponse(error);
      send({ error: { status: failed.status, ...((await failed.json()) as object) } });
    })
    .finally(() => writer.close().catch(() => {}));
  // no-transform: the compression would hold the lines back until it had a block to send; nor may a proxy's buffer.
  return new Response(readable, {
    headers: {
      'content-type': 'application/x-ndjson; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      'x-accel-buffering': 'no',
    },
  });
}
