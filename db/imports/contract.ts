/**
 * The imports' part of the REST contract, a learner's bookmarks: their saves, lists and progress as a file,
 * what an import of a browser's bookmark file did, and what a submission of the links it offered did; and
 * the operations that answer them.
 */
import { z } from '../validation/zod.ts';
import { isoDate } from '../contract/shapes.ts';
import type { Operation } from '../contract/operation.ts';
import { progressState } from '../shelf/lists-contract.ts';
import { bookmarkOfferInput } from './validation/bookmarks.ts';

/** A learner's bookmarks as a file (GET /api/bookmarks/export?format=json): their saves, lists and progress. */
const bookmarkRef = z.object({ name: z.string(), url: z.string(), slug: z.string() });
export const bookmarkExport = z
  .object({
    exportedAt: isoDate,
    saves: z.array(bookmarkRef.extend({ savedAt: isoDate })).meta({ description: 'Newest first' }),
    lists: z
      .array(
        z.object({
          name: z.string(),
          description: z.string(),
          isPublic: z.boolean(),
          createdAt: isoDate,
          items: z
            .array(bookmarkRef.extend({ note: z.string(), addedAt: isoDate }))
            .meta({ description: 'In the list’s order' }),
        }),
      )
      .meta({ description: 'Oldest first, as they were made' }),
    progress: z
      .array(bookmarkRef.extend({ state: progressState, updatedAt: isoDate }))
      .meta({ description: 'Most recently changed first' }),
  })
  .meta({ id: 'BookmarkExport', description: 'Your saves, lists and progress' });
export type BookmarkExportShape = z.infer<typeof bookmarkExport>;

/** What an import of a browser's bookmark file did (POST /api/bookmarks/import). */
export const bookmarkImport = z
  .object({
    bookmarks: z.int().meta({ description: 'Links read from the file' }),
    saved: z.int().meta({ description: 'Contents of the catalog newly saved' }),
    alreadySaved: z.int().meta({ description: 'Contents of the catalog that were saved already' }),
    notSaved: z.int().meta({
      description:
        'Contents of the catalog not saved: one import saves at most 2,000, and an account holds at most 5,000 saves',
    }),
    lists: z
      .array(
        z.object({
          name: z.string(),
          created: z.boolean().meta({ description: 'A new list; false: the existing list of that name' }),
          added: z.int(),
          notAdded: z.int().meta({ description: 'In it already, or past its 500 items' }),
        }),
      )
      .meta({ description: 'The folders holding contents of the catalog, each as a list' }),
    listsRefused: z
      .array(z.string())
      .meta({ description: 'Folders that could not become lists: you hold 100 lists (their links are saved)' }),
    waiting: z.int().meta({ description: 'Links already submitted and waiting for review' }),
    notWeb: z.int().meta({ description: 'Links that are no web page (javascript:, data:, file:…): left out' }),
    private: z.int().meta({ description: 'Links to this machine or a private network: left out' }),
    offered: z.array(z.object({ url: z.string(), title: z.string(), folder: z.string().nullable() })).meta({
      description: 'Links the catalog lacks, once each: to offer for submission (POST /api/bookmarks/submit)',
    }),
    submissionsLeft: z
      .int()
      .nullable()
      .meta({ description: 'How many more you may submit this hour; null when there is no limit' }),
  })
  .meta({ id: 'BookmarkImport' });
export type BookmarkImportShape = z.infer<typeof bookmarkImport>;

/** What a submission of offered links did, link by link (POST /api/bookmarks/submit). */
export const bookmarkOffer = z
  .object({
    submitted: z.int(),
    retryAfter: z
      .int()
      .nullable()
      .meta({ description: 'Seconds until the hourly limit lets more through; null when it was not reached' }),
    results: z.array(
      z.object({
        url: z.string(),
        outcome: z.enum(['submitted', 'duplicate', 'refused', 'not-sent']),
        message: z.string(),
      }),
    ),
  })
  .meta({ id: 'BookmarkOffer' });
export type BookmarkOfferShape = z.infer<typeof bookmarkOffer>;

export const BOOKMARK_OPERATIONS = {
  exportBookmarks: {
    method: 'GET',
    route: '/api/bookmarks/export',
    group: 'Lists and progress',
    access: 'user',
    summary: 'Your saves, lists and progress as a file',
    description:
      '`format`: `json` (the default; anything else is JSON), `csv` (a row for each item of each list and each save in no list; no cell starts a spreadsheet formula) or `html` (a browser’s bookmark file: each list a folder, each save in no list at the top level).',
    query: [
      {
        name: 'format',
        description: 'json, csv or html; anything else is json',
        schema: { type: 'string', enum: ['json', 'csv', 'html'] },
        example: 'html',
      },
    ],
    ok: { status: 200, schema: bookmarkExport, description: 'The file, as an attachment' },
    alsoAs: { 'text/csv': 'The CSV file', 'text/html': 'The bookmark file (`<!DOCTYPE NETSCAPE-Bookmark-file-1>`)' },
    attachment: true,
  },
  importBookmarks: {
    method: 'POST',
    route: '/api/bookmarks/import',
    group: 'Lists and progress',
    access: 'user',
    summary: 'Import a browser’s bookmark file',
    description:
      'The file (at most 20 MB and 10,000 links) as the body, or as the field `file` of a multipart form. Links the catalog lists become saves, and items of the list named as their folder (an existing list of that name, else a new private one); all is written at once or not at all. The others are answered in `offered`, to submit with POST /api/bookmarks/submit. With `Accept: application/x-ndjson` the answer streams a line per step, `{phase, done, total}`, and ends with `{result}` (this answer) or `{error}`.',
    body: 'bookmark-file',
    ok: { status: 200, schema: bookmarkImport, description: 'What was imported, and what is offered for submission' },
    alsoAs: { 'application/x-ndjson': 'Progress lines, then `{result}` or `{error: {status, message}}`' },
  },
  submitBookmarks: {
    method: 'POST',
    route: '/api/bookmarks/submit',
    group: 'Lists and progress',
    access: 'user',
    summary: 'Submit links an import offered',
    description:
      "Each link with the submit form's checks, duplicate refusal and hourly limit: once the limit is reached the rest are `not-sent`, and `retryAfter` says when to try again. At most 500 links a call.",
    body: {
      schema: bookmarkOfferInput,
      name: 'BookmarkOfferInput',
      example: { links: [{ url: 'https://rust-exercises.example.org/', name: 'Rust exercises' }] },
    },
    ok: { status: 200, schema: bookmarkOffer, description: 'Each link’s outcome' },
  },
} as const satisfies Record<string, Operation>;
