/**
 * The catalog's facets (decision 028): every way a search narrows the catalog, one entry each, in the order
 * the search's sidebar and chips list them (its address too, but for the 'atLeast' steps, which come last:
 * ADDRESS_ORDER). An entry says which search parameter and content field it is (`key`), which column holds
 * it, its choices and their labels, what the sidebar and a chip call it, and how it filters and counts
 * (`kind`, each written once in search/facet-kinds.ts):
 * - 'tags': a kind of tag (the tags are rows, db/catalog/tags/): a content carries any number; a filter
 *   keeps the contents carrying the tag; each tag some content carries is counted;
 * - 'choice': one of a fixed list, in a column of its own; a filter keeps the contents with that choice;
 *   each choice is counted;
 * - 'flag': yes or no (0 or 1); each side is counted;
 * - 'atLeast': a number (the stars' average); a filter keeps the contents at or above a step, and each
 *   step counts the contents at or above it;
 * - 'open': a text of the content's own from an open set (its provider); a filter keeps the contents with
 *   that text exactly; each text some content has is counted.
 * What reads it: the search's parameters (validation/search.ts), the in-memory facet table and its counts
 * (search/), the filters answer (catalog-reads.ts listFilters), the search page's sidebar and chips
 * (site/search/search-page.ts) and the API's contract (contract.ts, db/contract/operation.ts); a 'choice' with a `field` is also a
 * content field (FIELD_FACETS: Level, Language). Imports only taxonomy.ts, so islands may use it.
 */
import { COSTS, TAG_KIND_NAMES, type TagKind } from './taxonomy.ts';

/** One option of a 'choice' facet: its value (stored, and in the address) and its label (shown). */
export interface Choice {
  readonly value: string;
  readonly label: string;
}

interface Common {
  /** The search parameter, the key of its counts and of its filter, and the content's field. */
  readonly key: string;
  /** The sidebar group's title. */
  readonly title: string;
  /** A chip of an applied filter reads "<chip>: <label>". */
  readonly chip: string;
}

export interface TagFacet extends Common {
  readonly kind: 'tags';
  readonly key: TagKind;
  /** Its list in the filters answer (GET /api/contents/filters). */
  readonly list: string;
}

export interface ChoiceFacet extends Common {
  readonly kind: 'choice';
  readonly column: string;
  readonly choices: readonly Choice[];
  /** Its list in the filters answer: the choices some content has, as values (cost, as the API always had it) or as {value, label}. */
  readonly list: string;
  readonly listed: 'values' | 'choices';
  /**
   * A search parameter naming none of its choices: ignored, as the search's first filters always were, or
   * refused with a 400 that names the choices.
   */
  readonly unknown: 'ignore' | 'refuse';
  /**
   * A field of its own on contents, drafts and submissions (FIELD_FACETS): a nullable column named `column`
   * ("Not specified" when null), a select in the edit screens and the submit form, a badge on the content
   * page, a column of import and export, a field of the API's content and submission. Cost has none: every
   * content has a cost, a field since the start.
   */
  readonly field?: {
    /** Its label in the forms and on the content page. */
    readonly label: string;
    /** The words the search's heading adds for a chosen label ("at beginner level", "in Spanish"). */
    readonly heading: (label: string) => string;
    /** The schema.org property of a LearningResource that says it, for the content page's structured data, and whether it takes the label or the value. */
    readonly schemaOrg?: { readonly property: string; readonly as: 'label' | 'value' };
  };
}

export interface FlagFacet extends Common {
  readonly kind: 'flag';
  readonly column: string;
  readonly labels: { readonly true: string; readonly false: string };
}

export interface AtLeastFacet extends Common {
  readonly kind: 'atLeast';
  readonly column: string;
  /** The steps offered, as the sidebar lists them. */
  readonly steps: readonly number[];
  /** The highest value a content can have (a step's count is of the contents from it up to this). */
  readonly top: number;
  /** An applied step's label. */
  readonly stepLabel: (step: number) => string;
}

export interface OpenFacet extends Common {
  readonly kind: 'open';
  readonly column: string;
  /** Its list in the filters answer: the texts some content has, as {value, label} (the label the text itself). */
  readonly list: string;
}

export type Facet = TagFacet | ChoiceFacet | FlagFacet | AtLeastFacet | OpenFacet;

const choices = <const V extends string>(values: readonly V[]) => values.map((value) => ({ value, label: value }));

/** How much a resource expects of its learner. */
export const LEVELS = [
  { value: 'beginner', label: 'Beginner' },
  { value: 'intermediate', label: 'Intermediate' },
  { value: 'advanced', label: 'Advanced' },
  { value: 'all-levels', label: 'All levels' },
] as const;

/** The language a resource teaches in: common ones, stored as their ISO 639-1 code, shown by name. */
export const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Spanish' },
  { value: 'fr', label: 'French' },
  { value: 'de', label: 'German' },
  { value: 'pt', label: 'Portuguese' },
  { value: 'zh', label: 'Chinese' },
  { value: 'ja', label: 'Japanese' },
  { value: 'ru', label: 'Russian' },
  { value: 'hi', label: 'Hindi' },
  { value: 'ar', label: 'Arabic' },
  { value: 'it', label: 'Italian' },
  { value: 'ko', label: 'Korean' },
  { value: 'tr', label: 'Turkish' },
  { value: 'nl', label: 'Dutch' },
  { value: 'pl', label: 'Polish' },
  { value: 'id', label: 'Indonesian' },
  { value: 'vi', label: 'Vietnamese' },
  { value: 'uk', label: 'Ukrainian' },
  { value: 'bn', label: 'Bengali' },
  { value: 'fa', label: 'Persian' },
] as const;

/**
 * How long a resource takes, by its hours in all (contents.duration, a column SQLite computes from hours:
 * under 10, 10 to 50, over 50; none when the hours are not known).
 */
export const DURATIONS = [
  { value: 'under-10', label: 'Under 10 hours' },
  { value: '10-50', label: '10–50 hours' },
  { value: '50-plus', label: 'Over 50 hours' },
] as const;

export const FACETS = [
  {
    kind: 'tags',
    key: 'category',
    title: TAG_KIND_NAMES.category.many,
    chip: TAG_KIND_NAMES.category.one,
    list: 'categories',
  },
  {
    kind: 'tags',
    key: 'techStack',
    title: TAG_KIND_NAMES.techStack.many,
    chip: TAG_KIND_NAMES.techStack.one,
    list: 'techStacks',
  },
  { kind: 'tags', key: 'type', title: TAG_KIND_NAMES.type.many, chip: TAG_KIND_NAMES.type.one, list: 'types' },
  {
    kind: 'choice',
    key: 'level',
    column: 'level',
    title: 'Level',
    chip: 'Level',
    choices: LEVELS,
    list: 'levels',
    listed: 'choices',
    unknown: 'refuse',
    field: {
      label: 'Level',
      heading: (label: string) => (label === 'All levels' ? 'for all levels' : `at ${label.toLowerCase()} level`),
      schemaOrg: { property: 'educationalLevel', as: 'label' },
    },
  },
  {
    kind: 'choice',
    key: 'language',
    column: 'language',
    title: 'Language',
    chip: 'Language',
    choices: LANGUAGES,
    list: 'languages',
    listed: 'choices',
    unknown: 'refuse',
    field: {
      label: 'Language',
      heading: (label: string) => `in ${label}`,
      schemaOrg: { property: 'inLanguage', as: 'value' },
    },
  },
  {
    kind: 'choice',
    key: 'cost',
    column: 'cost',
    title: 'Costs',
    chip: 'Cost',
    choices: choices(COSTS),
    list: 'costs',
    listed: 'values',
    unknown: 'ignore',
  },
  { kind: 'open', key: 'provider', column: 'provider', title: 'Provider', chip: 'Provider', list: 'providers' },
  {
    kind: 'choice',
    key: 'duration',
    column: 'duration',
    title: 'Duration',
    chip: 'Duration',
    choices: DURATIONS,
    list: 'durations',
    listed: 'choices',
    unknown: 'refuse',
  },
  {
    kind: 'atLeast',
    key: 'rating',
    column: 'rating',
    title: 'Avg Reviews',
    chip: 'Rating',
    steps: [4, 3, 2, 1],
    top: 5,
    stepLabel: (step: number) => `${step} ${step === 1 ? 'star' : 'stars'} & up`,
  },
  {
    kind: 'flag',
    key: 'hasCert',
    column: 'has_cert',
    title: 'Certification',
    chip: 'Certification',
    labels: { true: 'With certificate', false: 'Without certificate' },
  },
] as const satisfies readonly Facet[];

type Facets = (typeof FACETS)[number];
export type FacetKey = Facets['key'];
/** The entry of `key`, as its own type. */
export type FacetOf<K extends FacetKey> = Extract<Facets, { key: K }>;
export type ChoiceKey = Extract<Facets, { kind: 'choice' }>['key'];
/** The values a 'choice' facet takes. */
export type ChoiceValue<K extends ChoiceKey> = FacetOf<K>['choices'][number]['value'];

/** The facets in the order a search's address lists them: FACETS', the steps last (as the address always had the rating). */
export const ADDRESS_ORDER = [
  ...FACETS.filter((facet) => facet.kind !== 'atLeast'),
  ...FACETS.filter((facet) => facet.kind === 'atLeast'),
];

export const facetOf = <K extends FacetKey>(key: K): FacetOf<K> =>
  FACETS.find((facet) => facet.key === key) as FacetOf<K>;
export const isChoiceFacet = (facet: Facet): facet is ChoiceFacet => facet.kind === 'choice';
export const TAG_FACETS: readonly TagFacet[] = (FACETS as readonly Facet[]).filter(
  (facet): facet is TagFacet => facet.kind === 'tags',
);
export const CHOICE_FACETS: readonly ChoiceFacet[] = (FACETS as readonly Facet[]).filter(isChoiceFacet);

/** The facets that are fields of their own (ChoiceFacet `field`): level, … */
export type FieldFacet = ChoiceFacet & { readonly field: NonNullable<ChoiceFacet['field']> };
export type FieldKey = Extract<Facets, { field: object }>['key'];
export const FIELD_FACETS = CHOICE_FACETS.filter(
  (facet): facet is FieldFacet => facet.field !== undefined,
) as ReadonlyArray<FieldFacet & { key: FieldKey }>;

/**
 * The filters answer (GET /api/contents/filters): per facet with a `list`, the options some content carries:
 * a kind's tags, a facet's choices (cost's as plain values, as the API always had them).
 */
export type FilterLists = {
  [F in Facets as F extends { list: string } ? F['list'] : never]: F extends {
    listed: 'values';
    choices: ReadonlyArray<{ value: infer V }>;
  }
    ? readonly V[]
    : Choice[];
};

/** A choice named by its value or its label, in any case: what forms, files and addresses may send. */
export function findChoice(facet: ChoiceFacet, text: string): Choice | undefined {
  const key = text.trim().toLowerCase();
  return facet.choices.find((choice) => choice.value.toLowerCase() === key || choice.label.toLowerCase() === key);
}

/** A choice's label; the value itself when it is none of them. */
export const choiceLabel = (facet: ChoiceFacet, value: string) =>
  facet.choices.find((choice) => choice.value === value)?.label ?? value;

/**
 * The columns the in-memory facet table reads of every content (and that the covering index
 * contents_facet_table_idx holds, and the change feed carries): the seq, the orders' keys, the tag set, and
 * each facet's own column.
 */
export const FACET_TABLE_COLUMNS = [
  'seq',
  'created_at',
  'num_reviews',
  'tag_key',
  ...FACETS.flatMap((facet) => ('column' in facet ? [facet.column] : [])),
] as const;
export type FacetTableColumn = (typeof FACET_TABLE_COLUMNS)[number];
