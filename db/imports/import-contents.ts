/**
 * Writing imported rows as contents, a batch of rows at a time: an upsert keyed by the normalised URL
 * (urlKey). A row whose website is not listed creates a content; one that is listed is filled, updated or
 * left alone by --on-existing (import-merge.ts), so importing the same file twice changes nothing the second
 * time. Existing contents and slugs are looked up with one query each per batch, never a round trip per row,
 * and a batch is written as one db.batch of bulk inserts (db/catalog/search/fast-paths.ts).
 */
import type { InStatement } from '@libsql/client';
import { eq, inArray, like, or } from 'drizzle-orm';
import { uniqueViolation } from '../batch.ts';
import { bulkInsert, chunked, runStatements, toStatement } from '../catalog/search/fast-paths.ts';
import type { Db } from '../client.ts';
import { isAppError } from '../errors.ts';
import { newId, orderedIds } from '../ids.ts';
import { contentTags, contents, pictureFetches, type Content } from '../schema.ts';
import type { ContentInput } from '../catalog/validation/contents.ts';
import { TAG_KINDS } from '../catalog/taxonomy.ts';
import { contentConflict } from '../catalog/content-admin.ts';
import {
  contentValues,
  givenPicture,
  givenPictureRow,
  insertContentStatements,
  updateContentStatements,
} from '../catalog/content-rows.ts';
import { shorten, type CheckedRow } from './import-check.ts';
import { changesOf, mergeExisting, type FieldChange, type OnExisting } from './import-merge.ts';
import { rowOf, type RowResult } from './import-report.ts';
import type { NewTags } from './new-tags.ts';

/** Contents whose slug is not free: who holds it (a urlKey; '' for a content without a website). */
type SlugOwners = Map<string, string>;

interface Planned {
  row: CheckedRow;
  data: ContentInput;
  /** The content it updates, and what changes; absent for a new content. */
  existing?: Content;
  changes?: FieldChange[];
}

export class ContentWriter {
  /** Slugs given to rows of this import so far, with the row that took each. */
  readonly #claimed = new Map<string, { key: string; row: number }>();
  readonly #ids = orderedIds();

  readonly db: Db;
  readonly dryRun: boolean;
  readonly onExisting: OnExisting;
  readonly newTags: NewTags;
  constructor(db: Db, dryRun: boolean, onExisting: OnExisting, newTags: NewTags) {
    this.db = db;
    this.dryRun = dryRun;
    this.onExisting = onExisting;
    this.newTags = newTags;
  }

  async write(rows: CheckedRow[]): Promise<RowResult[]> {
    const existing = await this.#existing(rows);
    const results: RowResult[] = [];
    const proposed: Planned[] = [];
    for (const row of rows) {
      const current = existing.get(row.key);
      if (!current) proposed.push({ row, data: row.data });
      else if (this.onExisting === 'skip')
        results.push(
          rowOf(row, 'skipped', {
            slug: current.slug,
            reason: `already listed as '${current.name}' (--on-existing skip)`,
          }),
        );
      else
        proposed.push({ row, data: mergeExisting(current, row.data, row.given, this.onExisting), existing: current });
    }
    const owners = await this.#slugOwners(proposed);
    const planned: Planned[] = [];
    for (const proposal of proposed) {
      const { row, existing: current } = proposal;
      const next = await this.#withFreeSlug(proposal, owners);
      if (!current) planned.push({ row, data: next });
      else {
        const changes = changesOf(current, next);
        if (changes.length === 0)
          results.push(rowOf(row, 'unchanged', { name: next.name, url: next.url, slug: next.slug }));
        else planned.push({ row, data: next, existing: current, changes });
      }
    }
    if (!this.dryRun) results.push(...(await this.#store(planned)));
    else results.push(...planned.map((p) => plannedRow(p)));
    return results;
  }

  /** The contents the rows' websites already list, by urlKey. */
  async #existing(rows: CheckedRow[]): Promise<Map<string, Content>> {
    const keys = rows.map((r) => r.key);
    const found = await this.db
      .select({ content: contents, source: pictureFetches.source })
      .from(contents)
      .leftJoin(pictureFetches, eq(pictureFetches.contentId, contents.id))
      .where(inArray(contents.urlKey, keys));
    // A content still waiting for the picture it was given by its address counts as showing it: the same file
    // imported again changes nothing.
    return new Map(
      found.map(({ content, source }) => [
        content.urlKey!,
        content.image === '' && source ? { ...content, image: source } : content,
      ]),
    );
  }

  /** Who holds each slug the proposed rows want, in the database. */
  async #slugOwners(proposed: Planned[]): Promise<SlugOwners> {
    const wanted = [...new Set(proposed.map((p) => p.data.slug))];
    return new Map(
      (
        await this.db
          .select({ slug: contents.slug, key: contents.urlKey })
          .from(contents)
          .where(inArray(contents.slug, wanted))
      ).map((o) => [o.slug, o.key ?? '']),
    );
  }

  /**
   * The row's data with a slug no other content or row holds (an update keeps its own), claimed for the row;
   * a slug given or fixed that could not be kept is said in the row's warnings.
   */
  async #withFreeSlug({ row, data, existing: current }: Planned, owners: SlugOwners): Promise<ContentInput> {
    let slug = data.slug;
    const holder = this.#holder(slug, row.key, owners);
    if (holder) {
      slug = current ? current.slug : await this.#freeSlug(slug, owners);
      if (row.slug === 'given')
        row.warnings.push(`slug '${data.slug}' is used by ${holder}: ${current ? 'kept' : 'stored as'} '${slug}'`);
    }
    if (!current && row.slug === 'fixed')
      row.warnings.push(
        `slug '${shorten(row.slugWritten!)}' may hold only lowercase letters, digits and single hyphens: stored as '${slug}'`,
      );
    this.#claimed.set(slug, { key: row.key, row: row.index + 1 });
    return slug === data.slug ? data : { ...data, slug };
  }

  /** Who holds `slug` if it cannot go to the content at `key` ('row 3', 'another content'), else undefined. */
  #holder(slug: string, key: string, owners: SlugOwners): string | undefined {
    const claim = this.#claimed.get(slug);
    if (claim && claim.key !== key) return `row ${claim.row}`;
    const owner = owners.get(slug);
    if (owner !== undefined && owner !== key) return 'another content';
    return undefined;
  }

  /** base-2, base-3, …: the first that neither the database nor this import uses. */
  async #freeSlug(base: string, owners: SlugOwners): Promise<string> {
    const stem = base.slice(0, 110);
    const used = new Set(
      (
        await this.db
          .select({ slug: contents.slug })
          .from(contents)
          .where(or(eq(contents.slug, stem), like(contents.slug, `${stem}-%`)))
      ).map((r) => r.slug),
    );
    for (let n = 2; ; n++) {
      const candidate = `${stem}-${n}`;
      if (!used.has(candidate) && !owners.has(candidate) && !this.#claimed.has(candidate)) return candidate;
    }
  }

  /** One batch for all of them; if a concurrent writer took a slug or website meanwhile, row by row. */
  async #store(planned: Planned[]): Promise<RowResult[]> {
    if (planned.length === 0) return [];
    const db = this.db;
    const now = new Date();
    const creates = planned.filter((p) => !p.existing).map((p) => ({ id: this.#ids.next(), p }));
    const updates = planned.filter((p) => p.existing);
    const tagRows = creates.flatMap(({ id, p }) => tagRowsOf(id, p.data));
    // A picture given by another site's address is fetched and kept here later, as insertContentStatements asks.
    const pictureRows = creates.flatMap(({ id, p }) => {
      const source = givenPicture(p.data.image);
      return source ? [givenPictureRow(id, source)] : [];
    });
    const statements: InStatement[] = [
      ...this.newTags.statementsFor(planned.map((p) => p.data)),
      ...chunked(creates, 500).map((part) =>
        bulkInsert(
          contents,
          part.map(({ id, p }) => contentValues(id, p.data, datesOf(p.row, now))),
        ),
      ),
      ...chunked(tagRows, 2000).map((rows) => bulkInsert(contentTags, rows)),
      ...chunked(pictureRows, 2000).map((rows) => bulkInsert(pictureFetches, rows)),
      ...updates.flatMap((p) => updateContentStatements(db, p.existing!.id, p.data).map(toStatement)),
    ];
    try {
      await runStatements(db, statements);
      return planned.map(plannedRow);
    } catch (error) {
      if (!uniqueViolation(error)) throw error;
    }
    const results: RowResult[] = [];
    for (const p of planned) {
      try {
        const writes = p.existing
          ? updateContentStatements(db, p.existing.id, p.data)
          : insertContentStatements(db, newId(), p.data, datesOf(p.row, now));
        await runStatements(db, [...this.newTags.statementsFor([p.data]), ...writes.map(toStatement)]);
        results.push(plannedRow(p));
      } catch (error) {
        const conflict = contentConflict(error, p.data);
        if (!isAppError(conflict)) throw error;
        results.push(
          rowOf(p.row, 'refused', { slug: p.data.slug, reason: conflict.message, problems: [conflict.message] }),
        );
      }
    }
    return results;
  }
}

/** A written row, named as the content now is (an update by fill keeps our name). */
const plannedRow = (p: Planned): RowResult =>
  rowOf(p.row, p.existing ? 'updated' : 'created', {
    name: p.data.name,
    url: p.data.url,
    slug: p.data.slug,
    ...(p.changes ? { changes: p.changes } : {}),
  });

/** A new content's dates: the file's, else the import's time; never updated before it was created. */
function datesOf(row: CheckedRow, now: Date): { createdAt: Date; updatedAt: Date } {
  const createdAt = row.createdAt ?? now;
  return { createdAt, updatedAt: row.updatedAt && row.updatedAt > createdAt ? row.updatedAt : createdAt };
}

function tagRowsOf(contentId: string, data: ContentInput) {
  return TAG_KINDS.flatMap((kind) =>
    data[kind].map((tag) => ({ contentId, kind, value: tag.value, label: tag.label })),
  );
}
