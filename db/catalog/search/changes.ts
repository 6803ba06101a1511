/**
 * The catalog's change feed, as this process sees it (decision 023). Triggers append a row to
 * catalog_changes in the same transaction as every change a catalog page or answer may show; this module
 * reads the rows after the last one it saw and keeps the recent ones in memory, so each cache asks "what
 * changed since the version I was made for?" and drops or refreshes only what a change touched. The last
 * row's seq is the catalog's version.
 *
 * One read serves every caller of the same turn of the event loop, and it starts only after that turn's
 * I/O callbacks ran: a request never misses a change committed before it asked (decision 006's rule). On a
 * libSQL server, where the read is a round trip (it cost a cached page five times its own work), a process
 * reads at most every FEED_POLL_MS, and at once after a write of its own: its own changes show on its next
 * request, others' within FEED_POLL_MS, well inside the second the caches promise (decision 027).
 */
import type { Db } from '../../client.ts';
import { writesSettled } from '../../remote-client.ts';
import type { TagKind } from '../taxonomy.ts';
import { pruneChanges, readChangesAfter, readLatestChange, readOldestChange, type ChangeRow } from './fast-paths.ts';
import type { FacetValues } from './facet-types.ts';

export type { FacetValues } from './facet-types.ts';

export type ChangeKind =
  | 'insert'
  | 'update'
  | 'delete'
  | 'shown'
  | 'tags'
  | 'retag'
  | 'reset'
  | 'list'
  | 'saved'
  | 'related';

/**
 * Changes that move no content's facets nor its text, only what a few pages show (decisions 033 and 037): a
 * public list, a save made or undone (the home page's most saved), a co-saved pair crossing the privacy
 * threshold (the two contents' pages).
 */
export const movesNoFacet = (change: { kind: ChangeKind }) =>
  change.kind === 'list' || change.kind === 'saved' || change.kind === 'related';

/** A tag renamed or merged: every content carrying `from` of the kind now carries `into` (once). */
export interface TagMove {
  kind: TagKind;
  from: string;
  into: string;
}

export interface CatalogChange {
  seq: number;
  kind: ChangeKind;
  /** The content changed (insert, update, delete, shown). */
  contentSeq: number | null;
  before: FacetValues | undefined;
  after: FacetValues | undefined;
  /** An update changed the text the full-text index holds (name, description, tag labels). */
  textChanged: boolean;
  /** A retag's move (the contents it rewrote log no change of their own). */
  retag?: TagMove;
  /** A public learner's list that changed (kind 'list'; contentSeq, when set, is a content it gained or lost). */
  listId?: string;
  /** When this process first saw it (ms since the epoch): the start of a cached answer's staleness. */
  seenAt: number;
}

/** Rows read at most per sync: a process further behind than this starts over (every cache is dropped). */
const READ_LIMIT = 20_000;
/** Changes kept in memory for the caches to check against; an entry older than these is dropped. */
const RECENT_LIMIT = 50_000;
/** Rows the table keeps (pruned at most once a minute): enough for a process to catch up after a pause. */
const TABLE_KEEPS = 100_000;
const PRUNE_EVERY_MS = 60_000;
/** On a libSQL server: how long a read of the feed serves, while this process writes nothing. */
const FEED_POLL_MS = 100;

interface Feed {
  /** The last change applied: the catalog version. */
  position: number;
  /** The changes after `floor`, up to `position`, oldest first. */
  recent: CatalogChange[];
  floor: number;
  /** Times this process had to start over (a reset row, or it fell too far behind). */
  resets: number;
  prunedAt: number;
  sync: Promise<number> | undefined;
  /** On a libSQL server: when the last read started, and how many of this process's writes had ended then. */
  readAt: number;
  writesAtRead: number | undefined;
}

/**
 * Process-wide: the front door (the server's own modules) and Astro's bundle each load this module, and a
 * page stored by one is checked by the other. On a libSQL server each copy reading the feed on its own clock
 * would let a page be marked for a change that the reads rendering it do not yet know of, and keep it so.
 */
const feeds = ((globalThis as Record<symbol, unknown>)[Symbol.for('skillshelf.catalogFeeds')] ??= new WeakMap<
  Db,
  Feed
>()) as WeakMap<Db, Feed>;

/** A row's JSON object of facet columns, by name (FACET_TABLE_COLUMNS); an update's also says whether its text changed. */
function parseValues(text: unknown): (FacetValues & { text_changed?: unknown }) | undefined {
  if (typeof text !== 'string') return undefined;
  return JSON.parse(text) as FacetValues & { text_changed?: unknown };
}

function toChange(row: ChangeRow, seenAt: number): CatalogChange {
  const [seq, kind, contentSeq, before, after] = row;
  if (kind === 'retag') {
    const [tagKind, from, into] = JSON.parse(String(after)) as [TagKind, string, string];
    return {
      seq: Number(seq),
      kind: 'retag',
      contentSeq: null,
      before: undefined,
      after: undefined,
      textChanged: true,
      retag: { kind: tagKind, from, into },
      seenAt,
    };
  }
  if (kind === 'list') {
    return {
      seq: Number(seq),
      kind,
      contentSeq: contentSeq === null ? null : Number(contentSeq),
      before: undefined,
      after: undefined,
      textChanged: false,
      listId: String(after),
      seenAt,
    };
  }
  const { text_changed: textChanged, ...afterValues } = parseValues(after) ?? {};
  return {
    seq: Number(seq),
    kind: kind as ChangeKind,
    contentSeq: contentSeq === null ? null : Number(contentSeq),
    before: parseValues(before),
    after: after === null ? undefined : (afterValues as FacetValues),
    textChanged: Boolean(textChanged),
    seenAt,
  };
}

/** Starts the feed over at the latest change: what was kept is forgotten, so every cache made before it is dropped. */
function startOver(feed: Feed, latest: number, now: number): void {
  feed.position = latest;
  feed.floor = latest;
  feed.recent = [];
  feed.resets++;
  feed.prunedAt = feed.prunedAt || now;
}

async function advance(db: Db, feed: Feed): Promise<number> {
  const now = Date.now();
  if (feed.position < 0) {
    startOver(feed, await readLatestChange(db), now);
    return feed.position;
  }
  const rows = await readChangesAfter(db, feed.position, READ_LIMIT + 1);
  if (rows.length === 0) return feed.position;
  const first = Number(rows[0]![0]);
  // A gap means the rows this process had not seen were pruned: it cannot know what they changed.
  const gap = first !== feed.position + 1 && (await readOldestChange(db)) > feed.position + 1;
  if (gap || rows.length > READ_LIMIT || rows.some((row) => row[1] === 'reset')) {
    startOver(feed, gap || rows.length > READ_LIMIT ? await readLatestChange(db) : Number(rows.at(-1)![0]), now);
    return feed.position;
  }
  for (const row of rows) feed.recent.push(toChange(row, now));
  feed.position = Number(rows.at(-1)![0]);
  if (feed.recent.length > RECENT_LIMIT) {
    const dropped = feed.recent.splice(0, feed.recent.length - RECENT_LIMIT);
    feed.floor = dropped.at(-1)!.seq;
  }
  if (now - feed.prunedAt > PRUNE_EVERY_MS) {
    feed.prunedAt = now;
    pruneChanges(db, feed.position - TABLE_KEEPS).catch((error: unknown) =>
      console.error('Pruning the catalog change feed:', error),
    );
  }
  return feed.position;
}

function feedOf(db: Db): Feed {
  let feed = feeds.get(db);
  if (!feed)
    feeds.set(
      db,
      (feed = {
        position: -1,
        recent: [],
        floor: -1,
        resets: 0,
        prunedAt: 0,
        sync: undefined,
        readAt: 0,
        writesAtRead: undefined,
      }),
    );
  return feed;
}

/**
 * The catalog version as committed now, with every change up to it known to this process. The callers of
 * the same moment share one read, which starts once this turn's I/O callbacks have run; a caller that comes
 * once the read has started waits for the next one.
 */
export function catalogVersion(db: Db): Promise<number> {
  const feed = feedOf(db);
  const writes = writesSettled(db.$client);
  if (writes !== undefined && writes === feed.writesAtRead && performance.now() - feed.readAt < FEED_POLL_MS)
    return Promise.resolve(feed.position);
  if (!feed.sync) {
    feed.sync = new Promise<number>((resolve, reject) =>
      setImmediate(() => {
        feed.sync = undefined;
        const writesBefore = writesSettled(db.$client);
        const started = performance.now();
        advance(db, feed).then((position) => {
          feed.readAt = started;
          feed.writesAtRead = writesBefore;
          resolve(position);
        }, reject);
      }),
    );
  }
  return feed.sync;
}

/**
 * The changes after `version` up to the version last read, oldest first; undefined when this process no
 * longer knows them all (the entry asking was made before it started over): the asker must start over too.
 */
export function changesSince(db: Db, version: number): CatalogChange[] | undefined {
  const feed = feedOf(db);
  if (version >= feed.position) return [];
  if (version < feed.floor) return undefined;
  // recent is sorted by seq: find the first change after `version`.
  let lo = 0;
  let hi = feed.recent.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (feed.recent[mid]!.seq <= version) lo = mid + 1;
    else hi = mid;
  }
  return feed.recent.slice(lo);
}

/** How often this process had to start over: a test counts it, `db stats` could show it. */
export function feedResets(db: Db): number {
  return feedOf(db).resets;
}
