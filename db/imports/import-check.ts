/**
 * Checking an imported row (db/imports/files/read-rows.ts) with the rules of the API: foreign tags mapped and
 * folded onto ours (tag-resolver.ts), an invalid slug made valid, an image that is neither on the web nor an
 * upload of this site dropped for the generated tile, each with a warning; then the schema the API uses
 * (contentInput). A row with problems is refused with all of them.
 */
import { inArray } from 'drizzle-orm';
import type { RawRow } from './files/read-rows.ts';
import type { Db } from '../client.ts';
import { uploads } from '../schema.ts';
import { TAG_KINDS, type Tag, type TagKind } from '../catalog/taxonomy.ts';
import { isHttpUrl, slugify, urlKey } from '../catalog/urls.ts';
import { contentInput, SLUG_MAX_CHARS, SLUG_PATTERN, type ContentInput } from '../catalog/validation/contents.ts';
import { blankAsMissing } from '../validation/form-values.ts';
import { cleanText } from '../validation/text.ts';
import { imageAsGiven } from '../catalog/content-rows.ts';
import type { GivenFields } from './import-merge.ts';
import { resolveRowTags, type TagRules } from '../catalog/tags/tag-resolver.ts';
import { privateWebsiteProblem } from '../outbound/public-addresses.ts';

/** Where a row's slug comes from: the file (valid as written), the file made valid, or the name. */
export type SlugSource = 'given' | 'fixed' | 'derived';

/** A valid row, ready to be written. */
export interface CheckedRow {
  index: number;
  line: number;
  /** The image in its stored form. */
  data: ContentInput;
  key: string;
  slug: SlugSource;
  /** The slug as the file wrote it, when it had to be made valid. */
  slugWritten?: string;
  given: GivenFields;
  createdAt?: Date;
  updatedAt?: Date;
  warnings: string[];
}

export interface RowCheck {
  checked?: CheckedRow;
  problems: string[];
  warnings: string[];
  unknownTags: Array<{ kind: TagKind; label: string }>;
}

/** Every problem of a row (it is refused when there is one), and what had to change to take it. */
export function checkRow(row: RawRow, rules: TagRules): RowCheck {
  const check: RowCheck = { problems: [], warnings: [], unknownTags: [] };
  if (!row.fields) {
    check.problems.push(row.problem ?? 'the row cannot be read');
    return check;
  }
  const fields = row.fields;
  const tags = {} as Record<TagKind, Tag[]>;
  const tagProblems: string[] = [];
  for (const kind of TAG_KINDS) {
    const resolved = resolveRowTags(kind, fields[kind], rules);
    tags[kind] = resolved.tags;
    tagProblems.push(...resolved.problems);
    check.warnings.push(...resolved.warnings);
    check.unknownTags.push(...resolved.unknown.map((label) => ({ kind, label })));
  }
  const slug = readSlug(fields);
  const image = readImage(fields.image);
  if (image.warning) check.warnings.push(image.warning);

  const parsed = contentInput.safeParse({ ...fields, ...tags, slug: slug.value, image: image.value });
  if (!parsed.success) check.problems.push(...issueMessages(parsed.error.issues));
  const local = parsed.success ? privateWebsiteProblem(parsed.data.url) : undefined;
  if (local) check.problems.push(local);
  check.problems.push(...tagProblems);
  const createdAt = readDate(fields.createdAt);
  let updatedAt = readDate(fields.updatedAt);
  if (createdAt === null) check.problems.push('createdAt must be a date (ISO 8601, e.g. 2024-05-01T12:00:00Z)');
  if (updatedAt === null) check.problems.push('updatedAt must be a date (ISO 8601, e.g. 2024-05-01T12:00:00Z)');
  if (!parsed.success || check.problems.length > 0) return check;

  if (createdAt && updatedAt && updatedAt < createdAt) {
    check.warnings.push('updatedAt is before createdAt: createdAt is used for both');
    updatedAt = undefined;
  }
  check.checked = {
    index: row.index,
    line: row.line,
    data: parsed.data,
    key: urlKey(parsed.data.url),
    slug: slug.source,
    ...(slug.source === 'fixed' ? { slugWritten: slug.written } : {}),
    given: {
      slug: slug.source === 'given',
      cost: blankAsMissing(fields.cost) !== undefined,
      hasCert: blankAsMissing(fields.hasCert) !== undefined,
    },
    ...(createdAt ? { createdAt } : {}),
    ...(updatedAt ? { updatedAt } : {}),
    warnings: check.warnings,
  };
  return check;
}

/**
 * The problem zod found in each field, as parseInput words it: the first per field, since the later ones
 * repeat it ('Website URL is required' is also not a valid URL).
 */
function issueMessages(issues: ReadonlyArray<{ code: string; message: string; path: PropertyKey[] }>): string[] {
  const byField = new Map<string, string>();
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    if (byField.has(field)) continue;
    byField.set(
      field,
      issue.code === 'invalid_type' && /expected/.test(issue.message) && field
        ? `${field} is invalid: ${issue.message}`
        : issue.message,
    );
  }
  return [...byField.values()];
}

/** The slug as written when valid; else made valid from it (a warning names both); else from the name. */
function readSlug(fields: Record<string, unknown>): { value: string; source: SlugSource; written?: string } {
  const raw =
    typeof fields.slug === 'string' ? fields.slug : typeof fields.slug === 'number' ? String(fields.slug) : '';
  const valid = (slug: string) => slug.length <= SLUG_MAX_CHARS && SLUG_PATTERN.test(slug);
  if (valid(raw)) return { value: raw, source: 'given' };
  const written = cleanText(raw);
  if (written === '') return { value: slugify(typeof fields.name === 'string' ? fields.name : ''), source: 'derived' };
  if (valid(written)) return { value: written, source: 'given' };
  return { value: slugify(written), source: 'fixed', written };
}

/** Our uploads, by the SHA-256 of their bytes (uploads.ts). */
const UPLOAD_PATH = /^\/uploads\/([0-9a-f]{64})\.(?:png|gif|jpg)$/;

/**
 * The image as the import takes it: an http(s) URL (a picture to fetch and keep here: content-rows.ts
 * givenPicture), one of our uploads (checked per batch by dropMissingUploads), or none. Any other path, such
 * as another directory's placeholder (/images/letters_placeholder/default_A.png), is not a file of this site:
 * dropped with a warning, the content shows its generated tile. A value that is not text is left to the
 * schema to refuse.
 */
function readImage(value: unknown): { value: unknown; warning?: string } {
  if (typeof value !== 'string' || value === '') return { value };
  const text = cleanText(value);
  if (text === '') return { value: '' };
  const stored = imageAsGiven(text);
  if (stored === '' || isHttpUrl(stored) || UPLOAD_PATH.test(stored)) return { value: stored };
  return {
    value: '',
    warning: `image '${shorten(text)}' is neither an http(s) URL nor a file of this site: the generated tile is shown instead`,
  };
}

/** Rows whose image is an upload this database does not hold lose it, with a warning: one query per batch. */
export async function dropMissingUploads(db: Db, rows: CheckedRow[]): Promise<void> {
  const withUpload = rows.filter((row) => row.data.image.startsWith('/uploads/'));
  if (withUpload.length === 0) return;
  const ids = [...new Set(withUpload.map((row) => UPLOAD_PATH.exec(row.data.image)![1]!))];
  const held = new Set(
    (await db.select({ id: uploads.id }).from(uploads).where(inArray(uploads.id, ids))).map((upload) => upload.id),
  );
  for (const row of withUpload) {
    if (held.has(UPLOAD_PATH.exec(row.data.image)![1]!)) continue;
    row.warnings.push(
      `image '${row.data.image}' is not an upload of this site (uploads are not part of an export): the generated tile is shown instead`,
    );
    row.data = { ...row.data, image: '' };
  }
}

export const shorten = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

/** undefined when absent, null when present but not a date. MongoDB's {"$date": …} is read too. */
function readDate(value: unknown): Date | undefined | null {
  const given =
    typeof value === 'object' && value !== null && '$date' in value ? (value as { $date: unknown }).$date : value;
  if (given === undefined || given === null || given === '') return undefined;
  if (typeof given !== 'string' && typeof given !== 'number') return null;
  const date = new Date(given);
  return Number.isNaN(date.getTime()) ? null : date;
}
