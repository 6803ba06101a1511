/**
 * An admin's changes to the tags: rename, merge, retire, restore (adding is in tags.ts). A rename or merge
 * rewrites every copy of the tag in one batch (decision 011): the indexed content_tags rows, the contents'
 * display lists and the columns derived from them, and the drafts and pending submissions that carry it, so
 * that no reader ever sees half a change. The old value is kept as an alias: old links answer 301.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../client.ts';
import { AppError, conflict, invalid, notFound } from '../../errors.ts';
import { catalogRetag, contentTags, contents, tagAliases, tags, type TagRow } from '../../schema.ts';
import { perTagKind, toValue, type Tag, type TagKind } from '../taxonomy.ts';
import { parseInput } from '../../validation/parse.ts';
import { guard, isGuardFailure } from '../../batch.ts';
import { tagChangeInput, tagLabel as tagLabelSchema, tagMergeInput } from '../validation/tags.ts';
import { auditEntry, type Actor } from '../../operations/audit.ts';
import { withLease } from '../../operations/lease.ts';
import { parseTagKind } from './tags.ts';
import type { TagUsageShape } from '../admin-contract.ts';
import type { TagStatus } from '../validation/tags.ts';

/** The JSON column of each kind, in the tables that keep tags as a display list (named alike in each). */
const COLUMNS = perTagKind((kind) => contents[kind].name);
/** Tables holding tags as lists only (no content_tags rows): drafts, and submissions still to be decided. */
const LIST_TABLES = [
  { table: 'content_drafts', scope: sql`1` },
  { table: 'submissions', scope: sql`status = 'pending'` },
] as const;

/** A tag's label as stored: clean single-line text with a letter or a digit, at most 100 characters. */
export const tagLabel = (label: unknown): string => parseInput(tagLabelSchema, typeof label === 'string' ? label : '');

async function findTag(db: Db, kind: TagKind, value: string): Promise<TagRow | undefined> {
  const [row] = await db
    .select()
    .from(tags)
    .where(and(eq(tags.kind, kind), eq(tags.value, value)));
  return row;
}

async function existingTag(db: Db, kind: unknown, value: unknown): Promise<TagRow> {
  const tagKind = parseTagKind(kind);
  const row = typeof value === 'string' ? await findTag(db, tagKind, value) : undefined;
  if (!row) throw notFound(`No ${tagKind} has the value '${String(value).slice(0, 100)}'`);
  return row;
}

/** A tag found by its row id (the admin screen's handle: values may hold '/', '#', '+'). */
export async function tagById(db: Db, id: unknown): Promise<TagRow> {
  const key = typeof id === 'string' && /^\d{1,15}$/.test(id) ? Number(id) : typeof id === 'number' ? id : NaN;
  const [row] = Number.isSafeInteger(key) ? await db.select().from(tags).where(eq(tags.id, key)) : [];
  if (!row) throw notFound('Tag not found');
  return row;
}

async function usageCount(db: Db, kind: TagKind, value: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(contentTags)
    .where(and(eq(contentTags.kind, kind), eq(contentTags.value, value)));
  return row?.n ?? 0;
}

const usage = (row: TagRow, contents: number): TagUsageShape => ({
  id: row.id,
  kind: row.kind,
  value: row.value,
  label: row.label,
  status: row.status,
  contents,
});

/**
 * A list column with the tag `from` replaced by `into` (with its label), or dropped where the list already
 * holds `into` (a merge). Order is kept; other tags are untouched.
 */
function rewrittenList(table: string, column: string, from: string, into: Tag): SQL {
  const list = sql.raw(`"${table}"."${column}"`);
  return sql`(SELECT json_group_array(json_object(
      'label', CASE WHEN j.value->>'value' = ${from} THEN ${into.label} ELSE j.value->>'label' END,
      'value', CASE WHEN j.value->>'value' = ${from} THEN ${into.value} ELSE j.value->>'value' END))
    FROM json_each(${list}) j
    WHERE NOT (${from} <> ${into.value} AND j.value->>'value' = ${from}
      AND EXISTS (SELECT 1 FROM json_each(${list}) k WHERE k.value->>'value' = ${into.value})))`;
}

/**
 * contents.tag_labels and tag_key recomputed from the lists, as db/catalog/content-rows.ts makes them. The order
 * comes from ordered subqueries rather than `group_concat(… ORDER BY …)`, which a libSQL server's parser refuses
 * (docs/decisions/027); SQLite keeps a FROM subquery's order under an aggregate, as it does not flatten it.
 */
const sortedValues = (column: string) =>
  `(SELECT group_concat(value, ',') FROM (SELECT j.value->>'value' AS value FROM json_each(contents.${column}) j ORDER BY 1))`;
const DERIVED_COLUMNS = sql.raw(`
  tag_labels = coalesce((SELECT group_concat(label, ' ') FROM (
    SELECT label FROM (
      SELECT 1 k, j.key i, j.value->>'label' label FROM json_each(contents.category) j
      UNION ALL SELECT 2, j.key, j.value->>'label' FROM json_each(contents.tech_stack) j
      UNION ALL SELECT 3, j.key, j.value->>'label' FROM json_each(contents.type) j)
    ORDER BY k, i)), ''),
  tag_key = coalesce((SELECT group_concat(part, ';') FROM (
    SELECT part FROM (
      SELECT 1 k, 'category=' || ${sortedValues('category')} part
      UNION ALL SELECT 2, 'techStack=' || ${sortedValues('tech_stack')}
      UNION ALL SELECT 3, 'type=' || ${sortedValues('type')})
    WHERE part IS NOT NULL ORDER BY k)), '')`);

/**
 * A move goes in slices, each a transaction of its own that holds the write lock (and, on a database file, this
 * thread) about SLICE_MS: the next slice's size follows the last one's time. A common tag at a million contents
 * held it for seconds in one transaction (decision 059).
 */
const SLICE_MS = 50;
const FIRST_SLICE = 500;
const SLICE_BOUNDS = { fewest: 50, most: 5_000 };

/** The next slice's size: as many contents as SLICE_MS took at the last one's pace, within bounds. */
const nextSliceSize = (size: number, ms: number) =>
  Math.round(Math.min(SLICE_BOUNDS.most, Math.max(SLICE_BOUNDS.fewest, (size * SLICE_MS) / Math.max(ms, 1))));

/** How a rename or merge goes: its slices' size (tests move a few at a time), and who follows its progress. */
export interface MoveOptions {
  sliceContents?: number;
  /** Told how many contents have moved of how many, once the move holds its lease and after each slice. */
  onProgress?: (moved: number, total: number) => void;
}

/** The rows of content_tags that still carry the tag (kind, from) as it was, not yet as `into`. */
const stillToMove = (kind: TagKind, from: string, into: Tag) =>
  sql`kind = ${kind} AND value = ${from} AND NOT (value = ${into.value} AND label = ${into.label})`;

/**
 * Every statement that moves the tag (kind, from) onto `into`, everywhere it is kept: on the contents given
 * (a slice), or on every content still carrying it and in the drafts and submissions (the move's last
 * transaction). The move is held in catalog_retag meanwhile: the contents rewritten log no change each, and
 * the last transaction logs the one 'retag' change (decision 023); a slice's row is quiet.
 */
function retagStatements(db: Db, kind: TagKind, from: string, into: Tag, slice?: string[]): BatchItem<'sqlite'>[] {
  const column = COLUMNS[kind];
  const carriers = slice
    ? sql`SELECT value FROM json_each(${JSON.stringify(slice)})`
    : sql`SELECT content_id FROM content_tags WHERE ${stillToMove(kind, from, into)}`;
  const inSlice = slice ? sql`AND content_id IN (${carriers})` : sql``;
  const statements: BatchItem<'sqlite'>[] = [
    db.insert(catalogRetag).values({ kind, fromValue: from, intoValue: into.value, quiet: Boolean(slice) }),
    // The display lists first, then the columns derived from them: an UPDATE's expressions see the old row.
    db.run(
      sql`UPDATE contents SET ${sql.raw(column)} = ${rewrittenList('contents', column, from, into)} WHERE id IN (${carriers})`,
    ),
    db.run(sql`UPDATE contents SET ${DERIVED_COLUMNS} WHERE id IN (${carriers})`),
  ];
  if (!slice)
    statements.push(
      ...LIST_TABLES.map(({ table, scope }) =>
        db.run(
          sql`UPDATE ${sql.raw(table)} SET ${sql.raw(column)} = ${rewrittenList(table, column, from, into)}
            WHERE ${scope} AND EXISTS (SELECT 1 FROM json_each(${sql.raw(`"${table}"."${column}"`)}) j WHERE j.value->>'value' = ${from})`,
        ),
      ),
    );
  // content_tags last: the statements above find the carriers through it.
  if (from !== into.value) {
    statements.push(
      db.run(sql`DELETE FROM content_tags WHERE kind = ${kind} AND value = ${from} ${inSlice}
        AND content_id IN (SELECT content_id FROM content_tags WHERE kind = ${kind} AND value = ${into.value})`),
    );
  }
  statements.push(
    db.run(
      sql`UPDATE content_tags SET value = ${into.value}, label = ${into.label} WHERE ${stillToMove(kind, from, into)} ${inSlice}`,
    ),
  );
  statements.push(db.delete(catalogRetag));
  return statements;
}

/**
 * Moves the contents carrying (kind, from) onto `into` a slice at a time, in content id order, each slice its
 * own transaction and followed by a rest as long; it stops when fewer than a slice are left, for
 * the move's last transaction to take with the rest of the change. Readers meanwhile see some contents with the
 * new label (their cards, their pages) and every filter and count as before the move.
 */
async function moveInSlices(
  db: Db,
  kind: TagKind,
  from: string,
  into: Tag,
  { stop, total, sliceContents, onProgress }: MoveOptions & { stop: AbortSignal; total: number },
): Promise<void> {
  let size = sliceContents ?? FIRST_SLICE;
  let moved = 0;
  onProgress?.(0, total);
  for (let after = ''; ; ) {
    const slice = (
      await db.all<{ id: string }>(
        sql`SELECT content_id AS id FROM content_tags WHERE ${stillToMove(kind, from, into)} AND content_id > ${after}
            ORDER BY content_id LIMIT ${size}`,
      )
    ).map((row) => row.id);
    if (slice.length < size) return;
    if (stop.aborted)
      throw new AppError('BUSY', 'The tag change was cut short: do it again to finish it', { retryAfter: 1 });
    const started = performance.now();
    await db.batch(retagStatements(db, kind, from, into, slice) as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
    const took = performance.now() - started;
    if (sliceContents === undefined) size = nextSliceSize(size, took);
    after = slice.at(-1)!;
    moved += slice.length;
    // Contents tagged since the count was taken move too: the count shown never passes the total.
    onProgress?.(Math.min(moved, total), total);
    // As long a rest as the slice took: other writers, and the checkpoint that keeps the log short, get their turn.
    await new Promise((resolve) => setTimeout(resolve, took));
  }
}

/**
 * A move's last transaction: the rest of its contents, the tag's row and whatever else the change writes, written
 * only if the tags it names are still as the move found them (another admin's write may have come between).
 */
async function lastTransaction(db: Db, unchanged: SQL, statements: BatchItem<'sqlite'>[]): Promise<void> {
  try {
    await db.batch([guard(db, unchanged), ...statements]);
  } catch (error) {
    if (isGuardFailure(error)) throw conflict('The tag was changed meanwhile: look at it again before changing it');
    throw error;
  }
}

/** How long a tag move holds its lease between renewals (it renews every third). */
const TAG_MOVE_LEASE_MS = 30_000;

/**
 * Runs a rename or merge while this process holds the deployment's one tag-move lease: two moves at once could
 * each find the other's half-moved contents. A second one meanwhile is a 409, to try again in a moment.
 */
async function oneMoveAtATime<T>(db: Db, move: (stop: AbortSignal) => Promise<T>): Promise<T> {
  const moved = await withLease(db, 'tag-move', TAG_MOVE_LEASE_MS, move);
  if (!moved.ran) throw conflict('Another tag is being renamed or merged: try again in a moment');
  return moved.value;
}

/** Old links to `from` (and to every value that led to it) now lead to `into`; `into` itself is a tag again. */
function aliasStatements(db: Db, kind: TagKind, from: string, into: string): BatchItem<'sqlite'>[] {
  return [
    db
      .update(tagAliases)
      .set({ target: into })
      .where(and(eq(tagAliases.kind, kind), eq(tagAliases.target, from))),
    db
      .insert(tagAliases)
      .values({ kind, value: from, target: into })
      .onConflictDoUpdate({ target: [tagAliases.kind, tagAliases.value], set: { target: into } }),
    db.delete(tagAliases).where(and(eq(tagAliases.kind, kind), eq(tagAliases.value, into))),
  ];
}

/** What a change would do, for the confirmation: the tag, and how many contents carry it. */
export async function describeTag(db: Db, kind: unknown, value: unknown): Promise<TagUsageShape> {
  const row = await existingTag(db, kind, value);
  return usage(row, await usageCount(db, row.kind, row.value));
}

/**
 * Renames a tag. The value follows the label (lowercased, spaces as hyphens); if it changes, the old value
 * becomes an alias. A new value another tag of the kind already has is a 409: that is a merge.
 */
export async function renameTag(
  db: Db,
  actor: Actor,
  kind: unknown,
  value: unknown,
  newLabel: unknown,
  options: MoveOptions = {},
): Promise<TagUsageShape> {
  const row = await existingTag(db, kind, value);
  const label = tagLabel(newLabel);
  const into = { label, value: toValue(label) };
  if (into.value !== row.value) {
    const taken = await findTag(db, row.kind, into.value);
    if (taken)
      throw conflict(`The ${row.kind} '${taken.label}' (${taken.value}) already exists: merge into it instead`);
  }
  if (into.label === row.label && into.value === row.value) return describeTag(db, row.kind, row.value);
  const contents = await usageCount(db, row.kind, row.value);
  await oneMoveAtATime(db, async (stop) => {
    await moveInSlices(db, row.kind, row.value, into, { ...options, stop, total: contents });
    const unchanged = sql`EXISTS (SELECT 1 FROM tags WHERE id = ${row.id} AND value = ${row.value} AND label = ${row.label})
      AND NOT EXISTS (SELECT 1 FROM tags WHERE kind = ${row.kind} AND value = ${into.value} AND id <> ${row.id})`;
    await lastTransaction(db, unchanged, [
      db.update(tags).set(into).where(eq(tags.id, row.id)) as BatchItem<'sqlite'>,
      ...retagStatements(db, row.kind, row.value, into),
      ...(into.value !== row.value ? aliasStatements(db, row.kind, row.value, into.value) : []),
      auditEntry(
        db,
        actor,
        'tag.rename',
        { type: 'tag', id: `${row.kind}:${into.value}` },
        { from: { label: row.label, value: row.value }, to: into, contents },
      ),
    ]);
  });
  return usage({ ...row, ...into }, contents);
}

/**
 * Merges a tag into another of its kind: contents that carried `from` carry `into` (once), `from` is gone and
 * its value leads to `into`. Merging into a retired tag is refused: restore it first.
 */
export async function mergeTags(
  db: Db,
  actor: Actor,
  kind: unknown,
  fromValue: unknown,
  intoValue: unknown,
  options: MoveOptions = {},
): Promise<TagUsageShape> {
  const from = await existingTag(db, kind, fromValue);
  const into = await existingTag(db, from.kind, intoValue);
  if (from.id === into.id) throw invalid('A tag cannot be merged into itself');
  if (into.status === 'retired')
    throw invalid(`The ${into.kind} '${into.label}' is retired: restore it first, or merge into an active tag`);
  const moved = await usageCount(db, from.kind, from.value);
  const target = { label: into.label, value: into.value };
  await oneMoveAtATime(db, async (stop) => {
    await moveInSlices(db, from.kind, from.value, target, { ...options, stop, total: moved });
    const unchanged = sql`EXISTS (SELECT 1 FROM tags WHERE id = ${from.id})
      AND EXISTS (SELECT 1 FROM tags WHERE id = ${into.id} AND value = ${into.value} AND label = ${into.label})`;
    await lastTransaction(db, unchanged, [
      db.delete(tags).where(eq(tags.id, from.id)) as BatchItem<'sqlite'>,
      ...retagStatements(db, from.kind, from.value, target),
      ...aliasStatements(db, from.kind, from.value, into.value),
      auditEntry(
        db,
        actor,
        'tag.merge',
        { type: 'tag', id: `${into.kind}:${into.value}` },
        {
          from: { label: from.label, value: from.value },
          into: { label: into.label, value: into.value },
          contents: moved,
        },
      ),
    ]);
  });
  return usage(into, await usageCount(db, into.kind, into.value));
}

/**
 * Retires a tag: it is no longer offered in forms and filters, and the contents that carry it keep it (and
 * its links keep working). Restoring offers it again.
 */
export async function setTagStatus(
  db: Db,
  actor: Actor,
  kind: unknown,
  value: unknown,
  status: TagStatus,
): Promise<TagUsageShape> {
  const row = await existingTag(db, kind, value);
  const contents = await usageCount(db, row.kind, row.value);
  if (row.status === status) return usage(row, contents);
  await db.batch([
    db.update(tags).set({ status }).where(eq(tags.id, row.id)),
    auditEntry(
      db,
      actor,
      status === 'retired' ? 'tag.retire' : 'tag.restore',
      { type: 'tag', id: `${row.kind}:${row.value}` },
      { label: row.label, contents },
    ),
  ]);
  return usage({ ...row, status }, contents);
}

/**
 * PUT /api/tags/{id}: `{label}` renames, `{status: 'active'|'retired'}` restores or retires, both at once
 * do both (the rename first). Anything else in the body is ignored; a body with neither is a 400.
 */
export async function changeTag(
  db: Db,
  actor: Actor,
  id: unknown,
  body: unknown,
  options: MoveOptions = {},
): Promise<TagUsageShape> {
  const row = await tagById(db, id);
  const change = parseInput(tagChangeInput, body ?? {});
  let tag = await describeTag(db, row.kind, row.value);
  if (change.label !== undefined) tag = await renameTag(db, actor, row.kind, row.value, change.label, options);
  if (change.status !== undefined) tag = await setTagStatus(db, actor, tag.kind, tag.value, change.status);
  return tag;
}

/** The tag to merge into: by id for a number, else by value (then by id for digits no value has). */
async function mergeTarget(db: Db, kind: TagKind, into: number | string): Promise<TagRow> {
  if (typeof into === 'number') return tagById(db, into);
  return (await findTag(db, kind, into)) ?? (/^\d+$/.test(into) ? tagById(db, into) : existingTag(db, kind, into));
}

/** POST /api/tags/{id}/merge `{into}`. */
export async function mergeTagById(
  db: Db,
  actor: Actor,
  id: unknown,
  body: unknown,
  options: MoveOptions = {},
): Promise<TagUsageShape> {
  const from = await tagById(db, id);
  const { into } = parseInput(tagMergeInput, body ?? {});
  const target = await mergeTarget(db, from.kind, into);
  if (target.kind !== from.kind) throw invalid('A tag merges only into a tag of its own kind');
  return mergeTags(db, actor, from.kind, from.value, target.value, options);
}
