/**
 * The catalog's admin part of the REST contract: contents and drafts by id, uploaded images and the tags
 * with their usage; and the operations that answer them. (The admin's contents table, with each link's
 * health, is the reports' part: db/reports/contract.ts.)
 */
import { z } from '../validation/zod.ts';
import { message, tagKind, adminPaging } from '../contract/shapes.ts';
import { TAG_LIST } from './validation/tag-list.ts';
import { LIST, listFilter, withMessage, type Operation } from '../contract/operation.ts';
import { prose } from '../contract/prose.ts';
import { TAG_KINDS } from './taxonomy.ts';
import { adminContentInput } from './validation/contents.ts';
import { tagChangeInput, tagInput, tagMergeInput } from './validation/tags.ts';
import { content } from './contract.ts';
import { TAG_STATUSES } from './validation/tags.ts';

export const tagUsage = z
  .object({
    id: z.int().meta({ description: 'The tag’s handle in /api/tags/{id}' }),
    kind: tagKind,
    value: z.string(),
    label: z.string(),
    status: z.enum(TAG_STATUSES),
    contents: z.int().meta({ description: 'How many contents carry it' }),
  })
  .meta({ id: 'TagUsage' });
export const tagUsageList = z.object({ ...adminPaging, tags: z.array(tagUsage) }).meta({ id: 'TagUsageList' });

export const upload = z
  .object({
    url: z.string().meta({ description: 'The image’s absolute URL' }),
    path: z.string().meta({ description: 'The same, as a path on this site' }),
  })
  .meta({ id: 'Upload' });

export type TagUsageShape = z.infer<typeof tagUsage>;
export type TagUsageListShape = z.infer<typeof tagUsageList>;
export type UploadShape = z.infer<typeof upload>;

export const CATALOG_ADMIN_OPERATIONS = {
  createDraft: {
    method: 'POST',
    route: '/api/contents',
    group: 'Admin: contents',
    access: 'admin',
    summary: 'Create an empty draft to edit',
    description: 'The body, if any, is ignored. The draft is published when saved with every required field.',
    ok: {
      status: 201,
      schema: content.extend({ message: z.string(), content: content }).meta({ id: 'ContentCreated' }),
      description: 'The draft, at the top level and as `content`',
    },
  },
  getContent: {
    method: 'GET',
    route: '/api/contents/[id]',
    group: 'Admin: contents',
    access: 'admin',
    summary: 'A content or draft by id',
    ok: { status: 200, schema: content, description: 'The content' },
    errors: [404],
  },
  saveContent: {
    method: 'PUT',
    route: '/api/contents/[id]',
    group: 'Admin: contents',
    access: 'admin',
    summary: 'Save a content (a complete draft is published)',
    description:
      'An `image` given by another site’s address is never stored or answered as such: it is fetched (through the server’s outbound policy) and kept on this site, and until then the content shows its letter tile.',
    body: { schema: adminContentInput, name: 'ContentInput' },
    ok: { status: 200, schema: content, description: 'The saved content' },
    errors: [404, 409],
  },
  deleteContent: {
    method: 'DELETE',
    route: '/api/contents/[id]',
    group: 'Admin: contents',
    access: 'admin',
    summary: 'Delete a content or draft',
    ok: { status: 200, schema: message, description: 'Deleted' },
    errors: [404],
  },
  uploadImage: {
    method: 'POST',
    route: '/api/upload',
    group: 'Admin: contents',
    access: 'admin',
    summary: 'Upload an image (multipart/form-data, field `file`)',
    body: 'multipart',
    ok: { status: 201, schema: upload, description: 'Where the image is served' },
    errors: [413, 429],
  },
  adminTags: {
    method: 'GET',
    route: '/api/tags/admin',
    group: 'Admin: tags',
    access: 'admin',
    summary: 'Tags with how many contents carry each: searched, filtered, sorted and paged',
    description: prose`
      \`search\` finds a label or value containing the text; sort by \`added\` (default: by kind, in the
      order added), \`label\` or \`used\` (most used first). 100 a page unless asked.`,
    query: [
      ...LIST,
      {
        name: 'kind',
        description: 'Only this kind (`all` or empty: every kind; another value is a 400)',
        schema: { type: 'string', enum: [...TAG_KINDS, 'all'] },
      },
      listFilter('status', 'Only active or only retired tags', TAG_LIST.filters.status),
    ],
    ok: { status: 200, schema: tagUsageList, description: 'A page of tags' },
  },
  createTag: {
    method: 'POST',
    route: '/api/tags',
    group: 'Admin: tags',
    access: 'admin',
    summary: 'Add a tag',
    body: { schema: tagInput, name: 'TagInput', example: { kind: 'techStack', label: 'Elixir' } },
    ok: { status: 201, schema: withMessage(tagUsage, 'TagCreated'), description: 'The new tag, offered at once' },
    errors: [409],
  },
  changeTag: {
    method: 'PUT',
    route: '/api/tags/[id]',
    group: 'Admin: tags',
    access: 'admin',
    summary: 'Rename, retire or restore a tag',
    description: prose`
      A new label renames the tag on every content; if its value changes, old links answer 301 to the new
      one. The contents move a slice at a time, which takes minutes for a tag on hundreds of thousands of
      them: with \`Accept: application/x-ndjson\` the answer streams a line as they move,
      \`{phase: 'moving', done, total}\`, and ends with \`{result}\` (this answer) or \`{error}\`.`,
    body: { schema: tagChangeInput, name: 'TagChangeInput', example: { label: 'JavaScript' } },
    ok: { status: 200, schema: tagUsage, description: 'The tag after the change' },
    alsoAs: { 'application/x-ndjson': 'Progress lines, then `{result}` or `{error: {status, message}}`' },
    errors: [404, 409],
  },
  mergeTag: {
    method: 'POST',
    route: '/api/tags/[id]/merge',
    group: 'Admin: tags',
    access: 'admin',
    summary: 'Merge a tag into another of its kind',
    description: prose`
      The contents move a slice at a time, as a rename's do: with \`Accept: application/x-ndjson\` the answer
      streams \`{phase: 'moving', done, total}\` lines and ends with \`{result}\` (this answer) or \`{error}\`.`,
    body: { schema: tagMergeInput, name: 'TagMergeInput', example: { into: 'react' } },
    ok: { status: 200, schema: tagUsage, description: 'The tag merged into, with its new count' },
    alsoAs: { 'application/x-ndjson': 'Progress lines, then `{result}` or `{error: {status, message}}`' },
    errors: [404],
  },
} as const satisfies Record<string, Operation>;
