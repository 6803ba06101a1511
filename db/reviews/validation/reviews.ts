/** Reviews as users send them. */
import { multiLine, z } from '../../validation/zod.ts';
import { digitsAsNumber } from '../../validation/form-values.ts';
import { REVIEW_COMMENT_MAX } from './review-rules.ts';

export const reviewInput = z.object({
  // A number, or a digit string from a form; never a boolean or null coerced into a rating.
  rating: z.preprocess(
    digitsAsNumber,
    z
      .number({ error: 'Please enter comment and rating' })
      .int('Rating must be a whole number of stars from 1 to 5')
      .min(1, 'Rating must be from 1 to 5 stars')
      .max(5, 'Rating must be from 1 to 5 stars'),
  ),
  comment: multiLine('Please enter comment and rating')
    .min(1, 'Please enter comment and rating')
    .max(REVIEW_COMMENT_MAX, `Comment must be at most ${REVIEW_COMMENT_MAX} characters`),
});
export type ReviewInput = z.infer<typeof reviewInput>;
