/**
 * A user's data export (docs/product.md#how-things-change): everything Skillshelf holds about them, as one JSON file. Never a
 * secret: no password hash, no session or device token nor its hash, no reset link.
 */
import type { Db } from '../client.ts';
import { getUser } from '../accounts/users.ts';
import { listUserSessions } from '../accounts/sessions.ts';
import { listUserDevices } from '../accounts/known-devices.ts';
import { listOwnLinkReports } from '../links/link-health.ts';
import type { AccountExportShape } from './contract.ts';
import { allOwnReviews } from '../reviews/own-reviews.ts';
import { allOwnReviewReports } from '../reviews/review-reports.ts';
import { allOwnHelpfulVotes } from '../reviews/review-votes.ts';
import { allOwnSubmissions } from '../submissions/own-submissions.ts';
import { listSavesWithDates } from '../shelf/saves.ts';
import { listOwnUploads } from '../catalog/uploads.ts';
import { exportOwnLists } from '../shelf/lists.ts';
import { listProgressWithContents } from '../shelf/progress.ts';
import { exportFollows, readDigestSetting } from '../shelf/follows.ts';
import { exportDigestSends } from '../shelf/digest.ts';

/** The file's name, dated (UTC) the day it was made: skillshelf-export-2026-11-23.json. */
export const exportFileName = (at: Date) => `skillshelf-export-${at.toISOString().slice(0, 10)}.json`;

/** Everything held about `userId`; `currentSessionId` (the asking session's id) marks that session in the list. */
export async function exportAccount(db: Db, userId: string, currentSessionId?: string): Promise<AccountExportShape> {
  const user = await getUser(db, userId);
  const sessions = await listUserSessions(db, userId);
  return {
    exportedAt: new Date().toISOString(),
    account: {
      _id: user.id,
      name: user.name,
      email: user.email,
      role: user.isAdmin ? 'admin' : 'user',
      createdAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
      settings: { decisionMails: user.decisionMails },
    },
    saves: await listSavesWithDates(db, userId),
    reviews: await allOwnReviews(db, userId),
    submissions: await allOwnSubmissions(db, userId),
    linkReports: await listOwnLinkReports(db, userId),
    helpfulVotes: await allOwnHelpfulVotes(db, userId),
    reviewReports: await allOwnReviewReports(db, userId),
    sessions: {
      count: sessions.length,
      sessions: sessions.map((s) => ({
        createdAt: s.createdAt.toISOString(),
        expiresAt: s.expiresAt.toISOString(),
        current: s.id === currentSessionId,
      })),
    },
    knownDevices: (await listUserDevices(db, userId)).map((d) => ({
      signedInAt: d.createdAt.toISOString(),
      expiresAt: d.expiresAt.toISOString(),
    })),
    uploads: await listOwnUploads(db, userId),
    lists: await exportOwnLists(db, userId),
    progress: await listProgressWithContents(db, userId),
    following: {
      tags: await exportFollows(db, userId),
      weeklyDigest: (await readDigestSetting(db, userId)).weekly,
      digestsSent: await exportDigestSends(db, userId),
    },
  };
}
