/**
 * What HTML form controls send, read liberally (docs: "be liberal in what you accept"): a client built on
 * the REST contract posts strings from selects ("true", "I don't know", "Free/Paid"), empty strings and
 * null for fields the user did not touch, and numbers as strings. Each helper accepts every reasonable
 * form of its value and refuses only what is wrong, saying what is expected. Imports only zod.
 */
import { z } from './zod.ts';

/**
 * What each liberal field accepts, as JSON Schema, for the API document's request schemas (its validator
 * alone would be described by what it ends as: a boolean, one of a list): db/contract/openapi.ts reads it.
 */
export const FORM_VALUE_SCHEMAS = new WeakMap<z.ZodType, Record<string, unknown>>();
const described = <T extends z.ZodType>(schema: T, json: Record<string, unknown>): T => {
  FORM_VALUE_SCHEMAS.set(schema, json);
  return schema;
};
const BLANK = [{ type: 'string', maxLength: 0, description: 'left blank: not given' }, { type: 'null' }];
const BOOLEAN_FORMS = [
  { type: 'boolean' },
  { type: 'string', description: 'true/false, yes/no, y/n, on/off, 1/0; "I don\'t know" is false (any case)' },
  { type: 'integer', enum: [0, 1] },
];

/** '' and null are an untouched optional field: the same as leaving it out. */
export const blankAsMissing = (value: unknown) =>
  value === '' || value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

const TRUE_WORDS = new Set(['true', 'yes', 'y', 'on', '1']);
/** "I don't know" means false (the submit form's third choice): the resource is not known to certify. */
const FALSE_WORDS = new Set([
  'false',
  'no',
  'n',
  'off',
  '0',
  "i don't know",
  'i don’t know',
  'i do not know',
  'unknown',
  'dont know',
  "don't know",
]);

function toBoolean(value: unknown): unknown {
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : value;
  if (typeof value !== 'string') return value;
  const word = value.trim().toLowerCase();
  return TRUE_WORDS.has(word) ? true : FALSE_WORDS.has(word) ? false : value;
}

/** A yes/no field: a boolean, or what a checkbox or select sends. `error` names the field's choices. */
export const formBoolean = (error: string) =>
  described(z.preprocess(toBoolean, z.boolean({ error })), { anyOf: BOOLEAN_FORMS });

/** An optional yes/no field: blank or missing is undefined ("not given"). */
export const optionalFormBoolean = (error: string) =>
  described(
    z.preprocess((v) => toBoolean(blankAsMissing(v)), z.boolean({ error }).optional()),
    { anyOf: [...BOOLEAN_FORMS, ...BLANK] },
  );

/** One of `choices`, matched without regard to case or spaces around a slash ("free / paid" → "Free/Paid"). */
export function formChoice<const T extends readonly [string, ...string[]]>(choices: T, error: string) {
  const byKey = new Map(choices.map((choice) => [choice.toLowerCase().replace(/\s+/g, ''), choice]));
  const schema = z.preprocess(
    (v) => (typeof v === 'string' ? (byKey.get(v.toLowerCase().replace(/\s+/g, '')) ?? v) : v),
    z.enum(choices, { error }),
  );
  return described(schema, {
    type: 'string',
    description: `One of ${choices.join(', ')} (any case, spaces around a slash ignored)`,
    examples: [choices[0]],
  });
}

/**
 * An optional choice of a list of {value, label}: its value or its label, in any case. Blank or null is none
 * (null, "not specified"); missing is undefined, so an edit that does not send it keeps what is stored.
 */
export function optionalFormChoice<const V extends string>(
  choices: ReadonlyArray<{ readonly value: V; readonly label: string }>,
  error: string,
) {
  const byKey = new Map(
    choices.flatMap((choice) => [
      [choice.value.toLowerCase(), choice.value] as const,
      [choice.label.toLowerCase(), choice.value] as const,
    ]),
  );
  const values = choices.map((choice) => choice.value) as [V, ...V[]];
  const read = (value: unknown) =>
    value === undefined
      ? undefined
      : blankAsMissing(value) === undefined
        ? null
        : typeof value === 'string'
          ? (byKey.get(value.trim().toLowerCase()) ?? value)
          : value;
  return described(z.preprocess(read, z.enum(values, { error }).nullable().optional()), {
    anyOf: [
      {
        type: 'string',
        enum: values,
        description: `One of ${values.join(', ')}; its label (${choices.map((choice) => choice.label).join(', ')}) is taken too, in any case`,
      },
      ...BLANK,
    ],
  });
}

/** An optional field that a blank or null leaves out: `schema`'s value, or nothing. */
export function blankOr<T extends z.ZodType>(schema: T) {
  return described(z.preprocess(blankAsMissing, schema.optional()), {
    anyOf: [FORM_VALUE_SCHEMAS.get(schema) ?? {}, ...BLANK],
  });
}

/** A list field: one value from a single select becomes a list of one; blank or null is an empty list. */
export const asList = (value: unknown) => {
  const given = blankAsMissing(value);
  if (given === undefined) return [];
  return Array.isArray(given)
    ? given
    : typeof given === 'string' || (typeof given === 'object' && given !== null)
      ? [given]
      : given;
};

/** A whole number, or its digits as a string. Booleans and null are never numbers. */
export const digitsAsNumber = (value: unknown) =>
  typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
