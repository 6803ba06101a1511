/**
 * How each kind of facet (db/catalog/facets.ts) is held in the facet table, filtered and counted, written once
 * per kind: a row holds one code per facet (its tag combination, its choice, 0 or 1, its whole step), a
 * filter is a flag per code, and counting is one increment per row and facet into a tally by code, read
 * into options at the end (decisions 007 and 011). The same rules, over a change's facet values rather than
 * a row, say which options a content counts in and which filters it fails (decision 023's dependencies).
 */
import { FACETS, type Facet, type FacetKey } from '../facets.ts';
import type { TagKind } from '../taxonomy.ts';
import type { FacetFilters, FacetTable, FacetValues, TagIndex } from './facet-types.ts';

/** Facets per row in FacetTable.codes. */
export const STRIDE = FACETS.length;
/** A facet's place in a row's codes. */
export const FACET_INDEX = Object.fromEntries(FACETS.map((facet, f) => [facet.key, f])) as Record<FacetKey, number>;

export const emptyTagIndex = (): TagIndex => ({
  values: [],
  indexOfValue: new Map(),
  combos: [new Int32Array(0)],
  comboOfKey: new Map([['', 0]]),
  combosOfTag: [],
  carriers: [],
});

/** The combination of `values` in the kind's index, made when first seen. */
export function comboOf(table: FacetTable, kind: TagKind, values: string[]): number {
  const index = table.tags[kind];
  const tagIndexes = values.map((value) => {
    let j = index.indexOfValue.get(value);
    if (j === undefined) {
      j = index.values.push(value) - 1;
      index.indexOfValue.set(value, j);
      index.carriers.push(0);
    }
    return j;
  });
  const key = tagIndexes.sort((a, b) => a - b).join(',');
  let combo = index.comboOfKey.get(key);
  if (combo === undefined) {
    combo = index.combos.push(Int32Array.from(tagIndexes)) - 1;
    index.comboOfKey.set(key, combo);
    for (const j of tagIndexes) (index.combosOfTag[j] ??= []).push(combo);
  }
  return combo;
}

/** A tag set ('category=a,b;type=c', contents.tag_key) → its combination per kind: parsed once per distinct set. */
function combosOfTagKey(table: FacetTable, tagKey: string): Record<TagKind, number> {
  // Each tag kind asks in turn for the same row: one lookup of its text rather than one per kind (a million
  // rows' texts hashed three times were a third of the table's build).
  if (last.table === table && last.tagKey === tagKey) return last.combos;
  let combos = table.combosOfKey.get(tagKey);
  if (!combos) {
    combos = Object.fromEntries(Object.keys(table.tags).map((kind) => [kind, 0])) as Record<TagKind, number>;
    if (tagKey) {
      for (const part of tagKey.split(';')) {
        const [kind, values] = part.split('=') as [TagKind, string];
        if (kind in combos) combos[kind] = comboOf(table, kind, values.split(','));
      }
    }
    table.combosOfKey.set(tagKey, combos);
  }
  last = { table, tagKey, combos };
  return combos;
}
let last: { table?: FacetTable; tagKey?: string; combos: Record<TagKind, number> } = { combos: {} as never };

/** Forgets the tag sets parsed so far (a tag renamed or merged): they are parsed again when next seen. */
export function forgetTagKeys(table: FacetTable): void {
  table.combosOfKey.clear();
  if (last.table === table) last = { combos: {} as never };
}

/** The values of one kind in a tag set text. */
export function tagValues(tagKey: string, kind: TagKind): string[] {
  for (const part of tagKey.split(';')) {
    const [k, values] = part.split('=');
    if (k === kind) return values ? values.split(',') : [];
  }
  return [];
}

/** The code of an 'open' facet's text in the table, its index made when first seen (0: none). */
export function openCode(table: FacetTable, key: string, value: unknown): number {
  if (value === null || value === undefined || value === '') return 0;
  const index = (table.open[key] ??= { values: [], indexOfValue: new Map(), carriers: [] });
  const text = String(value);
  let j = index.indexOfValue.get(text);
  if (j === undefined) {
    j = index.values.push(text) - 1;
    index.indexOfValue.set(text, j);
    index.carriers.push(0);
  }
  return j + 1;
}

/** A filter's value: a step or a side, or the tag values or choices of which any passes. */
type FilterValue = string | number | readonly string[];
const anyOf = (value: FilterValue): readonly string[] => (Array.isArray(value) ? value : [String(value)]);

/** What each kind does. `f` is the facet's place in a row's codes. */
interface KindRules<F extends Facet> {
  /** How many codes a row may have in the facet (a tally's size). */
  codes(table: FacetTable, facet: F): number;
  /** The code of a content with these facet values. */
  code(table: FacetTable, facet: F, values: FacetValues): number;
  /** Code → 1 where a row with that code passes the filter. */
  passes(table: FacetTable, facet: F, value: FilterValue): Uint8Array;
  /** The options' counts, from the tally of codes. */
  counts(table: FacetTable, facet: F, tally: Float64Array): Record<string, number>;
  /** Which option a content with these values counts in (decision 007's rule, read by search/deps.ts). */
  option(facet: F, values: FacetValues): string;
  /** Whether a content with these values passes the filter. */
  keeps(facet: F, value: FilterValue, values: FacetValues): boolean;
}

const choiceIndex = (facet: Extract<Facet, { kind: 'choice' }>, value: unknown) => {
  const i = facet.choices.findIndex((choice) => choice.value === value);
  // None (null), or a value outside the list: a code no filter passes.
  return i < 0 ? facet.choices.length : i;
};
const step = (facet: Extract<Facet, { kind: 'atLeast' }>, value: unknown) =>
  Math.max(0, Math.min(facet.top, Math.floor(Number(value) || 0)));

const RULES: { [K in Facet['kind']]: KindRules<Extract<Facet, { kind: K }>> } = {
  tags: {
    codes: (table, facet) => table.tags[facet.key].combos.length,
    code: (table, facet, values) => combosOfTagKey(table, String(values.tag_key ?? ''))[facet.key],
    passes: (table, facet, value) => {
      const index = table.tags[facet.key];
      const flags = new Uint8Array(index.combos.length);
      for (const one of anyOf(value)) {
        const j = index.indexOfValue.get(one);
        // A value no content carries: no combination holds it, so it lets no row pass.
        if (j !== undefined) for (const c of index.combosOfTag[j]!) flags[c] = 1;
      }
      return flags;
    },
    counts: (table, facet, tally) => {
      const index = table.tags[facet.key];
      const perTag = new Float64Array(index.values.length);
      for (let c = 0; c < tally.length; c++) if (tally[c]) for (const j of index.combos[c]!) perTag[j]! += tally[c]!;
      // A tag no content carries any more (its last content changed since the table was read) is not an option.
      return Object.fromEntries(
        index.values.flatMap((value, j) => (index.carriers[j]! > 0 ? [[value, perTag[j]!]] : [])),
      );
    },
    option: (facet, values) =>
      tagValues(String(values.tag_key ?? ''), facet.key)
        .sort()
        .join(','),
    keeps: (facet, value, values) => {
      const carried = tagValues(String(values.tag_key ?? ''), facet.key);
      return anyOf(value).some((one) => carried.includes(one));
    },
  },
  choice: {
    codes: (_table, facet) => facet.choices.length + 1,
    code: (_table, facet, values) => choiceIndex(facet, values[facet.column as keyof FacetValues]),
    passes: (_table, facet, value) => {
      const flags = new Uint8Array(facet.choices.length + 1);
      for (const one of anyOf(value)) {
        const i = choiceIndex(facet, one);
        if (i < facet.choices.length) flags[i] = 1;
      }
      return flags;
    },
    counts: (_table, facet, tally) => Object.fromEntries(facet.choices.map((choice, i) => [choice.value, tally[i]!])),
    option: (facet, values) => String(values[facet.column as keyof FacetValues] ?? ''),
    keeps: (facet, value, values) =>
      anyOf(value).some(
        (one) => choiceIndex(facet, one) < facet.choices.length && values[facet.column as keyof FacetValues] === one,
      ),
  },
  flag: {
    codes: () => 2,
    code: (_table, facet, values) => (values[facet.column as keyof FacetValues] ? 1 : 0),
    passes: (_table, _facet, value) => Uint8Array.from([value === 0 ? 1 : 0, value === 1 ? 1 : 0]),
    counts: (_table, _facet, tally) => ({ true: tally[1]!, false: tally[0]! }),
    option: (facet, values) => (values[facet.column as keyof FacetValues] ? '1' : '0'),
    keeps: (facet, value, values) => (values[facet.column as keyof FacetValues] ? 1 : 0) === value,
  },
  open: {
    codes: (table, facet) => (table.open[facet.key]?.values.length ?? 0) + 1,
    code: (table, facet, values) => openCode(table, facet.key, values[facet.column as keyof FacetValues]),
    passes: (table, facet, value) => {
      const index = table.open[facet.key];
      const flags = new Uint8Array((index?.values.length ?? 0) + 1);
      for (const one of anyOf(value)) {
        const j = index?.indexOfValue.get(one);
        if (j !== undefined) flags[j + 1] = 1;
      }
      return flags;
    },
    counts: (table, facet, tally) => {
      const index = table.open[facet.key];
      if (!index) return {};
      return Object.fromEntries(
        index.values.flatMap((value, j) => (index.carriers[j]! > 0 ? [[value, tally[j + 1] ?? 0]] : [])),
      );
    },
    option: (facet, values) => String(values[facet.column as keyof FacetValues] ?? ''),
    keeps: (facet, value, values) => anyOf(value).includes(String(values[facet.column as keyof FacetValues] ?? '')),
  },
  atLeast: {
    codes: (_table, facet) => facet.top + 1,
    code: (_table, facet, values) => step(facet, values[facet.column as keyof FacetValues]),
    // The steps are whole numbers: at or above N is N or more whole steps.
    passes: (_table, facet, value) =>
      Uint8Array.from({ length: facet.top + 1 }, (_, s) => (s >= Number(value) ? 1 : 0)),
    counts: (_table, facet, tally) =>
      Object.fromEntries(facet.steps.map((n) => [String(n), tally.slice(n).reduce((sum, k) => sum + k, 0)])),
    option: (facet, values) => String(step(facet, values[facet.column as keyof FacetValues])),
    keeps: (facet, value, values) => Number(values[facet.column as keyof FacetValues]) >= Number(value),
  },
};

/** The rules of a facet's kind. */
export const rulesOf = <F extends Facet>(facet: F) => RULES[facet.kind] as unknown as KindRules<F>;

/** How many codes each facet has now: a new tag combination adds one (what is kept by codes is then made again). */
export const codesPerFacet = (table: FacetTable): number[] => FACETS.map((facet) => rulesOf(facet).codes(table, facet));

/** One active filter: the facet's place in a row's codes, and which codes pass. */
export interface CompiledFilter {
  f: number;
  passes: Uint8Array;
}

/** The active filters as flags by code, computed once per call, in FACETS' order. */
export function compile(table: FacetTable, filters: FacetFilters): CompiledFilter[] {
  const compiled: CompiledFilter[] = [];
  FACETS.forEach((facet, f) => {
    const value = filters[facet.key];
    if (value !== undefined) compiled.push({ f, passes: rulesOf(facet).passes(table, facet, value) });
  });
  return compiled;
}

/** The facets whose filters a content with these values fails (none: it is in the list, words aside). */
export function failedFacets(filters: FacetFilters, values: FacetValues): FacetKey[] {
  // Asked for every cached list on every change: one pass, one array.
  const failed: FacetKey[] = [];
  for (const facet of FACETS) {
    const value = filters[facet.key];
    if (value !== undefined && !rulesOf(facet).keeps(facet, value, values)) failed.push(facet.key);
  }
  return failed;
}

/** The option a content with these values counts in, per facet. */
export const optionsOf = (values: FacetValues) =>
  Object.fromEntries(FACETS.map((facet) => [facet.key, rulesOf(facet).option(facet, values)])) as Record<
    FacetKey,
    string
  >;
