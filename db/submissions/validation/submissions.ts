/** Submissions as users send them. */
import { singleLine, z } from '../../validation/zod.ts';
import { blankAsMissing } from '../../validation/form-values.ts';
import {
  description,
  facetFields,
  httpUrl,
  optionalCost,
  optionalHasCert,
  tagList,
} from '../../catalog/validation/contents.ts';
import { factFields } from '../../catalog/validation/facts.ts';

/**
 * docs/product.md#pages, Submit: only the URL is required; the name is derived from it when missing. Cost
 * and certificate left blank stay undefined: "not given", for the admin to decide.
 */
export const submissionInput = z.object({
  url: httpUrl,
  name: z.preprocess(
    blankAsMissing,
    singleLine('Name must be text').max(200, 'Name must be at most 200 characters').optional(),
  ),
  category: tagList('category'),
  techStack: tagList('techStack'),
  type: tagList('type'),
  cost: optionalCost,
  hasCert: optionalHasCert,
  description,
  ...facetFields,
  ...factFields,
});
export type SubmissionInput = z.infer<typeof submissionInput>;
