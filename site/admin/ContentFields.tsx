/**
 * The fields of a content (docs/product.md#pages Edit content), shared by the content and the submission edit forms:
 * Name (derived from the URL), Slug, Website URL, the three tag multi-selects, a select per facet that is a
 * field of its own (Level, …, with "Not specified"), the image, Cost, 'provide certification' and
 * Description. The form around them owns the values and the buttons.
 */
import type { Dispatch, SetStateAction } from 'react';
import { COSTS, TAG_KIND_NAMES, TAG_KINDS, type Cost, type Tag, type TagKind } from '#db/catalog/taxonomy.ts';

/** The tags a form offers, per kind: the live rows, read by the page on the server. */
export type TagOptions = Record<TagKind, Tag[]>;
import { nameFromUrl, slugify } from '#db/catalog/urls.ts';
import { contentFields, type ContentField, type ContentInput } from '#db/catalog/validation/contents.ts';
import type { FieldKey } from '#db/catalog/facets.ts';
import { factTexts, type FactKey, type Facts } from '#db/catalog/validation/facts.ts';
import { CheckboxField, FacetFieldSelects, Field, SelectField, TextAreaField } from '../ui/fields.tsx';
import { FactFields } from '../ui/FactFields.tsx';
import { MultiSelect } from '../ui/MultiSelect.tsx';
import type { FieldErrors } from '../ui/use-form.ts';
import { ImageField } from './ImageField.tsx';

/**
 * The form's values: a content's fields (CONTENT_FIELDS), as contentInput takes them; a facet's select holds a
 * choice's value or none; a fact is text (contentInput reads it back).
 */
export type ContentValues = Omit<ContentInput, FieldKey | FactKey> &
  Partial<Record<FieldKey, string | null>> &
  Record<FactKey, string>;

export type ContentKey = ContentField;

/** A content or submission as the API returns it (more fields may come along; only these are edited). */
export type ContentSource = Omit<ContentValues, 'cost' | FactKey> & { _id: string; cost: string } & Partial<Facts>;

export function contentValues(source: ContentSource): ContentValues {
  return {
    ...contentFields(source),
    ...factTexts(source),
    cost: (COSTS as readonly string[]).includes(source.cost) ? (source.cost as Cost) : 'Free',
  };
}

/**
 * A new URL, and with it the name while the name is empty or still the one the old URL suggested
 * (docs/product.md#validation "Name is derived from the URL"); a name the admin typed is never overwritten.
 */
export function withUrl(values: ContentValues, url: string): ContentValues {
  const derived = values.name.trim() === '' || values.name === nameFromUrl(values.url);
  return { ...values, url, name: derived ? nameFromUrl(url) : values.name };
}

/**
 * Each field's one name, as the form labels it (docs/product.md#pages, Edit content): the content and the
 * submission screens, their notes and an approval's reasons all name a field so.
 */
export const CONTENT_FIELD_LABELS = {
  name: 'Name',
  slug: 'Slug',
  url: 'Website URL',
  category: TAG_KIND_NAMES.category.field,
  techStack: TAG_KIND_NAMES.techStack.field,
  type: TAG_KIND_NAMES.type.field,
  image: 'Image URL',
  cost: 'Cost',
  hasCert: 'provide certification',
  description: 'Description',
} as const;

interface ContentFieldsProps {
  values: ContentValues;
  /** A state setter: updates are functions of the latest values (an upload finishes after more typing). */
  onChange: Dispatch<SetStateAction<ContentValues>>;
  errors: FieldErrors<ContentKey>;
  tags: TagOptions;
}

export function ContentFields({ values, onChange, errors, tags }: ContentFieldsProps) {
  const set =
    <K extends ContentKey>(key: K) =>
    (value: ContentValues[K]) =>
      onChange((current) => ({ ...current, [key]: value }));

  return (
    <>
      <Field
        name="name"
        label={CONTENT_FIELD_LABELS.name}
        required
        value={values.name}
        onValue={set('name')}
        error={errors.name}
        hint="Filled from the website URL until you type your own."
      />
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <Field
            name="slug"
            label={CONTENT_FIELD_LABELS.slug}
            required
            value={values.slug}
            onValue={set('slug')}
            error={errors.slug}
            hint="The address of the content page: /content/slug"
          />
        </div>
        <button
          type="button"
          className="btn btn-outline mb-6"
          onClick={() => onChange((current) => ({ ...current, slug: slugify(current.name) }))}
          disabled={!values.name.trim()}
        >
          From name
        </button>
      </div>
      <Field
        name="url"
        label={CONTENT_FIELD_LABELS.url}
        type="url"
        inputMode="url"
        required
        value={values.url}
        onValue={(url) => onChange((current) => withUrl(current, url))}
        error={errors.url}
      />
      {TAG_KINDS.map((kind) => (
        <MultiSelect
          key={kind}
          name={kind}
          label={CONTENT_FIELD_LABELS[kind]}
          options={tags[kind]}
          selected={values[kind]}
          onChange={set(kind)}
          error={errors[kind]}
          creatable
          newTag="create"
        />
      ))}
      <FacetFieldSelects
        values={values}
        onValue={(key, value) => onChange((current) => ({ ...current, [key]: value }))}
        errors={errors}
      />
      <ImageField value={values.image} onValue={set('image')} error={errors.image} />
      <SelectField
        name="cost"
        label={CONTENT_FIELD_LABELS.cost}
        options={COSTS}
        value={values.cost}
        onValue={(cost) => set('cost')(cost as Cost)}
        error={errors.cost}
      />
      <CheckboxField
        name="hasCert"
        label={CONTENT_FIELD_LABELS.hasCert}
        checked={values.hasCert}
        onChecked={set('hasCert')}
      />
      <TextAreaField
        name="description"
        label={CONTENT_FIELD_LABELS.description}
        rows={6}
        required
        value={values.description}
        onValue={set('description')}
        error={errors.description}
      />
      <FactFields
        values={values}
        onValue={(key, value) => onChange((current) => ({ ...current, [key]: value }))}
        errors={errors}
      />
    </>
  );
}
