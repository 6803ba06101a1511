/**
 * The account data's part of the REST contract: everything Skillshelf holds about a user, as their export
 * file; and the operation that answers it.
 */
import { z } from '../validation/zod.ts';
import { id, isoDate, tagKind } from '../contract/shapes.ts';
import type { Operation } from '../contract/operation.ts';
import { prose } from '../contract/prose.ts';
import { settings } from '../accounts/contract.ts';
import { contentRef } from '../catalog/contract.ts';
import { myReview } from '../reviews/contract.ts';
import { listKind, progressState } from '../shelf/lists-contract.ts';
import { ownSubmission } from '../submissions/contract.ts';
import { ROLES } from '../accounts/validation/users.ts';

/** docs/product.md#how-things-change: everything Skillshelf holds about a user, as their export file (GET /api/users/profile/export). */
export const accountExport = z
  .object({
    exportedAt: isoDate,
    account: z.object({
      _id: id,
      name: z.string(),
      email: z.string(),
      role: z.enum(ROLES),
      createdAt: isoDate,
      updatedAt: isoDate,
      settings: z.object(settings),
    }),
    saves: z
      .array(z.object({ content: contentRef.extend({ url: z.string() }), savedAt: isoDate }))
      .meta({ description: 'Newest first' }),
    reviews: z.array(myReview).meta({ description: 'Newest first' }),
    submissions: z.array(ownSubmission).meta({ description: 'Newest first, each with what became of it' }),
    linkReports: z
      .array(
        z.object({
          content: contentRef,
          url: z.string().meta({ description: 'The link reported' }),
          reportedAt: isoDate,
        }),
      )
      .meta({ description: 'The links you reported broken, newest first' }),
    helpfulVotes: z
      .array(z.object({ reviewId: id, contentId: id, votedAt: isoDate }))
      .meta({ description: 'The reviews you found helpful, oldest first' }),
    reviewReports: z.array(z.object({ reviewId: id, contentId: id, reason: z.string(), reportedAt: isoDate })).meta({
      description:
        'The reviews you reported and why, oldest first (until an admin dismissed them or deleted the review)',
    }),
    sessions: z
      .object({
        count: z.int(),
        sessions: z.array(
          z.object({
            createdAt: isoDate,
            expiresAt: isoDate,
            current: z.boolean().meta({ description: 'The session that asked for this file' }),
          }),
        ),
      })
      .meta({ description: 'Where you are signed in: when each session began and ends (never its token)' }),
    knownDevices: z.array(z.object({ signedInAt: isoDate, expiresAt: isoDate })).meta({
      description:
        'The browsers you signed in from, newest first: when each last signed in and until when it is known (never its token)',
    }),
    uploads: z
      .array(z.object({ path: z.string(), mimeType: z.string(), size: z.int(), uploadedAt: isoDate }))
      .meta({ description: 'Images you uploaded (admins)' }),
    lists: z
      .array(
        z.object({
          name: z.string(),
          description: z.string(),
          isPublic: z.boolean(),
          kind: listKind,
          slug: z.string(),
          createdAt: isoDate,
          items: z.array(z.object({ content: contentRef, note: z.string(), section: z.string(), addedAt: isoDate })),
        }),
      )
      .meta({ description: 'Your lists, newest first, each with its items in order' }),
    progress: z
      .array(z.object({ content: contentRef, state: progressState, updatedAt: isoDate }))
      .meta({ description: 'Where you stand with each content you marked' }),
    following: z
      .object({
        tags: z.array(z.object({ kind: tagKind, value: z.string(), label: z.string(), followedAt: isoDate })),
        weeklyDigest: z.boolean(),
        digestsSent: z.array(z.object({ week: z.string(), items: z.int(), sentAt: isoDate })),
      })
      .meta({ description: 'The tags you follow, whether you get the weekly digest, and the digests sent to you' }),
  })
  .meta({
    id: 'AccountExport',
    description: 'Everything Skillshelf holds about you; never a password, token or their hashes',
  });

export type AccountExportShape = z.infer<typeof accountExport>;

export const ACCOUNT_DATA_OPERATIONS = {
  exportAccount: {
    method: 'GET',
    route: '/api/users/profile/export',
    group: 'Accounts',
    access: 'user',
    summary: 'Everything we hold about you, as a file',
    description: prose`
      Your account and settings, saves, reviews, submissions (with what became of each), the links you
      reported and your sessions (when each began and ends), as a JSON file to download
      (skillshelf-export-YYYY-MM-DD.json). Never a password, a token or their hashes. Never cached.`,
    ok: { status: 200, schema: accountExport, description: 'The export, as an attachment' },
    attachment: true,
  },
} as const satisfies Record<string, Operation>;
