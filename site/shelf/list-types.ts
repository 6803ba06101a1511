/**
 * A learner's lists as the API answers them (db/shelf/lists-contract.ts), for the browser: types only. The
 * list editor starts from the server's list, whose contents carry their level and language as stored, and
 * goes on with the API's answers: LearnerList is the type both are.
 */
import type { z } from 'zod';
import type * as shapes from '#db/shelf/lists-contract.ts';
import type { FieldKey } from '#db/catalog/facets.ts';

type ShapeList = z.infer<typeof shapes.learnerList>;
type ShapeItem = ShapeList['items'][number];

export type LearnerListSummary = z.infer<typeof shapes.listSummary>;
/** An item; its content's facet fields (level, language) as stored, any string, as the server's own type has them. */
export type LearnerListItem = Omit<ShapeItem, 'content'> & { content: Omit<ShapeItem['content'], FieldKey> & { [K in FieldKey]: string | null } };
export type LearnerList = Omit<ShapeList, 'items'> & { items: LearnerListItem[] };
