/**
 * Queueing imported rows as submissions for review (--as-submissions): websites already listed or waiting
 * for review are skipped, the others queued in the file's order.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { orderedIds } from '../ids.ts';
import { toStatement } from '../catalog/search/fast-paths.ts';
import { contents, submissions } from '../schema.ts';
import { cleanUrl } from '../catalog/urls.ts';
import { imageAsGiven } from '../catalog/content-rows.ts';
import { contentFields } from '../catalog/validation/contents.ts';
import type { CheckedRow } from './import-check.ts';
import { rowOf, type RowResult } from './import-report.ts';
import type { NewTags } from './new-tags.ts';

export class SubmissionWriter {
  /** Increasing, so submissions queued by one import keep the file's order in the queue (same createdAt). */
  readonly #ids = orderedIds();
  readonly db: Db;
  readonly dryRun: boolean;
  readonly newTags: NewTags;
  constructor(db: Db, dryRun: boolean, newTags: NewTags) {
    this.db = db;
    this.dryRun = dryRun;
    this.newTags = newTags;
  }

  async write(rows: CheckedRow[]): Promise<RowResult[]> {
    const db = this.db;
    const keys = rows.map((r) => r.key);
    const [listed, queued] = await Promise.all([
      db.select({ key: contents.urlKey, name: contents.name }).from(contents).where(inArray(contents.urlKey, keys)),
      db
        .select({ key: submissions.urlKey, name: submissions.name })
        .from(submissions)
        .where(and(inArray(submissions.urlKey, keys), eq(submissions.status, 'pending'))),
    ]);
    const listedAs = new Map(listed.map((c) => [c.key!, c.name]));
    const queuedAs = new Map(queued.map((s) => [s.key, s.name]));
    const results: RowResult[] = [];
    const fresh: CheckedRow[] = [];
    for (const row of rows) {
      const content = listedAs.get(row.key);
      const pending = queuedAs.get(row.key);
      if (content !== undefined) results.push(rowOf(row, 'skipped', { reason: `already listed as '${content}'` }));
      else if (pending !== undefined)
        results.push(rowOf(row, 'skipped', { reason: `already waiting for review as '${pending}'` }));
      else fresh.push(row);
    }
    if (fresh.length === 0 || this.dryRun)
      return [...results, ...fresh.map((row) => rowOf(row, 'queued', { slug: row.data.slug }))];

    const now = new Date();
    const tagStatements = this.newTags.statementsFor(fresh.map((row) => row.data));
    const insert = db
      .insert(submissions)
      .values(
        fresh.map((row) => ({
          id: this.#ids.next(),
          userId: null,
          ...contentFields(row.data),
          url: cleanUrl(row.data.url),
          urlKey: row.key,
          image: imageAsGiven(row.data.image),
          createdAt: row.createdAt ?? now,
        })),
      )
      .onConflictDoNothing()
      .returning({ key: submissions.urlKey });
    // The new tags the rows carry go in the same batch as the rows.
    const written = await db.$client.batch([...tagStatements, toStatement(insert)], 'write');
    const done = new Set(written.at(-1)!.rows.map((r) => String(r[0])));
    for (const row of fresh) {
      results.push(
        done.has(row.key)
          ? rowOf(row, 'queued', { slug: row.data.slug })
          : rowOf(row, 'skipped', { reason: 'already waiting for review' }),
      );
    }
    return results;
  }
}
