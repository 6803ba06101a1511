/** BM25F's constants of Best Match (decision 040), shared by its first pass and its scoring. */
import { FIELDS } from './text-index.ts';

/** Per field: its weight, and how much its length normalises a count (BM25's b). */
export const FIELD_WEIGHT = { name: 3, tags: 2, description: 1 } satisfies Record<(typeof FIELDS)[number], number>;
export const FIELD_B = { name: 0.5, tags: 0.3, description: 0.75 } satisfies Record<(typeof FIELDS)[number], number>;
export const K1 = 1.2;

/** Per field, as FIELDS orders them: its weight, and its BM25 b. */
export const WEIGHTS = FIELDS.map((field) => FIELD_WEIGHT[field]);
export const BS = FIELDS.map((field) => FIELD_B[field]);
