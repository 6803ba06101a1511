/** How a content is written (row + indexed tags) and shown (API shape). Shared by every content writer. */
import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { publicUrl } from '../config.ts';
import { isForeignPath, isPlaceholderImage, placeholderImagePath } from './images.ts';
import { contentTags, contents, pictureFetches, type Content, type ContentDraft } from '../schema.ts';
import { TAG_KINDS, type Tag, type TagKind } from './taxonomy.ts';
import { urlKey } from './urls.ts';
import { contentFields, type ContentInput } from './validation/contents.ts';
import type { ContentShape } from './contract.ts';

export function tagLabels(input: Pick<ContentInput, TagKind>): string {
  return TAG_KINDS.flatMap((kind) => input[kind].map((tag) => tag.label)).join(' ');
}

/**
 * A content's tag set as one text, 'category=data-science,web-development;type=podcasts' (kinds and values
 * in order): what the facet table groups rows by and reads tags from (db/catalog/search/facet-table.ts).
 */
export function tagKey(input: Pick<ContentInput, TagKind>): string {
  return TAG_KINDS.filter((kind) => input[kind].length)
    .map(
      (kind) =>
        `${kind}=${input[kind]
          .map((tag) => tag.value)
          .sort()
          .join(',')}`,
    )
    .join(';');
}

/** The columns derived from a content's tags (search text, the facet table's tag set). */
export function tagColumns(input: Pick<ContentInput, TagKind>) {
  return {
    tagLabels: tagLabels(input),
    tagKey: tagKey(input),
  };
}

function tagRows(contentId: string, input: Pick<ContentInput, TagKind>) {
  return TAG_KINDS.flatMap((kind) =>
    input[kind].map((tag: Tag) => ({ contentId, kind, value: tag.value, label: tag.label })),
  );
}

/** A content's row: its fields (CONTENT_FIELDS), the image in its stored form, and the columns derived from them. */
export function contentValues(
  id: string,
  input: ContentInput,
  extra: { createdAt?: Date; updatedAt?: Date; rating?: number } = {},
) {
  return {
    id,
    ...contentFields(input),
    urlKey: input.url ? urlKey(input.url) : null,
    image: storedImage(input.image),
    ...tagColumns(input),
    ...(extra.createdAt ? { createdAt: extra.createdAt, updatedAt: extra.updatedAt ?? extra.createdAt } : {}),
  };
}

/** The statements that insert a content and its tags (and ask for a picture given by another site's address); run them inside one batch. */
export function insertContentStatements(
  db: Db,
  id: string,
  input: ContentInput,
  extra: { createdAt?: Date; updatedAt?: Date } = {},
) {
  const tags = tagRows(id, input);
  return [
    db.insert(contents).values(contentValues(id, input, extra)),
    ...(tags.length ? [db.insert(contentTags).values(tags)] : []),
    ...givenPictureStatements(db, id, input.image),
  ] as const;
}

/** The statements that replace a content's fields and tags; run them inside one batch. */
export function updateContentStatements(db: Db, id: string, input: ContentInput) {
  const { id: _unused, ...values } = contentValues(id, input);
  const tags = tagRows(id, input);
  return [
    db
      .update(contents)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(contents.id, id))
      .returning({ id: contents.id }),
    db.delete(contentTags).where(eq(contentTags.contentId, id)),
    ...(tags.length ? [db.insert(contentTags).values(tags)] : []),
    ...givenPictureStatements(db, id, input.image),
  ] as const;
}

/** The image without our own origin (an upload's absolute URL, as the upload endpoint answers it, loses it). */
function withoutOwnOrigin(image: string): string {
  const ownOrigin = `${publicUrl()}/`;
  return image.startsWith(ownOrigin) ? image.slice(ownOrigin.length - 1) : image;
}

/**
 * The picture an image names by another site's address (an http(s) URL, not ours), or undefined. It is never
 * stored as the content's image, which that site could change at any time, and which every visitor's browser
 * would ask it for: it is fetched and kept here (db/catalog/pictures.ts), the tile showing until then.
 */
export function givenPicture(image: string): string | undefined {
  const path = withoutOwnOrigin(image);
  return /^https?:\/\//i.test(path) ? path : undefined;
}

/** The image as a writer takes it: storedImage's, but another site's address kept (givenPicture), for insertContentStatements to ask for. */
export const imageAsGiven = (image: string): string => givenPicture(image) ?? storedImage(image);

/** The rows that ask for a given picture (givenPicture) of the content `contentId`, to be fetched in the background. */
export const givenPictureRow = (contentId: string, source: string) => ({
  contentId,
  outcome: 'pending' as const,
  fetchedAt: new Date(0),
  source,
});

/** The statement that asks for the picture `image` gives by another site's address, if it does: after the content's own, in its batch. */
function givenPictureStatements(db: Db, contentId: string, image: string) {
  const source = givenPicture(image);
  if (!source) return [];
  const row = givenPictureRow(contentId, source);
  return [
    db
      .insert(pictureFetches)
      .values(row)
      .onConflictDoUpdate({
        target: pictureFetches.contentId,
        set: { outcome: row.outcome, fetchedAt: row.fetchedAt, source },
      }),
  ];
}

/**
 * The image as stored: a path for anything on this site (an upload's absolute URL, as the upload endpoint
 * answers it, loses its origin), and nothing for a generated tile (it follows the content's slug) or for
 * another site's address (givenPicture: the tile shows until that picture is fetched and kept here).
 */
export function storedImage(image: string): string {
  const path = withoutOwnOrigin(image);
  return isPlaceholderImage(path) || givenPicture(path) ? '' : path;
}

/**
 * The image as the API shows it: an absolute URL for ours (an upload, the generated tile when there is
 * none), and another site's path as it was sent (a client's own asset: made absolute here, it would name
 * a file this site does not have). Never another site's address: none is stored (storedImage).
 */
export function shownImage(image: string, slug: string): string {
  const path = image || placeholderImagePath(slug);
  return path.startsWith('/') && !isForeignPath(path) ? `${publicUrl()}${path}` : path;
}

/** A published content is in the catalog; a draft only in the admin screens (db/schema.ts contentDrafts). */
export type ContentStatus = ContentShape['status'];

/** The fields a published content and a draft share, as the API shows them (the contract's Content). */
function apiFields(
  row: Content | ContentDraft,
  status: ContentStatus,
  rating: number,
  numReviews: number,
): ContentShape {
  return {
    _id: row.id,
    status,
    ...contentFields(row),
    image: shownImage(row.image, row.slug),
    rating,
    numReviews,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const toApiContent = (row: Content): ContentShape =>
  apiFields(row, 'published', Math.round(row.rating * 100) / 100, row.numReviews);

/** A draft in the API's shape: not yet rated or reviewed. */
export const toApiDraft = (row: ContentDraft): ContentShape => apiFields(row, 'draft', 0, 0);
