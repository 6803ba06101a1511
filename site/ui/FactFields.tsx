/**
 * The facts that decide (db/catalog/validation/facts.ts) as form fields, every one optional and held as text
 * (the schema reads "12 hours", "Python, SQL" back): the admin's content and submission edits and the submit
 * form share them. Grouped under one legend so a long form stays readable.
 */
import type { FactKey } from '#db/catalog/validation/facts.ts';
import { Field, SelectField, TextAreaField } from './fields.tsx';

export const PACE_OPTIONS = [
  { value: '', label: 'Not specified' },
  { value: 'true', label: 'Self-paced' },
  { value: 'false', label: 'On a schedule' },
] as const;

/** Each fact's name, one for every screen that names it: its field, a page's suggestion, an approval's note. */
export const FACT_LABELS: Record<FactKey, string> = {
  provider: 'Provider',
  hours: 'Hours in all',
  selfPaced: 'Pace',
  format: 'Format',
  skills: 'Skills you learn',
  prerequisites: 'Prerequisites',
  lastUpdated: 'Last updated',
  certificatePrice: 'Certificate price',
};

export function FactFields({
  values,
  onValue,
  errors,
}: {
  values: Record<FactKey, string>;
  onValue: (key: FactKey, value: string) => void;
  errors: Partial<Record<string, string>>;
}) {
  const text = (key: FactKey) => ({
    name: key,
    label: FACT_LABELS[key],
    value: values[key],
    onValue: (value: string) => onValue(key, value),
    error: errors[key],
  });
  return (
    <fieldset className="fieldset mt-2 rounded-box border border-base-300 px-4 pb-4" data-fact-fields>
      <legend className="fieldset-legend px-1 text-base">Facts that help choosing (optional)</legend>
      <Field {...text('provider')} hint="The organisation behind it, e.g. Harvard University" />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field {...text('hours')} inputMode="decimal" hint="The effort it takes, e.g. 40" />
        <SelectField {...text('selfPaced')} options={PACE_OPTIONS} />
      </div>
      <Field {...text('format')} hint="e.g. Video lectures and problem sets" />
      <Field {...text('skills')} hint="Up to 8, separated by commas" />
      <TextAreaField {...text('prerequisites')} rows={2} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field {...text('lastUpdated')} placeholder="YYYY-MM" hint="YYYY-MM-DD, YYYY-MM or YYYY" />
        <Field {...text('certificatePrice')} hint="Where it differs from the cost" />
      </div>
    </fieldset>
  );
}
