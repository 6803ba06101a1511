/**
 * What related resources cost at scale (decision 037), on a synthetic catalog:
 *   DATABASE_URL=file:data/bench.db node scripts/synthetic.ts 100000
 *   DATABASE_URL=file:data/bench.db npm run bench:related -- [--saves 1000000] [--users 100000]
 * Adds the users and saves (skewed: a few contents are saved by many), then times the co-saved pairs counted
 * from scratch (every user's recount, as the job runs it), one save and one unsave through the service with
 * that user's recount, and the reads a content page and the home page make when rendered.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { getDb } from '../db/client.ts';
import { migrateDb } from '../db/migrate.ts';
import { mostSavedThisMonth } from '../db/discovery/most-saved.ts';
import { coSavedWith } from '../db/discovery/related.ts';
import { CO_SAVE_MIN_USERS, countAllCoSaves } from '../db/discovery/co-saves.ts';
import { saveContent, unsaveContent } from '../db/shelf/saves.ts';
import { facetTable } from '../db/catalog/search/facet-table.ts';
import { moreInSubject } from '../db/catalog/search/related-by-tags.ts';

const { values } = parseArgs({
  options: {
    saves: { type: 'string', default: '1000000' },
    users: { type: 'string', default: '100000' },
    probes: { type: 'string', default: '200' },
    'reads-only': { type: 'boolean', default: false },
  },
});
const SAVES = Number(values.saves);
const USERS = Number(values.users);
const PROBES = Number(values.probes);
const DAY_MS = 86_400_000;

const db = await getDb();
await migrateDb(db);
const scalar = async (query: ReturnType<typeof sql>) =>
  Number(Object.values((await db.all<Record<string, unknown>>(query))[0] ?? {})[0] ?? 0);
const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const started = performance.now();
  const value = await work();
  return [value, performance.now() - started];
};
const quantile = (samples: number[], q: number) =>
  [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;

const contentCount = await scalar(sql`SELECT count(*) FROM contents`);
const maxSeq = await scalar(sql`SELECT max(seq) FROM contents`);
console.log(`${contentCount} contents`);

if ((await scalar(sql`SELECT count(*) FROM saves`)) < SAVES * 0.9) {
  // The pairs' triggers are set aside while the saves are poured in, then the pairs are built in one statement.
  const triggers = await db.all<{ name: string; sql: string }>(
    sql`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'saves'`,
  );
  for (const trigger of triggers) await db.run(sql.raw(`DROP TRIGGER ${trigger.name}`));
  // Numbers written into the text: a bound number is a real to SQLite, and 'saver-' || (i % 1e5) would read '5.0'.
  const users = sql.raw(String(USERS));
  const lastSeq = sql.raw(String(maxSeq - 1));
  try {
    await db.run(sql`
    WITH RECURSIVE k(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM k WHERE i < ${users} - 1)
    INSERT OR IGNORE INTO users(id, name, email, password_hash) SELECT 'saver-' || i, 'Saver ' || i, 'saver-' || i || '@example.org', 'x' FROM k`);
    // Each user saves SAVES / USERS contents, the popular ones more often (a content drawn by a product of three uniform draws), over 90 days.
    const now = Date.now();
    await db.run(sql`DELETE FROM saves WHERE user_id LIKE 'saver-%'`);
    // The draw names k.i: with no column in it, SQLite would evaluate it once for the whole statement.
    await db.run(sql`
    WITH RECURSIVE k(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM k WHERE i < ${sql.raw(String(SAVES))} - 1)
    INSERT OR IGNORE INTO saves(user_id, content_id, created_at)
    SELECT 'saver-' || (i % ${users}), c.id, ${sql.raw(String(now))} - abs(random()) % ${sql.raw(String(90 * DAY_MS))}
    FROM k JOIN contents c ON c.seq = 1 + CAST(${lastSeq} * ((abs(random()) % 1000000) / 1000000.0) * ((abs(random()) % 1000000) / 1000000.0) * ((abs(random()) % 1000000) / 1000000.0) AS INTEGER) + 0 * k.i`);
  } finally {
    for (const trigger of triggers) await db.run(sql.raw(trigger.sql));
  }
  // The month's count per content, as its migration fills it (its triggers were set aside too).
  const [, countMs] = await timed(async () => {
    await db.run(sql`DELETE FROM recent_save_counts`);
    await db.run(sql`INSERT INTO recent_save_counts(content_id, saves, latest)
      SELECT content_id, count(*), max(created_at) FROM saves WHERE created_at > (SELECT since FROM recent_saves_window) GROUP BY content_id`);
  });
  console.log(`the month's save counts filled from scratch: ${ms(countMs)}`);
}
const saveCount = await scalar(sql`SELECT count(*) FROM saves`);
console.log(`${saveCount} saves by ${await scalar(sql`SELECT count(DISTINCT user_id) FROM saves`)} users`);

// Count from scratch: every user queued, then recounted as the job does, one batch each.
if (!values['reads-only']) {
  await db.run(sql`DELETE FROM co_saves`);
  await db.run(sql`DELETE FROM co_save_members`);
  await db.run(
    sql`INSERT INTO co_save_queue(user_id, changed_at) SELECT DISTINCT user_id, 0 FROM saves WHERE 1 ON CONFLICT DO NOTHING`,
  );
  const [, buildMs] = await timed(() => countAllCoSaves(db));
  const pairs = await scalar(sql`SELECT count(*) FROM co_saves`);
  const shown = await scalar(sql`SELECT count(*) FROM co_saves WHERE users >= ${CO_SAVE_MIN_USERS}`);
  console.log(
    `counted from scratch: ${ms(buildMs)} for ${pairs} pairs (${shown} at ${CO_SAVE_MIN_USERS} users or more)`,
  );

  // One save and one unsave, through the service: a user of typical size saving a content they had not.
  const pick = (n: number) => 1 + Math.floor(Math.random() * n);
  const probes = await Promise.all(
    Array.from({ length: PROBES }, async () => ({
      user: `saver-${pick(USERS) - 1}`,
      content: String((await db.all<{ id: string }>(sql`SELECT id FROM contents WHERE seq = ${pick(maxSeq)}`))[0]?.id),
    })),
  );
  const saving: number[] = [];
  const unsaving: number[] = [];
  for (const probe of probes) {
    saving.push((await timed(() => saveContent(db, probe.user, probe.content).then(() => countAllCoSaves(db))))[1]);
    unsaving.push((await timed(() => unsaveContent(db, probe.user, probe.content).then(() => countAllCoSaves(db))))[1]);
  }
  console.log(
    `a save: p50 ${ms(quantile(saving, 0.5))}, p99 ${ms(quantile(saving, 0.99))}; an unsave: p50 ${ms(quantile(unsaving, 0.5))}, p99 ${ms(quantile(unsaving, 0.99))}`,
  );
}

// What a render reads: the co-saved of popular contents, More in, most saved this month.
const popular = await db.all<{ id: string; seq: number; subject: string }>(sql`
  SELECT c.id, c.seq, coalesce(json_extract(c.category, '$[0].value'), '') AS subject FROM contents c ORDER BY c.seq LIMIT 50`);
const coSavedMs: number[] = [];
const moreMs: number[] = [];
const table = await facetTable(db);
for (const content of popular) {
  coSavedMs.push((await timed(() => coSavedWith(db, content.id)))[1]);
  const started = performance.now();
  moreInSubject(table, content.seq, content.subject, 4);
  moreMs.push(performance.now() - started);
}
const [, mostSavedMs] = await timed(() => mostSavedThisMonth(db, 4));
console.log(
  `render reads: co-saved p50 ${ms(quantile(coSavedMs, 0.5))}, p99 ${ms(quantile(coSavedMs, 0.99))}; More in p50 ${ms(quantile(moreMs, 0.5))}, p99 ${ms(quantile(moreMs, 0.99))}; most saved this month ${ms(mostSavedMs)}`,
);
