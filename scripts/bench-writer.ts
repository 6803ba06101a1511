/** The writes of `npm run bench -- --only writes`: sent at a fixed rate and timed. */
import { percentile } from './bench-kit.ts';

/** One write: its method, path and JSON body, sent with the token of the user who makes it. */
export interface Write {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body: unknown;
  token: string;
}

export interface WriteStats {
  asked: number;
  done: number;
  p99: number;
  /** Each done write's time (ms), for the p99 of several series as one. */
  latencies: number[];
}

/** Several series of writes as one: every write asked and done, the p99 of all their times. */
export function bothWrites(...series: WriteStats[]): WriteStats {
  const latencies = series.flatMap((s) => s.latencies);
  return {
    asked: series.reduce((sum, s) => sum + s.asked, 0),
    done: series.reduce((sum, s) => sum + s.done, 0),
    p99: p99Of(latencies),
    latencies,
  };
}

const p99Of = (latencies: number[]) => Math.round(percentile(latencies, 99) * 10) / 10;

/** `writes` at a fixed rate, each sent at its time whatever the others are doing. */
export async function writeAtRate(url: string, perSecond: number, writes: Write[]): Promise<WriteStats> {
  const latencies: number[] = [];
  let done = 0;
  const start = performance.now();
  const sent: Array<Promise<void>> = [];
  for (const [k, { method, path, body, token }] of writes.entries()) {
    const wait = start + (k * 1000) / perSecond - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const at = performance.now();
    sent.push(
      fetch(url + path, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      })
        .then(async (res) => {
          await res.arrayBuffer();
          if (res.ok) {
            done++;
            latencies.push(performance.now() - at);
          }
        })
        .catch(() => {}),
    );
  }
  await Promise.all(sent);
  return { asked: writes.length, done, p99: p99Of(latencies), latencies };
}
