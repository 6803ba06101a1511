/**
 * A learner's lists as the API answers them (db/shelf/lists-contract.ts), for the browser: types only. The
 * list editor starts from the server's list, whose contents carry their level and language as stored, and
 * goes on with the API's answers: LearnerList is the type both are.
 */
import type { z } from 'zod';
import type * as shapes from '#db/shelf/lists-contract.ts';

export type LearnerListSummary = z.infer<typeof shapes.listSummary>;
export type LearnerList = z.infer<typeof shapes.learnerList>;
/** An item: its place, its note and its content as the catalog answers it. */
export type LearnerListItem = LearnerList['items'][number];
