/**
 * The facts that decide between two resources (docs/product.md#facts): who offers it, how long it takes, its
 * format, what it teaches, what it expects, when it was last updated, what its certificate costs. All
 * optional on contents, drafts and submissions: blank or null is "not known" (null, and the page shows
 * nothing); left out, an edit keeps what is stored. Read liberally (what forms, files and other directories
 * send: "12", "12 hours", "about 40 h"; "Python | Functions"; "2024-03"). Imports only zod and pure modules.
 */
import { blankAsMissing, FORM_VALUE_SCHEMAS } from '../../validation/form-values.ts';
import { multiLine, singleLine, z } from '../../validation/zod.ts';

/** The most skills a content lists ("what you learn": up to a handful, shown as badges). */
export const MAX_SKILLS = 8;
export const MAX_SKILL_CHARS = 60;
/** The most hours a content may take: beyond it, a typo (minutes given as hours). */
export const MAX_HOURS = 5000;

const BLANK = [{ type: 'string', maxLength: 0, description: 'left blank: not known' }, { type: 'null' }];

/** Missing stays undefined (an edit keeps what is stored); blank or null is null (not known). */
const blankAsNull = (value: unknown) => (value === undefined ? undefined : (blankAsMissing(value) ?? null));

function optional<T extends z.ZodType>(schema: T, read: (value: unknown) => unknown, json: Record<string, unknown>) {
  const field = z.preprocess((value) => {
    const given = blankAsNull(value);
    return given === undefined || given === null ? given : read(given);
  }, schema.nullable().optional());
  FORM_VALUE_SCHEMAS.set(field, { anyOf: [json, ...BLANK] });
  return field;
}

const same = (value: unknown) => value;

const oneLine = (label: string, max: number) =>
  optional(singleLine(`${label} must be text`).max(max, `${label} must be at most ${max} characters`), same, {
    type: 'string',
    maxLength: max,
  });

/** "12", "12.5", "12 hours", "about 40 h", "1,5": the first number. */
function readHours(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const match = /\d+(?:[.,]\d+)?/.exec(value);
  return match ? Number(match[0].replace(',', '.')) : value;
}

const HOURS_ERROR = `Hours must be a number of hours from 0.5 to ${MAX_HOURS}`;

/** Skills as a list, or one text separated by bars, commas, semicolons or lines ("Python | Functions"). */
function readSkills(value: unknown): unknown {
  const list = typeof value === 'string' ? value.split(/[|,;\n]/) : value;
  if (!Array.isArray(list)) return list;
  const skills: unknown[] = [];
  for (const item of list) {
    const skill = typeof item === 'string' ? item.trim() : item;
    if (skill === '') continue;
    if (
      typeof skill === 'string' &&
      skills.some((s) => typeof s === 'string' && s.toLowerCase() === skill.toLowerCase())
    )
      continue;
    skills.push(skill);
  }
  return skills.length ? skills : null;
}

/** A day, a month or a year ("2024-03-05", "2024-03", "2024"); a full date-time keeps its day. */
const DAY_PATTERN = /^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$/;
const readDay = (value: unknown) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value.trim()) ? value.trim().slice(0, 10) : value;

const TRUE_WORDS = new Set(['true', 'yes', 'y', 'on', '1', 'self-paced', 'self paced']);
const FALSE_WORDS = new Set(['false', 'no', 'n', 'off', '0', 'scheduled', 'cohort']);
function readFlag(value: unknown): unknown {
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : value;
  if (typeof value !== 'string') return value;
  const word = value.trim().toLowerCase();
  return TRUE_WORDS.has(word) ? true : FALSE_WORDS.has(word) ? false : value;
}

/** The facts as inputs: each optional (see above), in the order the forms and files list them. */
export const factFields = {
  /** The organisation behind it ("Harvard University", "freeCodeCamp"). */
  provider: oneLine('Provider', 120),
  /** The effort it takes in all, in hours. */
  hours: optional(z.number({ error: HOURS_ERROR }).min(0.5, HOURS_ERROR).max(MAX_HOURS, HOURS_ERROR), readHours, {
    anyOf: [{ type: 'number' }, { type: 'string', description: 'a number, words around it ignored: "12 hours"' }],
  }),
  /** Whether one starts and goes at one's own pace (true) or follows a schedule (false). */
  selfPaced: optional(z.boolean({ error: 'Self-paced must be true or false' }), readFlag, {
    anyOf: [{ type: 'boolean' }, { type: 'string', description: 'true/false, yes/no, self-paced/scheduled' }],
  }),
  /** How it is given: "10 weeks of video lectures and problem sets". */
  format: oneLine('Format', 200),
  /** What one learns: up to MAX_SKILLS short names. */
  skills: optional(
    z
      .array(
        singleLine('A skill must be text')
          .min(1)
          .max(MAX_SKILL_CHARS, `A skill may have at most ${MAX_SKILL_CHARS} characters`),
        {
          error: 'Skills must be a list of texts',
        },
      )
      .max(MAX_SKILLS, `At most ${MAX_SKILLS} skills`),
    readSkills,
    {
      anyOf: [
        { type: 'array', items: { type: 'string', maxLength: MAX_SKILL_CHARS }, maxItems: MAX_SKILLS },
        { type: 'string', description: 'skills separated by |, commas, semicolons or lines' },
      ],
    },
  ),
  /** What it expects one to know first. */
  prerequisites: optional(
    multiLine('Prerequisites must be text').max(500, 'Prerequisites must be at most 500 characters'),
    same,
    { type: 'string', maxLength: 500 },
  ),
  /** When the resource itself was last updated, as its publisher says: a day, a month or a year. */
  lastUpdated: optional(
    singleLine('Last updated must be a date').regex(
      DAY_PATTERN,
      'Last updated must be a date: YYYY-MM-DD, YYYY-MM or YYYY',
    ),
    readDay,
    { type: 'string', description: 'YYYY-MM-DD, YYYY-MM or YYYY (a date-time keeps its day)', examples: ['2024-03'] },
  ),
  /** What its certificate costs, where that differs from the resource's cost ("$199 for the verified certificate"). */
  certificatePrice: oneLine('Certificate price', 60),
};

export type FactKey = keyof typeof factFields;
export const FACT_KEYS = Object.keys(factFields) as FactKey[];
export type Facts = { [K in FactKey]: NonNullable<z.infer<(typeof factFields)[K]>> | null };

/** The facts picked out of a row or an answer, null where not known. */
export const factsOf = (source: { [K in FactKey]?: Facts[K] | undefined }): Facts =>
  Object.fromEntries(FACT_KEYS.map((key) => [key, source[key] ?? null])) as Facts;

/** A fact as a form's text field holds it ('' when not known): what the schema reads back to the same value. */
export function factText(value: Facts[FactKey] | undefined): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/** Every fact as text, for a form's values. */
export const factTexts = (source: { [K in FactKey]?: Facts[K] | undefined }): Record<FactKey, string> =>
  Object.fromEntries(FACT_KEYS.map((key) => [key, factText(source[key])])) as Record<FactKey, string>;
