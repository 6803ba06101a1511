/**
 * The catalog's part of the REST contract: a content as the API answers it, the search with its facets,
 * the filter options and the suggestions as one types; and the operations that answer them.
 */
import { z } from '../validation/zod.ts';
import { id, isoDate, tag } from '../contract/shapes.ts';
import { facetFilter, PAGE, type Operation } from '../contract/operation.ts';
import { prose } from '../contract/prose.ts';
import { COSTS } from './taxonomy.ts';
import {
  ADDRESS_ORDER,
  FACETS,
  FIELD_FACETS,
  type ChoiceValue,
  type Facet,
  type FacetKey,
  type FieldKey,
  type FilterLists,
} from './facets.ts';
import { CONTENT_STATUSES } from './validation/contents.ts';

/** The facets that are fields of their own (db/catalog/facets.ts FIELD_FACETS): a choice's value, or null when not specified (a submission's too). */
export const facetFieldShapes = Object.fromEntries(
  FIELD_FACETS.map((facet) => [
    facet.key,
    z
      .enum(facet.choices.map((choice) => choice.value) as [string, ...string[]])
      .nullable()
      .meta({
        description: `${facet.field.label}: ${facet.choices.map((choice) => `\`${choice.value}\` (${choice.label})`).join(', ')}; null when not specified`,
      }),
  ]),
) as { [K in FieldKey]: z.ZodNullable<z.ZodEnum<{ [V in ChoiceValue<K>]: V }>> };

/** The facts that decide (db/catalog/validation/facts.ts): each null when not known. */
export const factShapes = {
  provider: z.string().nullable().meta({ description: 'The organisation behind it', example: 'Harvard University' }),
  hours: z.number().nullable().meta({ description: 'The effort it takes in all, in hours' }),
  selfPaced: z
    .boolean()
    .nullable()
    .meta({ description: 'true: started and followed at one’s own pace; false: on a schedule' }),
  format: z.string().nullable().meta({ description: 'How it is given', example: 'Video lectures and problem sets' }),
  skills: z.array(z.string()).nullable().meta({ description: 'What one learns: a handful of short names' }),
  prerequisites: z.string().nullable().meta({ description: 'What it expects one to know first' }),
  lastUpdated: z
    .string()
    .nullable()
    .meta({ description: 'When the resource itself was last updated: YYYY-MM-DD, YYYY-MM or YYYY' }),
  certificatePrice: z
    .string()
    .nullable()
    .meta({ description: 'What its certificate costs, where that differs from its cost', example: '$199' }),
};

export const content = z
  .object({
    _id: id,
    status: z.enum(CONTENT_STATUSES).meta({ description: 'Drafts are seen only by admins' }),
    name: z.string(),
    slug: z.string(),
    url: z.string(),
    image: z.string().meta({ description: 'An absolute URL: the uploaded image, or the generated letter tile' }),
    cost: z.enum(COSTS),
    category: z.array(tag),
    techStack: z.array(tag),
    type: z.array(tag),
    ...facetFieldShapes,
    hasCert: z.boolean(),
    description: z.string(),
    rating: z.number().meta({ description: 'The average of the reviews’ stars, 0 without reviews' }),
    numReviews: z.int(),
    createdAt: isoDate,
    updatedAt: isoDate,
    ...factShapes,
  })
  .meta({ id: 'Content' });

/** How many learners keep a content (its page and a comparison show them). */
export const learners = z
  .object({
    saves: z.int().min(0).meta({ description: 'How many learners saved it' }),
    finished: z.int().min(0).meta({ description: 'How many learners marked it done' }),
  })
  .meta({ description: 'Refreshed with the content’s next save or change' });

/** Two to four contents side by side, in the order asked, each with its learners. */
export const comparison = z
  .object({ contents: z.array(content.extend({ learners })).min(2).max(4) })
  .meta({ id: 'Comparison' });

/** A content as a list of the user's own things names it: enough to link to its page. */
export const contentRef = z.object({ _id: id, name: z.string(), slug: z.string() }).meta({ id: 'ContentRef' });

const counts = z.record(z.string(), z.int());
const flagCounts = () => z.object({ true: z.int(), false: z.int() });
const flagParam = () => z.enum(['true', 'false', 'all']);
const stepParam = () => z.union([z.int(), z.literal('all')]);
/** Per facet key, what `Facets` says of it: fromEntries alone would lose the keys from the answer's type. */
type PerFacet<Flag, Step, Other> = {
  [F in (typeof FACETS)[number] as F['key']]: F['kind'] extends 'flag'
    ? Flag
    : F['kind'] extends 'atLeast'
      ? Step
      : Other;
};
/** Each facet's counts (db/catalog/facets.ts): option → results; a flag's true and false. */
const facetCounts = Object.fromEntries(
  (FACETS as readonly Facet[]).map((facet) => [facet.key, facet.kind === 'flag' ? flagCounts() : counts]),
) as PerFacet<ReturnType<typeof flagCounts>, typeof counts, typeof counts>;
/** Each facet's parameter as applied: tag values or choices (several sorted and joined by commas), a flag's side, a step; 'all' when it does not filter. */
const facetParams = Object.fromEntries(
  (FACETS as readonly Facet[]).map((facet) => [
    facet.key,
    facet.kind === 'flag' ? flagParam() : facet.kind === 'atLeast' ? stepParam() : z.string(),
  ]),
) as PerFacet<ReturnType<typeof flagParam>, ReturnType<typeof stepParam>, z.ZodString>;
/** A filter option named by the search's words (db/catalog/search/query-facets.ts): a tag, a choice or a flag's side. */
export const suggestedFilter = z
  .object({
    key: z
      .enum(
        (FACETS as readonly Facet[]).filter((facet) => facet.kind !== 'atLeast').map((facet) => facet.key) as [
          FacetKey,
          ...FacetKey[],
        ],
      )
      .meta({ description: 'The facet: the search parameter that applies it' }),
    value: z
      .string()
      .meta({ description: 'The parameter’s value: a tag’s value, a choice, or `true` / `false` for a flag' }),
    label: z.string().meta({ description: 'What the option is called, as the filters show it' }),
  })
  .meta({ id: 'SuggestedFilter', example: { key: 'techStack', value: 'python', label: 'Python' } });
export const searchResult = z
  .object({
    contents: z.array(content),
    page: z.int(),
    pages: z.int(),
    countContents: z.int().meta({ description: 'How many contents match in all' }),
    facets: z
      .object(facetCounts)
      .meta({ description: 'For each filter option, how many results it would give with the other filters kept' }),
    filters: z
      .object({
        searchTerm: z.string(),
        ...facetParams,
        order: z.enum(['latest', 'oldest', 'topRated', 'lowRated', 'relevance']),
        page: z.int(),
      })
      .meta({ description: 'The parameters as applied: anything not understood is its default ("all")' }),
    correctedTerm: z
      .string()
      .optional()
      .meta({ description: 'When a word is not in the catalog: the words searched instead (its closest spelling)' }),
    missingWords: z.array(z.string()).optional().meta({
      description: 'When no content holds every word: the words the best matches lack, shown as "Missing: …"',
    }),
    suggestedFilters: z.array(suggestedFilter).meta({
      description:
        'The filters the search’s words name (“free python course”: cost Free, the technology Python, the type Online Courses) that it does not filter on yet and that would leave at least one result, in the order the words name them, at most 5; empty without words',
    }),
  })
  .meta({ id: 'SearchResult' });

/** Per facet with a list (db/catalog/facets.ts): its options some content carries, as values or {value, label} pairs. */
const filterLists = Object.fromEntries(
  (FACETS as readonly Facet[]).flatMap((facet): Array<[string, z.ZodType]> => {
    if (facet.kind === 'tags') return [[facet.list, z.array(tag)]];
    if (facet.kind === 'open') return [[facet.list, z.array(z.object({ value: z.string(), label: z.string() }))]];
    if (facet.kind !== 'choice') return [];
    const values = z.enum(facet.choices.map((choice) => choice.value) as [string, ...string[]]);
    return [[facet.list, z.array(facet.listed === 'values' ? values : z.object({ value: values, label: z.string() }))]];
  }),
) as { [List in keyof FilterLists]: z.ZodType<FilterLists[List]> };
export const catalogFilters = z
  .object(filterLists)
  .meta({ id: 'CatalogFilters', description: 'The options some content carries' });

/** What the top bar's search box suggests as one types: tags, then resources, at most 8 together. */
const suggestion = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('tag'),
    label: z.string().meta({ description: 'The tag’s label', example: 'Machine Learning' }),
    group: z.string().meta({ description: 'What kind of tag, as the search’s sidebar names it', example: 'Subject' }),
    href: z.string().meta({ description: 'The search filtered to it', example: '/search?category=machine-learning' }),
  }),
  z.object({
    kind: z.literal('content'),
    label: z.string().meta({ description: 'The resource’s name' }),
    href: z.string().meta({ description: 'Its page', example: '/content/python-for-everybody' }),
    marks: z
      .array(z.array(z.int().min(0)).length(2))
      .meta({ description: 'The matched parts of the label, as [start, end) offsets in UTF-16 code units, in order' }),
  }),
]);
export const suggestions = z
  .object({
    query: z.string().meta({ description: 'The words as matched (trimmed, at most 100 characters)' }),
    suggestions: z.array(suggestion).max(8),
  })
  .meta({ id: 'Suggestions' });

export type ContentShape = z.infer<typeof content>;
export type SearchResultShape = z.infer<typeof searchResult>;
export type SuggestionShape = z.infer<typeof suggestion>;
export type SuggestionsShape = z.infer<typeof suggestions>;

export const CATALOG_OPERATIONS = {
  searchContents: {
    method: 'GET',
    route: '/api/contents/search',
    group: 'Catalog',
    access: 'public',
    revalidatable: true,
    summary: 'Search and filter the catalog',
    description: prose`
      Twelve contents a page, with facet counts. Words are matched on names, descriptions and tag labels
      (c++, c#, .net and node.js included); a misspelt word falls back to its closest known word
      (\`correctedTerm\`). Answers carry an ETag: send If-None-Match to get a 304.`,
    query: [
      {
        name: 'searchTerm',
        description: 'Words to find (at most 200 characters)',
        schema: { type: 'string' },
        example: 'python',
      },
      ...ADDRESS_ORDER.map(facetFilter),
      {
        name: 'order',
        description: 'The order; by relevance when words are searched and no order is given',
        schema: { type: 'string', enum: ['latest', 'oldest', 'topRated', 'lowRated'] },
      },
      PAGE,
    ],
    ok: { status: 200, schema: searchResult, description: 'A page of results with the counts of every filter option' },
  },
  suggest: {
    method: 'GET',
    route: '/api/contents/suggest',
    group: 'Catalog',
    access: 'public',
    summary: 'Suggestions as you type: matching tags and resources',
    description: prose`
      At most 8: the tags whose label has a word starting with the words typed ("Subject: Machine Learning"),
      then the resources whose name does, the matched parts of each name given as offsets. Fewer than 2
      characters suggest nothing; the words are cut at 100 characters. Answered from memory, following the
      catalog's changes.`,
    query: [
      {
        name: 'q',
        description: 'The words typed so far (any text; at most 100 characters are read)',
        schema: { type: 'string' },
        example: 'mach',
      },
    ],
    ok: { status: 200, schema: suggestions, description: 'The suggestions, tags first' },
  },
  compareContents: {
    method: 'GET',
    route: '/api/contents/compare',
    group: 'Catalog',
    access: 'public',
    summary: 'Two to four resources side by side',
    description: prose`
      The contents named by their slugs, in that order, each with its facts and learners: what the page
      /compare/{slug}/{slug}… shows as one table. Fewer than two or more than four is a 400; a slug no content
      has is a 404 naming it.`,
    query: [
      {
        name: 'slugs',
        description: 'Two to four slugs, separated by commas or as repeated parameters',
        schema: { type: 'string' },
        example: 'cs50-s-introduction-to-programming-with-python,automate-the-boring-stuff-with-python',
      },
    ],
    ok: { status: 200, schema: comparison, description: 'The resources, in the order asked' },
    errors: [400, 404],
  },
  catalogFilters: {
    method: 'GET',
    route: '/api/contents/filters',
    group: 'Catalog',
    access: 'public',
    revalidatable: true,
    summary: 'The filter options some content carries',
    ok: { status: 200, schema: catalogFilters, description: 'Each kind’s tags, and the costs' },
  },
} as const satisfies Record<string, Operation>;
