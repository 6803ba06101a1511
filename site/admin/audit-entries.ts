/**
 * How the Audit log screen shows an entry (docs/product.md#pages Audit log): its time, its target with the admin
 * screen that shows it, and its details in one line. Browser-safe: imports only the API's types.
 */
import type { AuditEntryShape } from '#db/reports/contract.ts';
import { TAG_KIND_NAMES, TAG_KINDS, type TagKind } from '#db/catalog/taxonomy.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** '2026-11-23 10:15', in the reader's time zone: the day as the other tables write it, and the minute. */
export function shortDateTime(iso: string): string {
  const at = new Date(iso);
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** The whole time, to the second, with its time zone (the tooltip of the short one). */
export const fullDateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'full', timeStyle: 'long' });

const TARGET_NOUNS: Record<string, string> = {
  content: 'Content',
  submission: 'Submission',
  user: 'User',
  review: 'Review',
  tag: 'Tag',
  import: 'Import',
  database: 'Database',
};

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** The admin screen showing a target of this type: a content's, submission's or user's edit screen, a tag in the tags table, a review among its content's reviews. */
const SCREENS: Record<string, (id: string, details: Record<string, unknown>) => string | undefined> = {
  content: (id) => `/admin/content/${encodeURIComponent(id)}`,
  submission: (id) => `/admin/submission/${encodeURIComponent(id)}`,
  user: (id) => `/admin/user/${encodeURIComponent(id)}`,
  tag: (id) => {
    const [kind = '', value = ''] = id.split(/:(.*)/s);
    return `/admin/tags?${new URLSearchParams({ kind, search: value })}`;
  },
  review: (_id, details) => {
    const content = text(details.contentId);
    return content && `/admin/reviews?${new URLSearchParams({ content })}`;
  },
};

const labelIn = (value: unknown) => text((value as { label?: unknown } | null | undefined)?.label);

/**
 * A tag ('techStack:sveltekit') as the tags screen names it: its kind's word and its label as the entry recorded
 * it (a created tag's label, a renamed or merged one's new label), else its value.
 */
function tagNounAndName(id: string, details: Record<string, unknown>): { noun: string; name: string } {
  const [kind = '', value = id] = id.split(/:(.*)/s);
  const noun = TAG_KINDS.includes(kind as TagKind) ? TAG_KIND_NAMES[kind as TagKind].one : 'Tag';
  return { noun, name: text(details.label) ?? labelIn(details.to) ?? labelIn(details.into) ?? value };
}

export interface TargetView {
  /** Its kind ('Submission') and the name the entry recorded, else its id. */
  noun: string;
  name: string;
  /** Its admin screen, while it exists. */
  href?: string;
  /** It had a screen, and no longer exists. */
  gone: boolean;
}

/** How an entry's target shows: what it is, and a link to it while it exists. */
export function targetView(entry: Pick<AuditEntryShape, 'target' | 'details'>): TargetView {
  const { type, id, exists } = entry.target;
  const details = entry.details ?? {};
  if (type === 'tag') {
    const href = exists ? SCREENS.tag!(id, details) : undefined;
    return { ...tagNounAndName(id, details), ...(href ? { href } : {}), gone: !exists };
  }
  const name =
    type === 'user'
      ? (text(details.email) ?? text(details.name) ?? id)
      : type === 'review'
        ? text(details.author)
          ? `by ${details.author}`
          : id
        : type === 'content' || type === 'submission'
          ? (text(details.name) ?? id)
          : id;
  const screen = SCREENS[type];
  const href = exists ? screen?.(id, details) : undefined;
  return { noun: TARGET_NOUNS[type] ?? type, name, ...(href ? { href } : {}), gone: Boolean(screen) && !exists };
}

const MAX_VALUE = 60;
const cut = (value: string, max: number) => (value.length > max ? `${value.slice(0, max - 1)}…` : value);

/** One value in a few words: a tag by its label, a list item by item, an object as {key: value}. */
function valueText(value: unknown, depth = 0): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return cut(value, MAX_VALUE);
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return value.length ? value.map((item) => valueText(item, depth + 1)).join(', ') : 'none';
  const record = value as Record<string, unknown>;
  if (typeof record.label === 'string') return record.label;
  if (depth > 1) return '…';
  return `{${Object.entries(record)
    .map(([key, inner]) => `${key}: ${valueText(inner, depth + 1)}`)
    .join(', ')}}`;
}

/** One detail as a phrase: a count of contents reads as one ('4 contents'), the rest as 'key: value'. */
function detailText(key: string, value: unknown): string {
  if (key === 'contents' && typeof value === 'number') return `${value} ${value === 1 ? 'content' : 'contents'}`;
  return `${key}: ${valueText(value)}`;
}

/** A record's id (newId: 24 hex digits), which says nothing to a person reading the log. */
const isId = (key: string, value: unknown) =>
  key === 'id' || /Id$/.test(key) || (typeof value === 'string' && /^[0-9a-f]{24}$/.test(value));

/**
 * The details in one line ('name: Python 101 · reason: spam'), cut at `max` characters. Ids are left out:
 * the target (and its link) already says what the entry is about.
 */
export function detailsSummary(details: AuditEntryShape['details'], max = 200): string {
  const shown = Object.entries(details ?? {}).filter(([key, value]) => !isId(key, value));
  if (shown.length === 0) return '';
  return cut(shown.map(([key, value]) => detailText(key, value)).join(' · '), max);
}
