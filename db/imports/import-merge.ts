/**
 * What an import does to a content that is already listed (a row with the same normalised URL), chosen
 * with --on-existing:
 * - fill (the default): only fields that are empty on our side take the row's value: the image, a
 *   description that is empty or a placeholder. Name, slug, URL, cost and certificate always have a value
 *   here, so fill keeps them; curated fields are never blanked or replaced, and a listed content's tags
 *   never take another directory's (a kind left empty was the curator's choice: no file's tag fills it).
 * - update: every field the row gives replaces ours, but never with an empty value: a missing image, a
 *   placeholder description, a tag kind left empty (or emptied by unknown tags), a cost or certificate the
 *   row leaves out keep ours. A slug counts only as written in the file and valid.
 * - skip: listed contents are left alone.
 */
import type { Content } from '../schema.ts';
import { TAG_KINDS, type Tag } from '../catalog/taxonomy.ts';
import { CONTENT_FIELDS, type ContentField, type ContentInput } from '../catalog/validation/contents.ts';

export const ON_EXISTING = ['fill', 'update', 'skip'] as const;
export type OnExisting = (typeof ON_EXISTING)[number];

/** Which optional fields the row itself gave (the others hold defaults). */
export interface GivenFields {
  /** The slug as written in the file, valid as it is. */
  slug: boolean;
  cost: boolean;
  hasCert: boolean;
}

/** What other directories write when they have no description: empty, under every policy. */
const PLACEHOLDER_DESCRIPTIONS = new Set([
  'descriptionnotavailable',
  'nodescription',
  'nodescriptionavailable',
  'nodescriptionyet',
  'notavailable',
  'na',
  'none',
  'tbd',
  'todo',
  'comingsoon',
  'description',
]);

/** The longest of them, with room for punctuation: anything longer is a description. */
const PLACEHOLDER_MAX_CHARS = 40;

function isPlaceholderText(text: string): boolean {
  if (text.length > PLACEHOLDER_MAX_CHARS) return false;
  const key = text.toLowerCase().replace(/[^a-z0-9]+/g, '');
  return key === '' || PLACEHOLDER_DESCRIPTIONS.has(key);
}

const isTagKind = (field: ContentField) => (TAG_KINDS as readonly string[]).includes(field);

/** An empty value: no text, no tags, none. */
const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** The content as it will be after the import, by the policy, field by field (CONTENT_FIELDS). `incoming.image` is in its stored form. */
export function mergeExisting(
  existing: Content,
  incoming: ContentInput,
  given: GivenFields,
  policy: 'fill' | 'update',
): ContentInput {
  // A field the row gave: one that holds a default otherwise only when the file wrote it (GivenFields), else any value.
  const gave = (field: ContentField) =>
    field in given
      ? given[field as keyof GivenFields]
      : !isEmpty(incoming[field]) && !(field === 'description' && isPlaceholderText(incoming.description));
  const oursEmpty = (field: ContentField) =>
    isEmpty(existing[field]) || (field === 'description' && isPlaceholderText(existing.description));
  const merged = {} as Record<ContentField, unknown>;
  for (const field of CONTENT_FIELDS) {
    const fills = policy === 'update' || (oursEmpty(field) && !isTagKind(field));
    merged[field] = gave(field) && fills ? incoming[field] : existing[field];
  }
  return merged as ContentInput;
}

/** One field an import changes, as text a person reads (long text shortened). */
export interface FieldChange {
  field: keyof ContentInput;
  from: string;
  to: string;
}

const SHOWN_CHARS = 60;
const shownText = (text: string) =>
  text === '' ? '(empty)' : `'${text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS - 1)}…` : text}'`;
const shownTags = (tags: readonly Tag[]) => (tags.length ? tags.map((t) => t.label).join(', ') : '(none)');
const sameTags = (a: readonly Tag[], b: readonly Tag[]) =>
  a.length === b.length && a.every((tag, i) => tag.value === b[i]!.value && tag.label === b[i]!.label);

/** How one field changed, or nothing when it did not: tags and skills as lists, flags as words, text shortened. */
function fieldChange(field: ContentField, from: unknown, to: unknown): FieldChange | undefined {
  if (field === 'skills') {
    const [a, b] = [((from ?? []) as string[]).join(', '), ((to ?? []) as string[]).join(', ')];
    return a === b ? undefined : { field, from: a || '(none)', to: b || '(none)' };
  }
  if (Array.isArray(from) || Array.isArray(to)) {
    const [a, b] = [(from ?? []) as Tag[], (to ?? []) as Tag[]];
    return sameTags(a, b) ? undefined : { field, from: shownTags(a), to: shownTags(b) };
  }
  if (typeof from === 'boolean' || typeof to === 'boolean')
    return from === to ? undefined : { field, from: String(from), to: String(to) };
  return (from ?? null) === (to ?? null)
    ? undefined
    : { field, from: shownText(String(from ?? '')), to: shownText(String(to ?? '')) };
}

/** The fields where `next` (image in its stored form) differs from the content as stored; none: unchanged. */
export function changesOf(existing: Content, next: ContentInput): FieldChange[] {
  return CONTENT_FIELDS.flatMap((field) => fieldChange(field, existing[field], next[field]) ?? []);
}
