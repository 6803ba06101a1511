/** Content and submission inputs: the admin form, the submit form, imports. Imports only zod and pure modules. */
import { multiLine, singleLine, z } from './zod.ts';
import { COSTS, TAXONOMY, toValue, type Tag, type TagKindName } from '../taxonomy.ts';
import { isHttpUrl } from '../urls.ts';

const GROUP_NAMES: Record<TagKindName, string> = { category: 'category', techStack: 'techStack', type: 'type' };
const tagText = singleLine('A tag must be text').max(100);

/** A tag list from the reference lists; accepts {label, value} pairs or plain labels. Unknown tags are refused. */
export function tagList(kind: TagKindName) {
  const allowed = new Map(TAXONOMY[kind].map((tag) => [tag.value, tag]));
  return z
    .array(z.union([tagText, z.object({ label: tagText, value: tagText })]), {
      error: `${GROUP_NAMES[kind]} must be a list of tags`,
    })
    .max(50, `${GROUP_NAMES[kind]} has too many tags`)
    .transform((items, ctx): Tag[] => {
      const result: Tag[] = [];
      for (const item of items) {
        const value = typeof item === 'string' ? toValue(item) : item.value;
        const tag = allowed.get(value);
        if (!tag || (typeof item !== 'string' && toValue(item.label) !== value)) {
          const shown = typeof item === 'string' ? item : `${item.label}/${item.value}`;
          ctx.addIssue({ code: 'custom', message: `Unknown ${GROUP_NAMES[kind]} '${shown.slice(0, 60)}'` });
          return z.NEVER;
        }
        if (!result.some((t) => t.value === tag.value)) result.push(tag);
      }
      return result;
    });
}

export const httpUrl = singleLine('Website URL is required')
  .min(1, 'Website URL is required')
  .max(2048, 'Website URL must be at most 2048 characters')
  .refine(isHttpUrl, 'Website URL must be a valid http(s) URL');

export const cost = z.enum(COSTS, { error: `Cost must be one of ${COSTS.join(', ')}` });

/** An image is an http(s) URL or one of our own uploads (/uploads/<hash>). */
export const imageRef = singleLine('Image is required')
  .max(2048, 'Image must be at most 2048 characters')
  .refine((v) => v === '' || isHttpUrl(v) || /^\/uploads\/[0-9a-f]{64}(\.[a-z]+)?$/.test(v), 'Image must be an http(s) URL or an uploaded image');

export const slug = singleLine('Slug is required')
  .min(1, 'Slug is required')
  .max(120, 'Slug must be at most 120 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Slug may hold only lowercase letters, digits and single hyphens');

export const description = multiLine('Description must be text').max(5000, 'Description must be at most 5000 characters');

/** The full content as the admin edit form and the importer send it (SPEC §5: name, slug, url, image, description required). */
export const contentInput = z.object({
  name: singleLine('Name is required').min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
  slug,
  url: httpUrl,
  /** Optional here (pages show a placeholder); the admin form requires it (adminContentInput). */
  image: imageRef.default(''),
  description: description.min(1, 'Description is required'),
  cost: cost.default('Free'),
  hasCert: z.boolean({ error: 'hasCert must be true or false' }).default(false),
  category: tagList('category').default([]),
  techStack: tagList('techStack').default([]),
  type: tagList('type').default([]),
});
export type ContentInput = z.infer<typeof contentInput>;
