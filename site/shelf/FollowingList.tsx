/**
 * The Following page (decision 036): each followed tag with how many contents were added since the last
 * visit ("3 new"), a link to its search, Unfollow, and the weekly digest's switch. It reads the follows,
 * then marks them seen, so the next visit counts from now. Loading, empty and error states of its own.
 */
import { useEffect, useState } from 'react';
import type { FollowedTagShape as FollowedTag, FollowsShape as Follows } from '#db/shelf/contract.ts';
import { call, errorMessage } from '#site/lib/api.ts';
import { updateFollows } from '#site/stores/session.ts';
import { toast } from '#site/stores/toasts.ts';
import { TAG_KIND_NAMES } from '#db/catalog/taxonomy.ts';

const tagHref = (tag: FollowedTag) => `/search?${new URLSearchParams({ [tag.kind]: tag.value })}`;

type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: Follows };

/** The follows, then marked seen: what this visit shows as new is seen, and the next visit counts from now. */
async function readFollows(): Promise<State> {
  try {
    const data = await call('myFollows');
    updateFollows(data);
    await call('markFollowsSeen').catch(() => undefined);
    return { status: 'ready', data };
  } catch (error) {
    return { status: 'error', message: errorMessage(error) };
  }
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
              status: 'ready',
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
      setState((current) =>
        current.status === 'ready' ? { status: 'ready', data: { ...current.data, digest } } : current,
      );
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
      {state.status === 'ready' && (
        <>
          <label className="flex cursor-pointer items-center gap-3 rounded-box bg-base-100 p-4 shadow-sm">
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
                Choose a subject, technology or type in the search, then press Follow.
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
