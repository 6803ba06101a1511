/**
 * A catalog of a million contents on this machine (docs/decisions/049): what the seed cost, how soon the server
 * answers after it starts, what it holds once a reader's mix has gone through it, and whether the facet counts
 * it answers are exact (a sample of filter searches recounted by SQL over the whole table). Called by
 * scripts/bench.ts with the figures of the seed it ran; run at any size, its goals are the million's.
 */
import { createClient } from '@libsql/client';
import { readFileSync } from 'node:fs';
import { TAG_KINDS } from '../db/catalog/taxonomy.ts';
import { BROWSER, BROWSER_API, log, startSkillshelf, type ReportSection, stopSkillshelf } from './bench-kit.ts';

export const MILLION_GOALS = { seedMinutes: 10, seedMb: 1024, firstAnswerS: 10, residentMb: 1024 } as const;

export interface SeedFigures {
  seconds: number;
  /** The seeding process's peak resident memory. */
  peakMb: number;
}

/** The resident memory of a process now, in MB. */
function residentMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line?.split(/\s+/)[1] ?? 0) / 1024);
}

/** Reads `path` as a browser does, to the last byte; its status. */
async function read(url: string, headers: Record<string, string> = BROWSER): Promise<number> {
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  return response.status;
}

type Counts = Record<string, Record<string, number>>;

/**
 * Recounts a filter search's total and its tag facets by SQL over the whole table, as docs/product.md#pages
 * counts them: each option as if chosen in place of its own group's filter. The differences, in words.
 */
async function recountDifferences(
  dbPath: string,
  filters: Partial<Record<string, string>>,
  answer: { countContents: number; facets: Counts },
): Promise<{ differences: string[]; compared: number }> {
  const db = createClient({ url: `file:${dbPath}` });
  try {
    const where = (leaveOut?: string) => {
      const parts: string[] = [];
      const args: string[] = [];
      for (const [kind, value] of Object.entries(filters)) {
        if (kind === leaveOut || !value) continue;
        parts.push('EXISTS (SELECT 1 FROM content_tags t WHERE t.content_id = c.id AND t.kind = ? AND t.value = ?)');
        args.push(kind, value);
      }
      return { sql: parts.join(' AND ') || '1', args };
    };
    const differences: string[] = [];
    let compared = 1;
    const total = where();
    const [row] = (
      await db.execute({ sql: `SELECT count(*) AS n FROM contents c WHERE ${total.sql}`, args: total.args })
    ).rows;
    if (Number(row!.n) !== answer.countContents) differences.push(`total ${answer.countContents}, SQL ${row!.n}`);
    for (const kind of TAG_KINDS) {
      const own = where(kind);
      const { rows } = await db.execute({
        sql: `SELECT t.value AS option, count(*) AS n FROM contents c JOIN content_tags t ON t.content_id = c.id AND t.kind = ? WHERE ${own.sql} GROUP BY t.value`,
        args: [kind, ...own.args],
      });
      const counted = new Map(rows.map((r) => [String(r.option), Number(r.n)]));
      // Every option the answer lists (it may leave out those of no result).
      for (const [option, mine] of Object.entries(answer.facets[kind] ?? {})) {
        const sql = counted.get(option) ?? 0;
        compared++;
        if (mine !== sql) differences.push(`${kind}=${option}: ${mine}, SQL ${sql}`);
      }
    }
    return { differences, compared };
  } finally {
    db.close();
  }
}

/** The most used tags of each kind, to filter by. */
async function popularTags(dbPath: string): Promise<Record<string, string[]>> {
  const db = createClient({ url: `file:${dbPath}` });
  try {
    const popular: Record<string, string[]> = {};
    for (const kind of TAG_KINDS) {
      const { rows } = await db.execute({
        sql: 'SELECT value FROM content_tags WHERE kind = ? GROUP BY value ORDER BY count(*) DESC LIMIT 6',
        args: [kind],
      });
      popular[kind] = rows.map((r) => String(r.value));
    }
    return popular;
  } finally {
    db.close();
  }
}

/** The server on the catalog at `dbPath` (seeded beforehand, with `seed`'s figures), measured from its start. */
export async function millionSection(
  dbPath: string,
  size: number,
  seed: SeedFigures,
  port: number,
): Promise<ReportSection> {
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  log('  the server on the whole catalog: its start, a reader’s mix, its memory, its counts');
  const server = await startSkillshelf(dbPath, port, {}, undefined, { finishStart: false });
  try {
    await read(`${url}/`);
    const firstAnswerS = (performance.now() - started) / 1000;
    const afterStartMb = residentMb(server.pid!);
    const tags = await popularTags(dbPath);
    // A reader's mix: the home page, category pages in each order and a few pages deep, content pages, searches.
    const { contents } = (await (
      await fetch(`${url}/api/contents/search?order=latest`, { headers: BROWSER_API })
    ).json()) as {
      contents: Array<{ slug: string }>;
    };
    const paths = ['/', '/search', ...contents.map((c) => `/content/${c.slug}`)];
    for (const category of tags.category!)
      for (const order of ['latest', 'topRated'])
        for (const page of [1, 2, 3])
          paths.push(`/search?category=${encodeURIComponent(category)}&order=${order}&page=${page}`);
    for (const word of ['python', 'data', 'web', 'security', 'learn python for beginners', 'machine learning'])
      paths.push(`/search?searchTerm=${encodeURIComponent(word)}`);
    let failed = 0;
    for (const path of paths) if ((await read(url + path)) !== 200) failed++;
    const afterMixMb = residentMb(server.pid!);

    // Filter searches recounted by SQL: one tag, two tags of different kinds, a tag from the tail of the head.
    const samples: Array<Partial<Record<string, string>>> = [
      {},
      { category: tags.category![0] },
      { techStack: tags.techStack![1] },
      { category: tags.category![2], type: tags.type![0] },
      { category: tags.category![5], techStack: tags.techStack![3], type: tags.type![2] },
    ];
    // Every answer first: a recount by SQL takes seconds at a million contents, past the server's keep-alive.
    const answers: Array<{
      query: string;
      filters: (typeof samples)[number];
      answer: { countContents: number; facets: Counts };
    }> = [];
    for (const filters of samples) {
      const query = new URLSearchParams(filters as Record<string, string>).toString();
      const response = await fetch(`${url}/api/contents/search?${query}`, { headers: BROWSER_API });
      answers.push({ query, filters, answer: (await response.json()) as { countContents: number; facets: Counts } });
    }
    const differences: string[] = [];
    let compared = 0;
    for (const { query, filters, answer } of answers) {
      const recount = await recountDifferences(dbPath, filters, answer);
      compared += recount.compared;
      differences.push(...recount.differences.map((d) => `?${query}: ${d}`));
    }
    // What it holds once the start's work is over, as a server left running holds it: the word searches above
    // waited for the word index, and what the warm-ups grew is handed back after it.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const afterBenchMb = residentMb(server.pid!);
    const n = size.toLocaleString('en');
    return {
      title: `A million contents: seed, start, memory and counts (${n} contents)`,
      lines: [
        '| step | figure |',
        '|---|---:|',
        `| seed (bulk load) | ${(seed.seconds / 60).toFixed(1)} min, peak ${seed.peakMb} MB |`,
        `| first answer after start | ${firstAnswerS.toFixed(1)} s, ${afterStartMb} MB resident |`,
        `| after ${paths.length} pages (${failed} not 200), the word index maybe still building | ${afterMixMb} MB resident |`,
        `| after ${samples.length} filter searches recounted by SQL | ${afterBenchMb} MB resident, ${differences.length} of ${compared} counts differ |`,
        ...differences.slice(0, 10).map((d) => `| differs | ${d} |`),
      ],
      goals: [
        {
          goal: `${n} contents seeded in ≤ ${MILLION_GOALS.seedMinutes} min with ≤ ${MILLION_GOALS.seedMb} MB`,
          figure: `${(seed.seconds / 60).toFixed(1)} min, ${seed.peakMb} MB`,
          met: seed.seconds <= MILLION_GOALS.seedMinutes * 60 && seed.peakMb <= MILLION_GOALS.seedMb,
        },
        {
          goal: `First answer ≤ ${MILLION_GOALS.firstAnswerS} s after start`,
          figure: `${firstAnswerS.toFixed(1)} s`,
          met: firstAnswerS <= MILLION_GOALS.firstAnswerS,
        },
        {
          goal: `≤ ${MILLION_GOALS.residentMb} MB resident after the bench's reads`,
          figure: `${afterBenchMb} MB`,
          met: afterBenchMb <= MILLION_GOALS.residentMb && failed === 0,
        },
        {
          goal: 'Facet counts exact: SQL over the whole table agrees on every option of a sample of searches',
          figure: `${differences.length} of ${compared} counts differ, in ${samples.length} searches`,
          met: differences.length === 0 && compared > samples.length,
        },
      ],
      json: { seed, firstAnswerS, afterStartMb, afterMixMb, afterBenchMb, pages: paths.length, failed, differences },
    };
  } finally {
    await stopSkillshelf(server);
  }
}
