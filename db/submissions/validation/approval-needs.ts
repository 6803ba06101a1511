/**
 * What a catalog entry needs before an approval publishes it (docs/product.md#how-things-change): a name
 * (not its address), at least a category and a format (the edit form's Categories and Format of the
 * material), and a description that
 * is not a placeholder. Every approval, one or in bulk, from the browser, the API or the CLI, asks this one
 * rule; the submissions list carries its answer so that a confirmation counts the rows it will skip.
 */
import type { Tag } from '../../catalog/taxonomy.ts';

/** What an entry lacks, in the words a reason uses ("needs a category and a format"). */
export const APPROVAL_NEEDS = ['a name', 'a category', 'a format', 'a description'] as const;
export type ApprovalNeed = (typeof APPROVAL_NEEDS)[number];

/** The line an approval fills a blank description with, for an edit screen that requires one: still a placeholder. */
export const placeholderDescription = (name: string) => `${name} — submitted by a Skillshelf user.`;

/** Descriptions that say nothing, compared lowercased without their final full stop. */
const EMPTY_WORDS = new Set([
  '',
  '-',
  '—',
  '...',
  '…',
  'n/a',
  'na',
  'none',
  'tbd',
  'todo',
  'description',
  'no description',
]);

function isPlaceholder(description: string, name: string): boolean {
  const text = description.trim();
  const words = text.toLowerCase().replace(/\.$/, '');
  return (
    EMPTY_WORDS.has(words) || words === name.trim().toLowerCase() || text.endsWith(placeholderDescription('').trim())
  );
}

/**
 * A name that names nothing: blank, the address itself or its host ("github.com"). A name made from the address
 * ("Learnpython") may be the site's own: the list marks it (nameDerived) and the confirmations ask to check it.
 */
function isMadeUpName(name: string, url: string): boolean {
  const given = name.trim().toLowerCase();
  if (!given) return true;
  let host = '';
  try {
    host = new URL(url).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    // No address to compare with: the name alone decides.
  }
  return (
    given === url.trim().toLowerCase() ||
    given === host ||
    given === `www.${host}` ||
    given ===
      url
        .trim()
        .toLowerCase()
        .replace(/^https?:\/\//, '')
        .replace(/\/$/, '')
  );
}

export interface CatalogEntryDraft {
  name: string;
  url: string;
  category: readonly Tag[];
  type: readonly Tag[];
  description: string | null;
}

/** What `entry` lacks to be published, in APPROVAL_NEEDS' order; empty when it is ready. */
export function approvalNeeds(entry: CatalogEntryDraft): ApprovalNeed[] {
  const lacks: Record<ApprovalNeed, boolean> = {
    'a name': isMadeUpName(entry.name, entry.url),
    'a category': entry.category.length === 0,
    'a format': entry.type.length === 0,
    'a description': isPlaceholder(entry.description ?? '', entry.name),
  };
  return APPROVAL_NEEDS.filter((need) => lacks[need]);
}

/** "needs a category and a format" */
export function needsText(needs: readonly ApprovalNeed[]): string {
  const list = needs.length > 1 ? `${needs.slice(0, -1).join(', ')} and ${needs.at(-1)}` : (needs[0] ?? '');
  return `needs ${list}`;
}
