/**
 * The admin's reviews table as the address and GET /api/reviews/admin say it, in the admin lists' shared
 * convention: `page, pageSize, search, sort, order (asc|desc)` and the list's own filters (here `content`,
 * an id, and `rating`, 1–5). A page past the end or not a number is read as paging reads it; any other
 * value the list cannot apply is refused, saying what it takes.
 */
import { blankAsMissing } from './form-values.ts';
import { defaultOrder, PAGE_SIZES, REVIEW_SORTS } from './review-rules.ts';
import { singleLine, z } from './zod.ts';

export const reviewListQuery = z
  .object({
    page: z.unknown().optional(),
    pageSize: z.preprocess(
      blankAsMissing,
      z.coerce
        .number()
        .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), `pageSize must be one of ${PAGE_SIZES.join(', ')}`)
        .default(PAGE_SIZES[0]),
    ),
    search: z.preprocess(blankAsMissing, singleLine('search must be text').max(200, 'search must be at most 200 characters').optional()),
    sort: z.preprocess(blankAsMissing, z.enum(REVIEW_SORTS, { error: `sort must be one of ${REVIEW_SORTS.join(', ')}` }).default('createdAt')),
    order: z.preprocess(blankAsMissing, z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).optional()),
    content: z.preprocess(blankAsMissing, singleLine('content must be a content id').max(100, 'content must be a content id').optional()),
    rating: z.preprocess(
      blankAsMissing,
      z.coerce.number({ error: 'rating must be from 1 to 5' }).int('rating must be from 1 to 5').min(1, 'rating must be from 1 to 5').max(5, 'rating must be from 1 to 5').optional(),
    ),
  })
  .transform((query) => ({ ...query, search: query.search || undefined, order: query.order ?? defaultOrder(query.sort) }));
export type ReviewListQuery = z.infer<typeof reviewListQuery>;
