/**
 * `skillshelf import`: contents from a JSON or CSV file (db/imports/files/format.ts), read into rows
 * (read-rows.ts), each checked with the rules of the API (import-check.ts), then written as contents
 * (import-contents.ts) or queued as submissions (import-submissions.ts). Files written elsewhere are taken
 * as far as they can be, with a warning on each row for what had to change; a row with problems is refused
 * on its own, with all of them, and the valid ones are written. A file that cannot be read as rows at all
 * (bad JSON, a CSV header without a required column, an unclosed quote) is refused whole before anything is
 * written. Writes go in batches of BATCH_ROWS rows, one db.batch each.
 */
import type { CatalogFormat } from './files/format.ts';
import { readRows, type RawRow } from './files/read-rows.ts';
import type { Db } from '../client.ts';
import { cleanText } from '../validation/text.ts';
import { auditEntry, type Actor } from '../operations/audit.ts';
import { checkRow, dropMissingUploads, type CheckedRow } from './import-check.ts';
import { ContentWriter } from './import-contents.ts';
import type { OnExisting } from './import-merge.ts';
import {
  IMPORT_OUTCOMES,
  type ImportOutcome,
  type ImportReport,
  type ImportRow,
  type UnknownTag,
} from './import-report.ts';
import { NewTags } from './new-tags.ts';
import { SubmissionWriter } from './import-submissions.ts';
import { listTags } from '../catalog/tags/tags.ts';
import { readTagMap } from './tag-map.ts';
import { creatingResolver, EMPTY_TAG_MAP, foldTag, nearTags, tagRules } from '../catalog/tags/tag-resolver.ts';

export const BATCH_ROWS = 1000;

export interface ImportOptions {
  format: CatalogFormat;
  /** Check and report everything, write nothing. */
  dryRun?: boolean;
  /** Queue the rows as submissions for review instead of writing contents. */
  asSubmissions?: boolean;
  /** What becomes of contents already listed (import-merge.ts): fill by default. */
  onExisting?: OnExisting;
  /** Foreign tags onto ours, as a --map file holds them (tag-map.ts readTagMap). */
  tagMap?: unknown;
  /** false (--no-create-tags): a tag that matches none of ours refuses its row instead of being settled. */
  createTags?: boolean;
  /** What the audit entry names as the import's source (the file's name). */
  source: string;
  /** Rows checked and written so far (called after each batch). */
  onProgress?: (done: number, total: number) => void;
}

/** The outcomes of a row that was (or, in a dry run, would be) written. */
const WRITTEN: ReadonlySet<ImportOutcome> = new Set(['created', 'updated', 'queued']);

export async function importCatalog(
  db: Db,
  actor: Actor,
  input: AsyncIterable<string>,
  options: ImportOptions,
): Promise<ImportReport> {
  const ours = await listTags(db);
  const resolver = creatingResolver(ours);
  const createTags = options.createTags !== false;
  const rules = tagRules(
    resolver,
    options.tagMap === undefined ? EMPTY_TAG_MAP : readTagMap(options.tagMap, resolver),
    createTags,
  );
  const onExisting = options.onExisting ?? 'fill';
  const raw = await readRows(input, options.format);
  const results: ImportRow[] = new Array(raw.length);
  const unknownTags = new Map<string, UnknownTag>();

  const checked: CheckedRow[] = [];
  const firstRowOfKey = new Map<string, number>();
  for (const row of raw) {
    const check = checkRow(row, rules);
    for (const { kind, label } of check.unknownTags) {
      const id = `${kind}\u0000${foldTag(label)}`;
      const seen = unknownTags.get(id);
      if (seen) seen.rows++;
      else unknownTags.set(id, { kind, label, rows: 1 });
    }
    const earlier = check.checked && firstRowOfKey.get(check.checked.key);
    if (!check.checked || earlier !== undefined) {
      const problems = check.checked ? [`the same website as row ${earlier}`] : check.problems;
      results[row.index] = refusedRow(row, problems, check.warnings);
      continue;
    }
    firstRowOfKey.set(check.checked.key, row.index + 1);
    checked.push(check.checked);
  }

  const dryRun = options.dryRun === true;
  // New tags are written with the rows that carry them (new-tags.ts): a refused row creates none.
  const newTags = new NewTags(resolver.created);
  const writer = options.asSubmissions
    ? new SubmissionWriter(db, dryRun, newTags)
    : new ContentWriter(db, dryRun, onExisting, newTags);
  for (let done = 0; done < checked.length; done += BATCH_ROWS) {
    const batch = checked.slice(done, done + BATCH_ROWS);
    await dropMissingUploads(db, batch);
    for (const [index, row] of await writer.write(batch)) results[index] = row;
    options.onProgress?.(Math.min(done + BATCH_ROWS, checked.length), checked.length);
  }

  const rows = results;
  const createdTags = announceNewTags(checked, rows, newTags, onExisting).map((tag) => {
    const near = nearTags(tag.label, ours[tag.kind]);
    return near.length ? { ...tag, near } : tag;
  });
  const counts = Object.fromEntries(IMPORT_OUTCOMES.map((o) => [o, 0])) as Record<ImportOutcome, number>;
  let warned = 0;
  for (const row of rows) {
    counts[row.outcome]++;
    if (row.warnings) warned++;
  }
  if (!dryRun) {
    await auditEntry(
      db,
      actor,
      'content.import',
      { type: 'import', id: options.source },
      {
        source: options.source,
        format: options.format,
        asSubmissions: options.asSubmissions === true,
        onExisting,
        ...counts,
      },
    );
  }
  return {
    format: options.format,
    dryRun,
    asSubmissions: options.asSubmissions === true,
    onExisting,
    createTags,
    createdTags,
    counts,
    warned,
    unknownTags: [...unknownTags.values()].sort((a, b) => b.rows - a.rows),
    rows,
  };
}

/**
 * The new tags the import wrote (or, in a dry run, would write), each said once on the first row that writes
 * it: a row created or queued writes its own tags, an updated one only under --on-existing update (fill
 * never gives a listed content a file's tags), and a refused, skipped or unchanged one writes none.
 */
function announceNewTags(
  checked: readonly CheckedRow[],
  rows: ImportRow[],
  newTags: NewTags,
  onExisting: OnExisting,
): ImportReport['createdTags'] {
  const announced = new Set<string>();
  const created: ImportReport['createdTags'] = [];
  for (const row of checked) {
    const result = rows[row.index]!;
    const wrote = WRITTEN.has(result.outcome) && (result.outcome !== 'updated' || onExisting === 'update');
    if (!wrote) continue;
    for (const { kind, tag } of newTags.carriedBy([row.data])) {
      const key = `${kind}\u0000${tag.value}`;
      if (announced.has(key)) continue;
      announced.add(key);
      created.push({ kind, label: tag.label, value: tag.value });
      rows[row.index] = {
        ...result,
        warnings: [...(rows[row.index]!.warnings ?? []), `new ${kind} '${tag.label}' created`],
      };
    }
  }
  return created;
}

/** A refused row; its name and URL echoed as cleaned text, since the report is printed to terminals. */
function refusedRow(row: RawRow, problems: string[], warnings: string[]): ImportRow {
  const [name, url] = [row.fields?.name, row.fields?.url].map((value) =>
    typeof value === 'string' ? cleanText(value) : '',
  );
  return {
    row: row.index + 1,
    line: row.line,
    outcome: 'refused',
    ...(name ? { name } : {}),
    ...(url ? { url } : {}),
    reason: problems.join('; '),
    problems,
    ...(warnings.length ? { warnings } : {}),
  };
}
