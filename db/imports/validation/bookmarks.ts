/** What the bookmark endpoints take (decision 035): liberal in what forms send, strict in what is stored. */
import { blankAsMissing } from '../../validation/form-values.ts';
import { singleLine, z } from '../../validation/zod.ts';

/** A browser's bookmark file: at most this large, with at most this many links (an ICON per link makes files big). */
export const BOOKMARK_FILE_MAX_BYTES = 20 * 1024 * 1024;
export const BOOKMARKS_MAX = 10_000;

/**
 * The contents one import saves, and the list items it adds, at most: a browser's reading list many times
 * over, and a bound on what one request writes (beyond it the answer counts the rest as not saved).
 */
export const IMPORT_SAVES_MAX = 2000;

/** Links offered for submission at once: more than an hour's limit allows, fewer than a file may hold. */
export const OFFER_MAX = 500;

export const bookmarkOfferInput = z.object({
  links: z
    .array(
      z.object({
        url: singleLine('Each link needs its url')
          .min(1, 'Each link needs its url')
          .max(2048, 'A link may be at most 2048 characters'),
        // The bookmark's title, cut to what a submission's name may be; empty: the name is derived from the URL.
        name: z.preprocess(
          (value) => (typeof value === 'string' ? value.slice(0, 200) : value),
          z.preprocess(blankAsMissing, singleLine('A name must be text').optional()),
        ),
      }),
      { error: 'links must be a list of {url, name}' },
    )
    .min(1, 'Choose at least one link to submit')
    .max(OFFER_MAX, `At most ${OFFER_MAX} links can be submitted at once`),
});
