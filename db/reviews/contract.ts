/**
 * The reviews' part of the REST contract: a review as the API answers it (on a content's page, in its
 * author's list, in the admin's reviews table), helpful votes and the content page with its reviews; and
 * the operations that answer them, reports of reviews and their dismissal included.
 */
import { z } from '../validation/zod.ts';
import { adminPaging, id, isoDate, message, paging } from '../contract/shapes.ts';
import { REVIEW_LIST } from './validation/review-list.ts';
import { LIST, listFilter, PAGE, type Operation } from '../contract/operation.ts';
import { prose } from '../contract/prose.ts';
import { content, contentRef, learners } from '../catalog/contract.ts';
import { reviewInput } from './validation/reviews.ts';
import { reviewReportInput } from './validation/review-reports.ts';

export const review = z
  .object({
    _id: id,
    name: z.string(),
    rating: z.int().min(1).max(5),
    comment: z.string(),
    helpful: z.int().min(0).meta({ description: 'How many users found it helpful' }),
    createdAt: isoDate,
  })
  .meta({ id: 'Review' });

/** A review as its author's list shows it (My Reviews): with the content it is about. */
export const myReview = review.extend({ content: contentRef }).meta({ id: 'MyReview' });
export const myReviewList = z
  .object({ ...paging, reviews: z.array(myReview).meta({ description: 'Newest first, ten a page' }) })
  .meta({ id: 'MyReviewList', description: 'A page of the reviews you wrote' });

export const contentWithReviews = content
  .extend({
    reviews: z
      .array(
        review.extend({
          finished: z.boolean().meta({ description: 'Its author marked the content done: “Finished it”' }),
        }),
      )
      .meta({ description: 'Newest first' }),
    learners,
  })
  .meta({ id: 'ContentWithReviews' });

export const reviewResult = z
  .object({
    review,
    numReviews: z.int(),
    numReview: z.int().meta({ description: 'The same as numReviews (an older name)' }),
    rating: z.number(),
  })
  .meta({ id: 'ReviewResult', description: 'The new review, and the content’s totals with it' });
export const reviewTotals = z
  .object({
    message: z.string(),
    numReviews: z.int(),
    numReview: z.int().meta({ description: 'The same as numReviews (an older name)' }),
    rating: z.number(),
  })
  .meta({ id: 'ReviewDeleted', description: 'Deleted, and the content’s totals without it' });

/** A review's "helpful" count after a vote or its retraction, and whether the caller's vote stands. */
export const helpfulVote = z
  .object({
    reviewId: id,
    helpful: z.int().min(0),
    voted: z.boolean().meta({ description: 'Whether your vote stands now' }),
  })
  .meta({ id: 'HelpfulVote' });
/** The reviews of one content the caller found helpful (the content page paints them: it is the same for everyone). */
export const ownHelpfulVotes = z
  .object({ reviewIds: z.array(id).meta({ description: 'The reviews of this content you voted helpful' }) })
  .meta({ id: 'OwnHelpfulVotes' });

/** The reports of one review, as the admin's reviews table shows them. */
const reviewReportSummary = z.object({
  count: z.int().min(0).meta({ description: 'Reports waiting (0: none, or dismissed)' }),
  reasons: z
    .array(z.object({ reason: z.string(), label: z.string(), count: z.int() }))
    .meta({ description: 'Each reason given, most given first' }),
});

/** A review as the admin's reviews table lists it: with its author's id, its content and its reports. */
const adminReviewRow = review.extend({
  userId: id
    .nullable()
    .meta({ description: 'Its author; null when they deleted their account and kept it anonymised ("Former member")' }),
  content: contentRef,
  reports: reviewReportSummary,
});
export const adminReviewList = z
  .object({
    ...adminPaging,
    content: z
      .object({ _id: id, name: z.string() })
      .nullable()
      .optional()
      .meta({ description: 'The content filtered on (null: it no longer exists)' }),
    reviews: z.array(adminReviewRow),
  })
  .meta({ id: 'AdminReviewList' });

export type ApiReviewShape = z.infer<typeof review>;
export type ContentWithReviewsShape = z.infer<typeof contentWithReviews>;
export type ReviewResultShape = z.infer<typeof reviewResult>;
export type ReviewTotalsShape = z.infer<typeof reviewTotals>;
export type AdminReviewRowShape = z.infer<typeof adminReviewRow>;
export type AdminReviewListShape = z.infer<typeof adminReviewList>;
export type HelpfulVoteShape = z.infer<typeof helpfulVote>;
export type OwnHelpfulVotesShape = z.infer<typeof ownHelpfulVotes>;
export type MyReviewShape = z.infer<typeof myReview>;
export type MyReviewListShape = z.infer<typeof myReviewList>;

export const REVIEW_OPERATIONS = {
  contentBySlug: {
    method: 'GET',
    route: '/api/contents/slug/[slug]',
    group: 'Catalog',
    access: 'public',
    revalidatable: true,
    summary: 'A content by its slug, with its reviews',
    ok: { status: 200, schema: contentWithReviews, description: 'The content and its reviews, newest first' },
    errors: [404],
  },
  myReviewOf: {
    method: 'GET',
    route: '/api/contents/[id]/reviews/mine',
    group: 'Saves and reviews',
    access: 'user',
    summary: 'Your review of the content {id}, if any',
    ok: {
      status: 200,
      schema: z.object({ review: review.nullable() }).meta({ id: 'OwnReview' }),
      description: 'Your review, or null',
    },
  },
  myReviews: {
    method: 'GET',
    route: '/api/reviews/mine',
    group: 'Saves and reviews',
    access: 'user',
    summary: 'The reviews you wrote, each with its content',
    description: 'Newest first, ten a page. Change or delete one with PUT / DELETE /api/reviews/{id}.',
    query: [PAGE],
    ok: { status: 200, schema: myReviewList, description: 'A page of your reviews' },
  },
  changeReview: {
    method: 'PUT',
    route: '/api/reviews/[id]',
    group: 'Saves and reviews',
    access: 'user',
    summary: 'Change the review {id} (its author, or an admin)',
    description: prose`
      The rating and comment are replaced; the reviewer’s name and the date stay. Another user’s review is
      a 403 (an admin’s change is audited). Edits by the author count against RATE_LIMIT_REVIEW_USER.`,
    body: {
      schema: reviewInput,
      name: 'ReviewInput',
      example: { rating: 4, comment: 'Clear, if a little slow in the middle.' },
    },
    ok: { status: 200, schema: reviewResult, description: 'The review and the content’s new totals' },
    errors: [403, 404, 429],
  },
  deleteReview: {
    method: 'DELETE',
    route: '/api/reviews/[id]',
    group: 'Saves and reviews',
    access: 'user',
    summary: 'Delete the review {id} (its author, or an admin)',
    description: 'Another user’s review is a 403; an admin’s deletion is audited with what the review said.',
    ok: { status: 200, schema: reviewTotals, description: 'Deleted, with the content’s new totals' },
    errors: [403, 404],
  },
  myHelpfulVotes: {
    method: 'GET',
    route: '/api/contents/[id]/reviews/helpful',
    group: 'Saves and reviews',
    access: 'user',
    summary: 'The reviews of the content {id} you voted helpful',
    ok: { status: 200, schema: ownHelpfulVotes, description: 'Their ids (none: an empty list)' },
  },
  voteHelpful: {
    method: 'PUT',
    route: '/api/reviews/[id]/helpful',
    group: 'Saves and reviews',
    access: 'user',
    summary: 'Vote the review {id} helpful',
    description: prose`
      One vote per user and review; voting again changes nothing. Your own review is a 403. The count is
      exact however many votes come at once, and the content’s page shows it at once. Votes, retractions and
      reports of reviews are limited per account (RATE_LIMIT_REVIEW_FEEDBACK_USER, 200 an hour). No body.`,
    ok: { status: 200, schema: helpfulVote, description: 'The review’s helpful count with your vote' },
    errors: [403, 404, 429],
  },
  retractHelpfulVote: {
    method: 'DELETE',
    route: '/api/reviews/[id]/helpful',
    group: 'Saves and reviews',
    access: 'user',
    summary: 'Take back your helpful vote on the review {id}',
    description:
      'Taking back a vote you did not give is the same answer, so a retry is safe. Your own review is a 403.',
    ok: { status: 200, schema: helpfulVote, description: 'The review’s helpful count without your vote' },
    errors: [403, 404, 429],
  },
  reportReview: {
    method: 'POST',
    route: '/api/reviews/[id]/report',
    group: 'Saves and reviews',
    access: 'user',
    summary: 'Report the review {id} to the admins',
    description: prose`
      With a reason: \`spam\`, \`abusive\`, \`off-topic\`, \`personal-data\` or \`other\`. Once per user and review
      (a second report is a 409); your own review is a 403. It shows in the admin’s reviews table
      (\`reported=yes\`) and on the dashboard until an admin dismisses the reports or deletes the review.`,
    body: { schema: reviewReportInput, name: 'ReviewReportInput', example: { reason: 'spam' } },
    ok: { status: 201, schema: message, description: 'Reported' },
    errors: [403, 404, 409, 429],
  },
  createReview: {
    method: 'POST',
    route: '/api/contents/[id]/reviews',
    group: 'Saves and reviews',
    access: 'user',
    summary: 'Review the content {id} (once per user)',
    body: { schema: reviewInput, name: 'ReviewInput', example: { rating: 5, comment: 'Clear and well paced.' } },
    ok: { status: 201, schema: reviewResult, description: 'The review and the content’s new totals' },
    errors: [404, 409, 429],
  },
  adminReviews: {
    method: 'GET',
    route: '/api/reviews/admin',
    group: 'Admin: reviews',
    access: 'admin',
    summary: 'Every review, with its content: searched, filtered, sorted and paged',
    description: prose`
      \`search\` finds the text in the comment, the reviewer’s name or the content’s name; sort by
      \`createdAt\` (default, newest first), \`rating\` (most stars first), \`name\` (the reviewer),
      \`content\` (its name) or \`reports\` (most reported first). Each row carries the reports waiting on it.
      Delete a review with DELETE /api/reviews/{id}; dismiss its reports with DELETE /api/reviews/{id}/reports.`,
    query: [
      ...LIST,
      listFilter('content', 'Only the reviews of this content (its id)'),
      listFilter('rating', 'Only the reviews with this many stars', REVIEW_LIST.filters.rating),
      listFilter('reported', 'Only the reviews whose reports wait for an admin', REVIEW_LIST.filters.reported),
    ],
    ok: { status: 200, schema: adminReviewList, description: 'A page of reviews, each with its content' },
  },
  dismissReviewReports: {
    method: 'DELETE',
    route: '/api/reviews/[id]/reports',
    group: 'Admin: reviews',
    access: 'admin',
    summary: 'Dismiss the reports of the review {id}',
    description: 'The review stays as it is; the reports go, and the dismissal is audited with what they said.',
    ok: { status: 200, schema: message, description: 'Dismissed' },
    errors: [404],
  },
} as const satisfies Record<string, Operation>;
