/**
 * What one review costs the server in CPU, its write and every page it makes stale rendered again: measured
 * with the server's own counters (/proc/<pid>/stat), which other load on the machine barely skews, unlike
 * throughput. One client, one request at a time: each review and its content's page read at once (as its
 * writer reads their own write), then a second for what it made stale to pass the staleness bound, then every
 * URL of the mix read once (the pages it touched are rendered again, the rest are hits). The same turns
 * without the review are measured alternately and subtracted: idle work and the hits are not the review's.
 */
import {
  BROWSER,
  BROWSER_API,
  cpuTimeByThreadUs,
  cpuTimeUs,
  percentile,
  THREAD_GROUPS,
  type ThreadGroup,
} from './bench-kit.ts';

/** A review's cost in CPU ms, in its parts, and the pages it made the server render again. */
export interface ReviewCost {
  reviews: number;
  /** The write alone: the POST, with nothing read after it. */
  writeMs: number;
  /** The write and every re-render it causes, its content's page included. */
  wholeMs: number;
  /**
   * The median of the reviews' whole costs, each a turn with a review less the turn without it before: the
   * mean above carries the collector's major runs, which land in a few turns (tens of ms each).
   */
  wholeMedianMs: number;
  /** The whole cost by the threads that spent it: the event loop, libuv's pool, V8's helpers, the server's workers. */
  wholeByThreadMs: Record<ThreadGroup, number>;
  /** Of which its content's page, read at once after it (less the same page read as a hit). */
  contentPageMs: number;
  /** Pages rendered again per review (page cache misses over the mix, beyond those of the turns without one). */
  rendersPerReview: number;
  /** Pages whose star counts were set in place per review (decision 051). */
  patchesPerReview: number;
}

/** After a change, how long until every page it touched may no longer be served stale (MAX_STALE_MS and a margin). */
const SETTLE_MS = 1100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readAll(url: string, paths: string[]): Promise<void> {
  for (const path of paths)
    await fetch(url + path, { headers: path.startsWith('/api/') ? BROWSER_API : BROWSER }).then((r) => r.arrayBuffer());
}

/** The page cache's misses and patches so far, from /metrics. */
async function missesOf(url: string, metricsToken: string): Promise<{ misses: number; patches: number }> {
  const text = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
  return {
    misses: Number(/^skillshelf_page_cache_requests_total{result="miss"[^}]*} (\d+)$/m.exec(text)?.[1] ?? 0),
    patches: Number(/^skillshelf_page_cache_patches(?:{[^}]*})? (\d+)$/m.exec(text)?.[1] ?? 0),
  };
}

async function review(url: string, token: string, contentId: string, k: number): Promise<void> {
  const res = await fetch(`${url}/api/contents/${contentId}/reviews`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ rating: 1 + (k % 5), comment: `Cost probe ${k}` }),
  });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`a review was refused: ${res.status}`);
}

/** A content: its id (to review it) and its slug (to read its page). */
export interface Reviewed {
  id: string;
  slug: string;
}

/**
 * `reviews` reviews of the given contents (one each, by the given users in turn), each with its content's page
 * read at once and followed by a read of the mix, alternated with the same turns without a review (the page
 * then a hit); and the same reviews with nothing read after them (the write alone).
 */
export async function reviewCost(
  url: string,
  pid: number,
  paths: string[],
  tokens: string[],
  contents: Reviewed[],
  { reviews, metricsToken }: { reviews: number; metricsToken: string },
): Promise<ReviewCost> {
  if (contents.length < reviews * 2) throw new Error('reviewCost needs two contents per review');
  const pages = contents.slice(0, reviews).map((content) => `/content/${content.slug}`);
  for (let i = 0; i < 2; i++) await readAll(url, [...paths, ...pages]);
  let withCpu = 0;
  let withoutCpu = 0;
  const turnCosts: number[] = [];
  const byThread = Object.fromEntries(THREAD_GROUPS.map((group) => [group, 0])) as Record<ThreadGroup, number>;
  const addThreads = (before: Record<ThreadGroup, number>, sign: 1 | -1) => {
    const after = cpuTimeByThreadUs(pid);
    for (const group of THREAD_GROUPS) byThread[group] += sign * (after[group] - before[group]);
  };
  let pageCpu = 0;
  let hitCpu = 0;
  let withMisses = 0;
  let withoutMisses = 0;
  let patches = 0;
  for (let k = 0; k < reviews; k++) {
    let before = await missesOf(url, metricsToken);
    let threads = cpuTimeByThreadUs(pid);
    let cpu = cpuTimeUs(pid);
    await readAll(url, [pages[k]!]);
    hitCpu += cpuTimeUs(pid) - cpu;
    await sleep(SETTLE_MS);
    await readAll(url, paths);
    const without = cpuTimeUs(pid) - cpu;
    withoutCpu += without;
    addThreads(threads, -1);
    withoutMisses += (await missesOf(url, metricsToken)).misses - before.misses;

    before = await missesOf(url, metricsToken);
    threads = cpuTimeByThreadUs(pid);
    cpu = cpuTimeUs(pid);
    await review(url, tokens[k % tokens.length]!, contents[k]!.id, k);
    const written = cpuTimeUs(pid);
    await readAll(url, [pages[k]!]);
    pageCpu += cpuTimeUs(pid) - written;
    await sleep(SETTLE_MS);
    await readAll(url, paths);
    const withReview = cpuTimeUs(pid) - cpu;
    withCpu += withReview;
    addThreads(threads, 1);
    turnCosts.push(withReview - without);
    const after = await missesOf(url, metricsToken);
    withMisses += after.misses - before.misses;
    patches += after.patches - before.patches;
  }
  // The write alone: each review, then the same quiet second, and nothing read.
  let writeCpu = 0;
  let idleCpu = 0;
  for (let k = 0; k < reviews; k++) {
    let cpu = cpuTimeUs(pid);
    await sleep(SETTLE_MS);
    idleCpu += cpuTimeUs(pid) - cpu;
    cpu = cpuTimeUs(pid);
    await review(url, tokens[(k + 1) % tokens.length]!, contents[reviews + k]!.id, k);
    await sleep(SETTLE_MS);
    writeCpu += cpuTimeUs(pid) - cpu;
  }
  const ms = (us: number) => Math.round((us / reviews / 1000) * 100) / 100;
  return {
    reviews,
    writeMs: ms(writeCpu - idleCpu),
    wholeMs: ms(withCpu - withoutCpu),
    wholeMedianMs: Math.round(percentile(turnCosts, 50) / 10) / 100,
    wholeByThreadMs: Object.fromEntries(THREAD_GROUPS.map((group) => [group, ms(byThread[group])])) as Record<
      ThreadGroup,
      number
    >,
    contentPageMs: ms(pageCpu - hitCpu),
    rendersPerReview: Math.round(((withMisses - withoutMisses) / reviews) * 10) / 10,
    patchesPerReview: Math.round((patches / reviews) * 10) / 10,
  };
}
