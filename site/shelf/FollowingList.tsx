/**
 * The Following page (decision 036): first what was added to the followed tags, newest first and paged, those
 * since the last visit marked New; then each followed tag with how many were added since the last visit ("3
 * new"), a link to its search, Unfollow, and the weekly digest's switch. It reads the follows and the feed's
 * first page, then marks them seen, so the next visit counts from now. Loading, empty and error states of its own.
 */
import { useEffect, useRef, useState } from 'react';
import type {
  FollowedTagShape as FollowedTag,
  FollowsFeedShape as Feed,
  FollowsShape as Follows,
} from '#db/shelf/contract.ts';
import { plural } from '#db/validation/text.ts';
import { Stars } from '../ui/Stars.tsx';
import { call, errorMessage } from '#site/lib/api.ts';
import { updateFollows } from '#site/stores/session.ts';
import { toast } from '#site/stores/toasts.ts';
import { TAG_KIND_NAMES } from '#db/catalog/taxonomy.ts';

const tagHref = (tag: Pick<FollowedTag, 'kind' | 'value'>) =>
  `/search?${new URLSearchParams({ [tag.kind]: tag.value })}`;

type State =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; data: Follows; feed: Feed };

/**
 * The follows and the feed's first page, then marked seen: what this visit shows as new is seen, and the next
 * visit counts from now.
 */
async function readFollows(): Promise<State> {
  try {
    const [data, feed] = await Promise.all([call('myFollows'), call('followsFeed')]);
    updateFollows(data);
    await call('markFollowsSeen').catch(() => undefined);
    return { status: 'ready', data, feed };
  } catch (error) {
    return { status: 'error', message: errorMessage(error) };
  }
}

const addedOn = (iso: string) =>
  new Date(iso).toLocaleDateString('en', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** What was added to the followed tags: a page of them, newest first, with older and newer pages. */
function FeedSection({ first }: { first: Feed }) {
  const [feed, setFeed] = useState(first);
  const [paging, setPaging] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const heading = useRef<HTMLHeadingElement>(null);
  // What was new when the page opened stays marked as one pages back to it (the visit then marked it seen).
  const [fresh] = useState(() => new Set(first.additions.filter((a) => a.isNew).map((a) => a.content._id)));

  async function show(page: number) {
    setPaging({ busy: true, error: null });
    try {
      setFeed(await call('followsFeed', { query: { page } }));
      setPaging({ busy: false, error: null });
      heading.current?.focus();
    } catch (error) {
      setPaging({ busy: false, error: errorMessage(error) });
    }
  }

  return (
    <section aria-labelledby="feed-heading" className="flex flex-col gap-3" data-follows-feed>
      <h2 id="feed-heading" ref={heading} tabIndex={-1} className="text-xl font-bold focus:outline-none">
        New in what you follow
      </h2>
      {feed.total === 0 ? (
        <p className="rounded-box bg-base-100 p-6 text-center shadow-sm" data-feed-empty>
          Nothing has been added to what you follow yet. New resources in these tags will show here first.
        </p>
      ) : (
        <ol className="flex flex-col gap-3" aria-label="Additions, newest first" aria-busy={paging.busy || undefined}>
          {feed.additions.map((addition) => (
            <li
              key={addition.content._id}
              className="flex flex-col gap-1 rounded-box bg-base-100 p-4 shadow-sm"
              data-feed-item={addition.content.slug}
            >
              <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <a
                  className="link link-hover text-lg font-semibold break-words"
                  href={`/content/${encodeURIComponent(addition.content.slug)}`}
                >
                  {addition.content.name}
                </a>
                {(addition.isNew || fresh.has(addition.content._id)) && (
                  <span className="badge badge-sm badge-primary" data-feed-new>
                    New
                  </span>
                )}
                <span className="ms-auto text-sm text-base-content/80">
                  Added <time dateTime={addition.addedAt}>{addedOn(addition.addedAt)}</time>
                </span>
              </div>
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-base-content/80">
                <Stars rating={addition.content.rating} size="sm" />
                <span>({plural(addition.content.numReviews, 'review')})</span>
                <span aria-hidden="true">·</span>
                <span>{addition.content.cost}</span>
                <span aria-hidden="true">·</span>
                <span>
                  in{' '}
                  {addition.tags.map((tag, index) => (
                    <span key={`${tag.kind}=${tag.value}`}>
                      {index > 0 && ', '}
                      <a className="link" href={tagHref(tag)}>
                        {tag.label}
                      </a>
                    </span>
                  ))}
                </span>
              </p>
              <p className="line-clamp-2 text-sm">{addition.content.description}</p>
            </li>
          ))}
        </ol>
      )}
      {paging.error && (
        <div role="alert" className="alert alert-error flex flex-wrap">
          <span>That page could not be loaded: {paging.error}</span>
          <button type="button" className="btn btn-sm" onClick={() => void show(feed.page)}>
            Try again
          </button>
        </div>
      )}
      {feed.pages > 1 && (
        <nav className="flex items-center justify-between gap-3" aria-label="Pages of additions">
          <button
            type="button"
            className="btn btn-sm touch:btn-md"
            disabled={feed.page <= 1 || paging.busy}
            onClick={() => void show(feed.page - 1)}
          >
            ← Newer
          </button>
          <span className="text-sm" data-feed-page>
            Page {feed.page} of {feed.pages}
          </span>
          <button
            type="button"
            className="btn btn-sm touch:btn-md"
            disabled={feed.page >= feed.pages || paging.busy}
            onClick={() => void show(feed.page + 1)}
          >
            Older →
          </button>
        </nav>
      )}
    </section>
  );
}

export default function FollowingList() {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);

  async function load() {
    setState({ status: 'loading' });
    setState(await readFollows());
  }

  useEffect(() => {
    void readFollows().then(setState);
  }, []);

  async function unfollow(tag: FollowedTag) {
    setBusy(`${tag.kind}=${tag.value}`);
    try {
      const next = await call('unfollow', { params: { kind: tag.kind, value: tag.value } });
      updateFollows(next);
      // The counts this visit showed stay as they were; only the unfollowed tag goes.
      setState((current) =>
        current.status === 'ready'
          ? {
              ...current,
              data: { ...current.data, follows: current.data.follows.filter((one) => one !== tag), total: next.total },
            }
          : current,
      );
      toast('success', `Unfollowed ${tag.label}`);
    } catch (error) {
      toast('error', errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  async function changeDigest(weekly: boolean) {
    setBusy('digest');
    try {
      const digest = await call('setDigest', { body: { weekly } });
      setState((current) => (current.status === 'ready' ? { ...current, data: { ...current.data, digest } } : current));
      toast('success', weekly ? 'You will get a weekly digest' : 'No more weekly digests');
    } catch (error) {
      toast('error', errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="following-heading" className="mx-auto flex max-w-3xl flex-col gap-5">
      <h1 id="following-heading" className="text-2xl font-bold md:text-3xl">
        Following
      </h1>
      {state.status === 'loading' && (
        <p className="flex items-center gap-2" role="status" data-following-loading>
          <span className="loading loading-spinner loading-sm" aria-hidden="true" /> Loading what you follow…
        </p>
      )}
      {state.status === 'error' && (
        <div role="alert" className="alert alert-error flex flex-wrap" data-following-error>
          <span>Your follows could not be loaded: {state.message}</span>
          <button type="button" className="btn btn-sm" onClick={() => void load()}>
            Try again
          </button>
        </div>
      )}
      {state.status === 'ready' && state.data.follows.length > 0 && <FeedSection first={state.feed} />}
      {state.status === 'ready' && (
        <>
          {state.data.follows.length > 0 && (
            <h2 className="text-xl font-bold" id="follows-heading">
              Tags you follow
            </h2>
          )}
          {/* Without a follow there is nothing to mail: the switch comes with the first tag. */}
          <label
            className="flex cursor-pointer items-center gap-3 rounded-box bg-base-100 p-4 shadow-sm"
            hidden={state.data.follows.length === 0}
          >
            <input
              type="checkbox"
              className="switch"
              checked={state.data.digest.weekly}
              disabled={busy === 'digest'}
              onChange={(event) => void changeDigest(event.target.checked)}
              data-digest-toggle
            />
            <span>Email me a weekly digest of what is new in the tags I follow</span>
          </label>
          {state.data.follows.length === 0 ? (
            <div className="rounded-box bg-base-100 p-8 text-center shadow-sm" data-following-empty>
              <p className="text-lg font-semibold">Follow a subject to see what's new</p>
              <p className="mt-2 text-base-content/80">
                Open a subject, a technology or a format (a tag on any resource, or a filter of the search), then press
                Follow: what is added to it shows here, newest first.
              </p>
              <a href="/search" className="btn btn-primary mt-4">
                Browse the catalog
              </a>
            </div>
          ) : (
            <ul className="flex flex-col gap-3" aria-label="Tags you follow">
              {state.data.follows.map((tag) => (
                <li
                  key={`${tag.kind}=${tag.value}`}
                  className="flex flex-wrap items-center gap-3 rounded-box bg-base-100 p-4 shadow-sm"
                  data-followed-tag={tag.value}
                >
                  <div className="flex min-w-0 flex-1 flex-col">
                    <a className="link link-hover truncate text-lg font-semibold" href={tagHref(tag)}>
                      {tag.label}
                    </a>
                    <span className="text-sm text-base-content/80">{TAG_KIND_NAMES[tag.kind].one}</span>
                  </div>
                  {tag.newCount > 0 ? (
                    <a className="badge badge-primary" href={tagHref(tag)} data-new-count>
                      {tag.newCount} new
                    </a>
                  ) : (
                    <span className="text-sm text-base-content/80">Nothing new</span>
                  )}
                  <button
                    type="button"
                    className="btn btn-outline btn-sm min-h-11 sm:min-h-8"
                    disabled={busy === `${tag.kind}=${tag.value}`}
                    onClick={() => void unfollow(tag)}
                    aria-label={`Unfollow ${tag.label}`}
                  >
                    Unfollow
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
