/**
 * The links of a bookmark file the catalog lacks, offered for submission in one step: each goes through
 * the submission form's own path (createSubmission: its checks, its duplicate refusal, its per-user rate
 * limit), one after another. A bulk submit bypasses no rule: when the hourly limit is reached, the rest are
 * not sent, and the answer says which and when to try again.
 */
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type { Db } from '../../client.ts';
import { config } from '../../config.ts';
import { isAppError } from '../../errors.ts';
import type { BookmarkOfferShape } from '../contract.ts';
import { createSubmission } from '../../submissions/submissions.ts';
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
 * Submits each link in order; `onSubmitted` hears each new submission (the endpoint fetches its page's
 * title after the reply, as the form's does). Stops sending at the first refusal for the rate limit.
 */
export async function offerForSubmission(
  db: Db,
  userId: string,
  input: unknown,
  onSubmitted: (submission: SubmissionShape) => void = () => {},
): Promise<BookmarkOfferShape> {
  const { links } = parseInput(bookmarkOfferInput, input);
  const results: BookmarkOfferShape['results'] = [];
  let retryAfter: number | null = null;
  for (const link of links) {
    if (retryAfter !== null) {
      results.push({
        url: link.url,
        outcome: 'not-sent',
        message: 'Not sent: the hourly limit of submissions was reached',
      });
      continue;
    }
    try {
      const submission = await createSubmission(db, userId, { url: link.url, name: link.name });
      onSubmitted(submission);
      results.push({ url: link.url, outcome: 'submitted', message: `Submitted as '${submission.name}'` });
    } catch (error) {
      if (!isAppError(error)) throw error;
      if (error.code === 'RATE_LIMITED') {
        retryAfter = error.retryAfter ?? 60;
        results.push({
          url: link.url,
          outcome: 'not-sent',
          message: 'Not sent: the hourly limit of submissions was reached',
        });
      } else
        results.push({
          url: link.url,
          outcome: error.code === 'CONFLICT' ? 'duplicate' : 'refused',
          message: error.message,
        });
    }
    // Each submission is a batch a local database answers without yielding: the loop is handed back between them.
    await yieldToRequests();
  }
  return { submitted: results.filter((r) => r.outcome === 'submitted').length, retryAfter, results };
}
