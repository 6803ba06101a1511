/**
 * The links of a bookmark file the catalog lacks, offered for submission in one step: each goes through
 * the submission form's own checks (createSubmissions: its validation, its duplicate refusal, its per-user rate
 * limit). A bulk submit bypasses no rule: when the hourly limit is reached, the rest are not sent, and the
 * answer says which and when to try again.
 */
import type { Db } from '../../client.ts';
import { config } from '../../config.ts';
import type { BookmarkOfferShape } from '../contract.ts';
import { createSubmissions } from '../../submissions/submissions.ts';
import type { SubmissionShape } from '../../submissions/contract.ts';
import { currentCount } from '../../operations/rate-limit.ts';
import { parseInput } from '../../validation/parse.ts';
import { bookmarkOfferInput } from '../validation/bookmarks.ts';

/** How many more submissions the user may send in the current window (Infinity when limits are off). */
export async function submissionsLeft(db: Db, userId: string): Promise<number | null> {
  if (config().RATE_LIMIT_OFF === 'true') return null;
  const { max } = config().RATE_LIMIT_SUBMISSION_USER;
  return Math.max(0, max - (await currentCount(db, 'RATE_LIMIT_SUBMISSION_USER', userId)));
}

/**
 * Submits the links in order, all at once (createSubmissions); `onSubmitted` hears each new submission (the
 * endpoint fetches its page's title after the reply, as the form's does). Past the hourly limit, the rest are
 * not sent.
 */
export async function offerForSubmission(
  db: Db,
  userId: string,
  input: unknown,
  onSubmitted: (submission: SubmissionShape) => void = () => {},
): Promise<BookmarkOfferShape> {
  const { links } = parseInput(bookmarkOfferInput, input);
  const outcomes = await createSubmissions(
    db,
    userId,
    links.map((link) => ({ url: link.url, name: link.name })),
  );
  let retryAfter: number | null = null;
  const results: BookmarkOfferShape['results'] = outcomes.map((outcome, i) => {
    const { url } = links[i]!;
    if ('submission' in outcome) {
      onSubmitted(outcome.submission);
      return { url, outcome: 'submitted', message: `Submitted as '${outcome.submission.name}'` };
    }
    const { refusal } = outcome;
    if (refusal.code === 'RATE_LIMITED') {
      retryAfter ??= refusal.retryAfter ?? 60;
      return { url, outcome: 'not-sent', message: 'Not sent: the hourly limit of submissions was reached' };
    }
    return { url, outcome: refusal.code === 'CONFLICT' ? 'duplicate' : 'refused', message: refusal.message };
  });
  return { submitted: results.filter((r) => r.outcome === 'submitted').length, retryAfter, results };
}
