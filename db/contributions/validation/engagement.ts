/** Saves, reviews and submissions as users send them. */
import { multiLine, singleLine, z } from '../../validation/zod.ts';
import { blankAsMissing, digitsAsNumber } from '../../validation/form-values.ts';
import { description, facetFields, httpUrl, optionalCost, optionalHasCert, tagList } from '../../catalog/validation/contents.ts';
import { REVIEW_COMMENT_MAX } from './review-rules.ts';

export { REVIEW_COMMENT_MAX };

/** The saves one account may hold: a lifetime of learning, well past what a page of them shows. */
export const SAVES_MAX = 5000;
export const SAVES_FULL = `You hold ${SAVES_MAX.toLocaleString('en')} saved resources, the most an account may: remove some to save more`;

export const saveInput = z.object({
  contentId: singleLine('contentId is required').min(1, 'contentId is required').max(100, 'Content not found'),
});

/** PUT /api/users/saves/{id}'s optional body: the date of a save being restored (Undo), to keep its place. */
export const saveRestoreInput = z.object({
  savedAt: z.iso
    .datetime({ offset: true, error: 'savedAt must be a date and time (ISO 8601, e.g. 2026-11-23T10:15:00.000Z)' })
    .transform((value) => new Date(value))
    .optional(),
});

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

/**
 * docs/product.md §2, Submit: only the URL is required; the name is derived from it when missing. Cost
 * and certificate left blank stay undefined: "not given", for the admin to decide.
 */
export const submissionInput = z.object({
  url: httpUrl,
  name: z.preprocess(blankAsMissing, singleLine('Name must be text').max(200, 'Name must be at most 200 characters').optional()),
  category: tagList('category'),
  techStack: tagList('techStack'),
  type: tagList('type'),
  cost: optionalCost,
  hasCert: optionalHasCert,
  description,
  ...facetFields,
});
export type SubmissionInput = z.infer<typeof submissionInput>;
