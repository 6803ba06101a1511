/** Content and submission inputs: the admin form, the submit form, imports. Imports only zod and pure modules. */
import {
  asList,
  blankAsMissing,
  blankOr,
  formBoolean,
  formChoice,
  optionalFormBoolean,
  optionalFormChoice,
} from '../../validation/form-values.ts';
import { FIELD_FACETS, type ChoiceValue, type FieldKey } from '../facets.ts';

/** A draft is seen only in the admin screens; a published content is in the catalog. */
export const CONTENT_STATUSES = ['draft', 'published'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];
import { multiLine, singleLine, z } from '../../validation/zod.ts';
import { COSTS, toValue, type Tag, type TagKind } from '../taxonomy.ts';
import { isHttpUrl } from '../urls.ts';
import { factFields } from './facts.ts';

const tagText = (kind: TagKind) =>
  singleLine('A tag must be text').max(100, {
    error: (issue) => `A ${kind} may have at most 100 characters: '${String(issue.input).slice(0, 60)}…'`,
  });

/**
 * A tag list: {label, value} pairs, plain labels or values, one tag from a single select, and blank for
 * none. Only the shape is checked here (the islands share this schema): a pair may carry what a tag box
 * was typed as its value too ({label: 'Go', value: 'Go', __isNew__: true}); which tag each one is, the
 * services decide against the tag rows (db/catalog/tags/tags.ts settleAdminTags, and a submission's
 * proposals). Only what cannot be a tag is refused here: no letter or digit, too long, not one line.
 */
export function tagList(kind: TagKind) {
  return z.preprocess(
    asList,
    z
      .array(
        z.union([tagText(kind), z.object({ label: tagText(kind), value: tagText(kind) })], {
          error: `A ${kind} tag must be text, or a {label, value} pair of texts`,
        }),
        {
          error: `${kind} must be a list of tags`,
        },
      )
      .max(50, `${kind} has too many tags`)
      .transform((items, ctx): Tag[] => {
        const result: Tag[] = [];
        for (const item of items) {
          const tag =
            typeof item === 'string'
              ? { label: item, value: toValue(item) }
              : { label: item.label || item.value, value: item.value || toValue(item.label) };
          if (!/[\p{L}\p{N}]/u.test(tag.label)) {
            ctx.addIssue({
              code: 'custom',
              message: `'${tag.label.slice(0, 60)}' cannot be a ${kind}: a tag needs a letter or a digit`,
            });
            return z.NEVER;
          }
          if (!result.some((t) => t.value === tag.value)) result.push(tag);
        }
        return result;
      }),
  );
}

export const httpUrl = singleLine('Website URL is required')
  .min(1, 'Website URL is required')
  .max(2048, 'Website URL must be at most 2048 characters')
  .refine(isHttpUrl, 'Website URL must be a valid http(s) URL');

export const cost = formChoice(COSTS, `Cost must be one of ${COSTS.join(', ')}`);
/** Cost as an optional form field: blank or missing is undefined ("not given"). */
export const optionalCost = blankOr(cost);

export const HAS_CERT_ERROR = "hasCert must be true or false (or Yes, No, I don't know)";
export const hasCert = formBoolean(HAS_CERT_ERROR);
export const optionalHasCert = optionalFormBoolean(HAS_CERT_ERROR);

/**
 * The facets that are fields of their own (db/catalog/facets.ts FIELD_FACETS: level, …), each an optional
 * choice: its value or label; blank or null is "not specified" (null); left out, an edit keeps what is stored.
 */
export const facetFields = Object.fromEntries(
  FIELD_FACETS.map((facet) => [
    facet.key,
    optionalFormChoice(
      facet.choices,
      `${facet.field.label} must be one of ${facet.choices.map((choice) => choice.value).join(', ')} (or empty: not specified)`,
    ),
  ]),
) as unknown as { [K in FieldKey]: z.ZodOptional<z.ZodType<ChoiceValue<K> | null, unknown>> };

/** A path on this site: rooted, not protocol-relative, no spaces or backslashes (e.g. /images/default.png). */
const isSitePath = (v: string) => /^\/(?![/\\])[^\s\\]*$/.test(v);

const IMAGE_FORMS = 'Image must be an http(s) URL or a path on this site (such as an uploaded image)';
const imageText = (required: boolean) => {
  const text = singleLine(required ? 'Image is required' : 'Image must be text').max(
    2048,
    'Image must be at most 2048 characters',
  );
  return (required ? text.min(1, 'Image is required') : text).refine(
    (v) => v === '' || isHttpUrl(v) || isSitePath(v),
    IMAGE_FORMS,
  );
};

/**
 * An image is an http(s) URL (another site's is fetched and kept here: db/catalog/pictures.ts), one of our uploads
 * (/uploads/<hash>) or another path on this site. Blank is none.
 */
export const imageRef = z.preprocess((v) => blankAsMissing(v) ?? '', imageText(false));

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX_CHARS = 120;

export const slug = singleLine('Slug is required')
  .min(1, 'Slug is required')
  .max(SLUG_MAX_CHARS, `Slug must be at most ${SLUG_MAX_CHARS} characters`)
  .regex(SLUG_PATTERN, 'Slug may hold only lowercase letters, digits and single hyphens');

export const description = z.preprocess(
  (v) => blankAsMissing(v) ?? '',
  multiLine('Description must be text').max(5000, 'Description must be at most 5000 characters'),
);

/** The full content as the admin edit form and the importer send it (docs/product.md#validation: name, slug, url, image, description required). */
export const contentInput = z.object({
  name: singleLine('Name is required').min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
  slug,
  url: httpUrl,
  /** Optional: a content without one shows a placeholder tile. */
  image: imageRef,
  description: z.preprocess(
    (v) => blankAsMissing(v) ?? '',
    multiLine('Description is required')
      .min(1, 'Description is required')
      .max(5000, 'Description must be at most 5000 characters'),
  ),
  /** The product's defaults (docs/product.md#validation): a content whose cost or certificate nobody gave is Free, without a certificate. */
  cost: optionalCost.transform((v) => v ?? 'Free'),
  hasCert: optionalHasCert.transform((v) => v ?? false),
  category: tagList('category'),
  techStack: tagList('techStack'),
  type: tagList('type'),
  ...facetFields,
  ...factFields,
});
export type ContentInput = z.infer<typeof contentInput>;

/**
 * A content's fields, in the order of contentInput (the one place that lists them): what the edit screens
 * show, an export writes and an import reads, what an approval takes from a submission.
 */
export const CONTENT_FIELDS = Object.keys(contentInput.shape) as Array<keyof ContentInput>;
export type ContentField = keyof ContentInput;

/** A content's fields picked out of a larger value (an API answer, a row, a submission). */
export const contentFields = <T extends Partial<Record<ContentField, unknown>>>(source: T) =>
  Object.fromEntries(CONTENT_FIELDS.map((field) => [field, source[field]])) as Pick<T, ContentField & keyof T>;

/**
 * docs/product.md#validation: on the admin's edit content form name, slug, url, image and description are all
 * required. A content without an image of its own comes with its generated tile's URL (db/catalog/images.ts),
 * which is a valid image here, so fixing a typo never means uploading a picture first.
 */
export const adminContentInput = contentInput.extend({
  // Required as the document says it (minLength 1), so a client built on it never sends a blank one.
  image: z.preprocess((v) => blankAsMissing(v) ?? '', imageText(true)),
});
export type AdminContentInput = z.infer<typeof adminContentInput>;
