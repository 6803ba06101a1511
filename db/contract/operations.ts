/**
 * Every operation of the REST API: its route (as the endpoint file under site/pages/api names it), who may
 * call it, what it takes and what it answers. db/contract/openapi.ts turns this list into the OpenAPI
 * document; a test checks that every endpoint file is here, and the API tests validate responses against it.
 */
import { z } from '../validation/zod.ts';
import { adminContentInput } from '../catalog/validation/contents.ts';
import { reviewInput } from '../reviews/validation/reviews.ts';
import { saveInput, saveRestoreInput } from '../shelf/validation/saves.ts';
import { submissionInput } from '../submissions/validation/submissions.ts';
import {
  accountDeletionInput,
  adminUserInput,
  forgetPasswordInput,
  profileInput,
  resetPasswordInput,
  signInInput,
  signUpInput,
} from '../accounts/validation/users.ts';
import * as shapes from './shapes.ts';
import { prose } from './prose.ts';
import { tagChangeInput, tagInput, tagMergeInput } from '../catalog/validation/tags.ts';
import { TAG_KINDS, TAXONOMY } from '../catalog/taxonomy.ts';
import { ADDRESS_ORDER, type Facet } from '../catalog/facets.ts';
import { rejectionInput } from '../submissions/validation/rejection.ts';
import { listChangeInput, listInput, listItemInput, listNoteInput, listOrderInput, listUnpublishInput, progressInput } from '../shelf/validation/lists.ts';
import { reviewReportInput } from '../reviews/validation/review-reports.ts';
import { submissionBulkInput } from '../submissions/validation/submission-bulk.ts';
import { AUDIT_LIST } from '../validation/list-query.ts';
import { bookmarkOfferInput } from '../imports/validation/bookmarks.ts';
import { digestInput, followInput } from '../shelf/validation/follows.ts';

/** Who may call: anyone; anyone, naming a session with its token or cookie ('session': sign-out); a signed-in user; an admin. */
export type Access = 'public' | 'session' | 'user' | 'admin';

export interface QueryParameter {
  name: string;
  description: string;
  schema: Record<string, unknown>;
  example?: unknown;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route as the file under site/pages names it: /api/users/[id]. */
  route: string;
  summary: string;
  description?: string;
  group:
    | 'Reference'
    | 'Catalog'
    | 'Accounts'
    | 'Saves and reviews'
    | 'Lists and progress'
    | 'Following'
    | 'Submissions'
    | 'Admin: contents'
    | 'Admin: users'
    | 'Admin: submissions'
    | 'Admin: tags'
    | 'Admin: reviews'
    | 'Admin: audit'
    | 'Admin: dashboard';
  access: Access;
  query?: QueryParameter[];
  /** A JSON body (its zod schema, as the endpoint validates it), a multipart image upload, or a browser's bookmark file. */
  body?: { schema: z.ZodType; name: string; example?: unknown; optional?: boolean } | 'multipart' | 'bookmark-file';
  /** The success answer: its status and shape. */
  ok: { status: 200 | 201 | 303; schema: z.ZodType; description: string };
  /** The answer carries an ETag, and a request holding it in If-None-Match gets 304 with no body. */
  revalidatable?: true;
  /** The answer sets the session cookie (Set-Cookie) beside the token it carries. */
  setsCookie?: true;
  /** It clears the session cookie on every answer, a failure too (sign-out). */
  clearsCookie?: true;
  /** Its success clears the session cookie (the account is gone). */
  endsSession?: true;
  /** The answer is a file to download: Content-Disposition names it. */
  attachment?: true;
  /** Other media types the success answer may take, beside JSON (a CSV or HTML file; a stream of progress lines). */
  alsoAs?: Record<string, string>;
  /** Failures beyond what the access level and a body imply (those are added by the generator). */
  errors?: Array<400 | 401 | 403 | 404 | 409 | 413 | 429 | 503>;
}

const PAGE: QueryParameter = {
  name: 'page',
  description: 'The page, from 1; anything else is page 1, past the end the last page',
  schema: { type: 'integer', minimum: 1 },
  example: 1,
};
/** The admin lists' one convention (db/validation/list-query.ts): these, plus each list's filters. */
const LIST: QueryParameter[] = [
  PAGE,
  { name: 'pageSize', description: 'Rows a page, 1–100 (clamped; default 10)', schema: { type: 'integer', minimum: 1, maximum: 100 }, example: 25 },
  { name: 'search', description: 'Text to find (at most 200 characters are used; empty is none)', schema: { type: 'string' }, example: 'python' },
  { name: 'sort', description: 'The column to sort by; anything else is the default', schema: { type: 'string' } },
  { name: 'order', description: 'asc or desc; anything else is the column’s natural order', schema: { type: 'string', enum: ['asc', 'desc'] } },
];
const listFilter = (name: string, description: string, values?: readonly string[]): QueryParameter => ({
  name,
  description: `${description}; empty or unknown values are ignored`,
  schema: values ? { type: 'string', enum: [...values] } : { type: 'string' },
});

/** A facet's search parameter (db/catalog/facets.ts), described by its kind. */
function facetFilter(facet: Facet): QueryParameter {
  if (facet.kind === 'tags') {
    const example = TAXONOMY[facet.key][0]!.value;
    return {
      name: facet.key,
      description: `${facet.key} values (see /api/contents/filters): one, or several as repeated parameters or separated by commas, of which a result has any; a value renamed or merged away follows its tag; unknown values are ignored`,
      schema: { type: 'array', items: { type: 'string' } },
      example: [example],
    };
  }
  if (facet.kind === 'flag')
    return {
      name: facet.key,
      description: `${facet.labels.true} (true) or ${facet.labels.false.toLowerCase()} (false)`,
      schema: { type: 'string', enum: ['true', 'false', 'all'] },
    };
  if (facet.kind === 'atLeast')
    return {
      name: facet.key,
      description: `At least this many (${facet.title}): ${facet.steps.map(facet.stepLabel).join(', ')}`,
      schema: { type: 'integer', enum: [...facet.steps].sort() },
    };
  const values = facet.choices.map((choice) => choice.value);
  const named = facet.choices.map((choice) => (choice.label === choice.value ? choice.value : `${choice.value} (${choice.label})`)).join(', ');
  const unknown = facet.unknown === 'refuse' ? 'another value is a 400 naming them' : 'unknown values are ignored';
  return {
    name: facet.key,
    description: `One or more of ${named} (repeated, or separated by commas), of which a result has any; empty or all: any; ${unknown}`,
    schema: { type: 'array', items: { type: 'string', enum: [...values, 'all'] } },
  };
}

/** An approval's body: the admin's edits (any content field), and what becomes of the proposed tags. */
const approvalInput = adminContentInput.partial().extend({
  proposedTags: z
    .union([
      z.enum(['create', 'drop']),
      z.array(
        z.object({
          kind: shapes.tagKind,
          value: z.string().optional(),
          label: z.string().optional(),
          action: z.enum(['create', 'map', 'drop']).optional(),
          mapTo: z.union([z.string(), shapes.tag]).optional(),
        }),
      ),
    ])
    .optional()
    .meta({
      description: "'create' or 'drop' for every proposed tag, or a choice per tag; a tag not chosen for is dropped (or attached if it became a tag meanwhile)",
    }),
});

const withMessage = <T extends z.ZodObject>(schema: T, id: string) => schema.extend({ message: shapes.message.shape.message }).meta({ id });

export const OPERATIONS: Operation[] = [
  {
    method: 'GET',
    route: '/api/openapi.json',
    group: 'Reference',
    access: 'public',
    summary: 'This document',
    description: 'The OpenAPI 3.1 document of this API. A readable reference of it is at /api/docs.',
    ok: { status: 200, schema: z.looseObject({ openapi: z.literal('3.1.0') }).meta({ id: 'OpenApiDocument' }), description: 'The OpenAPI document' },
  },
  // The catalog
  {
    method: 'GET',
    route: '/api/contents/search',
    group: 'Catalog',
    access: 'public',
    revalidatable: true,
    summary: 'Search and filter the catalog',
    description: prose`
      Twelve contents a page, with facet counts. Words are matched on names, descriptions and tag labels
      (c++, c#, .net and node.js included); a misspelt word falls back to its closest known word
      (\`correctedTerm\`). Answers carry an ETag: send If-None-Match to get a 304.`,
    query: [
      { name: 'searchTerm', description: 'Words to find (at most 200 characters)', schema: { type: 'string' }, example: 'python' },
      ...ADDRESS_ORDER.map(facetFilter),
      {
        name: 'order',
        description: 'The order; by relevance when words are searched and no order is given',
        schema: { type: 'string', enum: ['latest', 'oldest', 'topRated', 'lowRated'] },
      },
      PAGE,
    ],
    ok: { status: 200, schema: shapes.searchResult, description: 'A page of results with the counts of every filter option' },
  },
  {
    method: 'GET',
    route: '/api/contents/suggest',
    group: 'Catalog',
    access: 'public',
    summary: 'Suggestions as you type: matching tags and resources',
    description: prose`
      At most 8: the tags whose label has a word starting with the words typed ("Subject: Machine Learning"),
      then the resources whose name does, the matched parts of each name given as offsets. Fewer than 2
      characters suggest nothing; the words are cut at 100 characters. Answered from memory, following the
      catalog's changes.`,
    query: [{ name: 'q', description: 'The words typed so far (any text; at most 100 characters are read)', schema: { type: 'string' }, example: 'mach' }],
    ok: { status: 200, schema: shapes.suggestions, description: 'The suggestions, tags first' },
  },
  {
    method: 'GET',
    route: '/api/contents/filters',
    group: 'Catalog',
    access: 'public',
    revalidatable: true,
    summary: 'The filter options some content carries',
    ok: { status: 200, schema: shapes.catalogFilters, description: 'Each kind’s tags, and the costs' },
  },
  {
    method: 'GET',
    route: '/api/contents/slug/[slug]',
    group: 'Catalog',
    access: 'public',
    revalidatable: true,
    summary: 'A content by its slug, with its reviews',
    ok: { status: 200, schema: shapes.contentWithReviews, description: 'The content and its reviews, newest first' },
    errors: [404],
  },
  {
    method: 'GET',
    route: '/api/test',
    group: 'Catalog',
    access: 'public',
    summary: 'A test call: example people (not real accounts)',
    ok: { status: 200, schema: shapes.testExample, description: 'Three example people' },
  },

  // Accounts
  {
    method: 'POST',
    route: '/api/users/signup',
    group: 'Accounts',
    access: 'public',
    summary: 'Create an account (and sign in)',
    body: { schema: signUpInput, name: 'SignUpInput', example: { name: 'Grace Hopper', email: 'grace@example.com', password: 'a-long-password' } },
    ok: { status: 201, schema: shapes.signedInUser, description: 'The new user with a session token (also set as the session cookie)' },
    setsCookie: true,
    errors: [409, 429],
  },
  {
    method: 'POST',
    route: '/api/users/signin',
    group: 'Accounts',
    access: 'public',
    summary: 'Sign in',
    description: prose`
      Failures are limited per client address and account, or per known device (the \`device\` cookie an earlier
      sign-in set) and account: 429 with Retry-After. After RATE_LIMIT_SIGNIN_SLOWDOWN failures from anywhere,
      the account's other attempts take turns, and one whose turn is more than 10 s away gets 429; a known
      device's attempts never wait for those turns.`,
    body: { schema: signInInput, name: 'SignInInput', example: { email: 'grace@example.com', password: 'a-long-password' } },
    ok: { status: 200, schema: shapes.signedInUser, description: 'The user with a session token (also set as the session cookie)' },
    setsCookie: true,
    errors: [401, 429],
  },
  {
    method: 'POST',
    route: '/api/users/signout',
    group: 'Accounts',
    access: 'session',
    clearsCookie: true,
    summary: 'End the session the token or cookie names',
    description: prose`
      A call naming no live session gets 401 saying so. A plain HTML form post is answered with 303 to
      /signin either way.`,
    ok: { status: 200, schema: shapes.message, description: 'Signed out' },
  },
  {
    method: 'POST',
    route: '/api/users/forget-password',
    group: 'Accounts',
    access: 'public',
    summary: 'Mail a password reset link',
    description: 'The same answer whether or not the email has an account.',
    body: { schema: forgetPasswordInput, name: 'ForgetPasswordInput', example: { email: 'grace@example.com' } },
    ok: { status: 200, schema: shapes.message, description: 'The reset link is on its way if the account exists' },
    errors: [429],
  },
  {
    method: 'POST',
    route: '/api/users/reset-password',
    group: 'Accounts',
    access: 'public',
    summary: 'Set a new password with a reset link’s token',
    body: { schema: resetPasswordInput, name: 'ResetPasswordInput', example: { token: 'the-token-from-the-mail', password: 'a-new-long-password' } },
    ok: { status: 200, schema: shapes.message, description: 'Password updated; every session of the account has ended' },
    errors: [404, 429],
  },
  {
    method: 'GET',
    route: '/api/users/profile',
    group: 'Accounts',
    access: 'user',
    summary: 'Your profile',
    ok: { status: 200, schema: shapes.profile, description: 'The signed-in user and their settings' },
  },
  {
    method: 'PUT',
    route: '/api/users/profile',
    group: 'Accounts',
    access: 'user',
    summary: 'Change your name, email, password or settings',
    description: prose`
      A blank password keeps the current one; a missing \`decisionMails\` keeps that setting. A new
      password ends every other session and answers a new token. A change of email or password needs
      \`currentPassword\` unless the session signed in within the last 15 minutes; given, it must be right
      whatever the change (a 400 naming \`currentPassword\`, counted against the account-change limit).`,
    body: { schema: profileInput, name: 'ProfileInput', example: { name: 'Grace Hopper', email: 'grace@example.com', password: '', decisionMails: true } },
    ok: { status: 200, schema: shapes.signedInProfile, description: 'The updated user and the session token to use from now on' },
    setsCookie: true,
    errors: [409, 429],
  },
  {
    method: 'DELETE',
    route: '/api/users/profile',
    group: 'Accounts',
    access: 'user',
    summary: 'Delete your account',
    description: prose`
      Confirmed by your current password (a wrong one is a 400 naming \`password\`; attempts count against
      RATE_LIMIT_ACCOUNT_CHANGE_USER). Your reviews are anonymised (kept under the name “Former member”, with
      their stars) or deleted, as \`reviews\` says; your submissions are kept without your name; your saves,
      sessions and link reports are deleted. The last admin cannot delete their account (409). The session
      ends, and its cookie is cleared.`,
    body: { schema: accountDeletionInput, name: 'AccountDeletionInput', example: { password: 'a-long-password', reviews: 'anonymise' } },
    ok: { status: 200, schema: shapes.message, description: 'Deleted' },
    endsSession: true,
    errors: [409, 429],
  },
  {
    method: 'GET',
    route: '/api/users/profile/export',
    group: 'Accounts',
    access: 'user',
    summary: 'Everything we hold about you, as a file',
    description: prose`
      Your account and settings, saves, reviews, submissions (with what became of each), the links you
      reported and your sessions (when each began and ends), as a JSON file to download
      (skillshelf-export-YYYY-MM-DD.json). Never a password, a token or their hashes. Never cached.`,
    ok: { status: 200, schema: shapes.accountExport, description: 'The export, as an attachment' },
    attachment: true,
  },

  // Saves and reviews
  {
    method: 'POST',
    route: '/api/users/save',
    group: 'Saves and reviews',
    access: 'user',
    summary: 'Save a content, or unsave it if saved (a toggle)',
    description: 'Prefer PUT / DELETE /api/users/saves/{id}, which say the state wanted and are safe to retry.',
    body: { schema: saveInput, name: 'SaveInput', example: { contentId: 'k3x9q2mzv8d1' } },
    ok: { status: 200, schema: shapes.userSaves, description: 'Your saves after the change' },
    errors: [404],
  },
  {
    method: 'GET',
    route: '/api/users/saves/[id]',
    group: 'Saves and reviews',
    access: 'user',
    summary: 'The saves of the user {id} (yourself, or any user for an admin)',
    ok: { status: 200, schema: shapes.userSaves, description: 'Their saves, newest first' },
    errors: [403, 404],
  },
  {
    method: 'PUT',
    route: '/api/users/saves/[id]',
    group: 'Saves and reviews',
    access: 'user',
    summary: 'Save the content {id}',
    description: prose`
      No body saves it now. \`savedAt\` (the date a removed save had, as the list answered it) restores it in its
      place in the list, as Undo does; a date in the future counts as now. Saving what is saved already changes
      nothing.`,
    body: { schema: saveRestoreInput, name: 'SaveRestore', example: { savedAt: '2026-11-23T10:15:00.000Z' }, optional: true },
    ok: { status: 200, schema: shapes.userSaves, description: 'Your saves (saving twice is the same as once)' },
    errors: [404],
  },
  {
    method: 'DELETE',
    route: '/api/users/saves/[id]',
    group: 'Saves and reviews',
    access: 'user',
    summary: 'Unsave the content {id}',
    ok: { status: 200, schema: shapes.userSaves, description: 'Your saves' },
  },
  {
    method: 'GET',
    route: '/api/contents/[id]/reviews/mine',
    group: 'Saves and reviews',
    access: 'user',
    summary: 'Your review of the content {id}, if any',
    ok: { status: 200, schema: z.object({ review: shapes.review.nullable() }).meta({ id: 'OwnReview' }), description: 'Your review, or null' },
  },
  {
    method: 'GET',
    route: '/api/reviews/mine',
    group: 'Saves and reviews',
    access: 'user',
    summary: 'The reviews you wrote, each with its content',
    description: 'Newest first, ten a page. Change or delete one with PUT / DELETE /api/reviews/{id}.',
    query: [PAGE],
    ok: { status: 200, schema: shapes.myReviewList, description: 'A page of your reviews' },
  },
  {
    method: 'GET',
    route: '/api/contents/[id]/report-link',
    group: 'Saves and reviews',
    access: 'user',
    summary: 'Whether you have reported the link of the content {id}',
    ok: {
      status: 200,
      schema: z.object({ reported: z.boolean() }).meta({ id: 'LinkReportState' }),
      description: 'Reported or not (the content’s current URL)',
    },
  },
  {
    method: 'POST',
    route: '/api/contents/[id]/report-link',
    group: 'Saves and reviews',
    access: 'user',
    summary: 'Report the link of the content {id} broken',
    description: prose`
      Once per user while the content keeps that URL (a second report is a 409); limited per account
      (RATE_LIMIT_LINK_REPORT_USER, 10 an hour). The link is checked at once, and the report shows in the
      admin’s contents list. No body.`,
    ok: { status: 201, schema: shapes.message, description: 'Reported' },
    errors: [404, 409, 429],
  },
  {
    method: 'DELETE',
    route: '/api/contents/[id]/report-link',
    group: 'Saves and reviews',
    access: 'user',
    summary: 'Withdraw your report of the link of the content {id}',
    description: prose`
      The Undo of a report: the report goes from the admin’s list (the check it asked for stays). Withdrawing
      when there is no report of yours is the same answer, so a retry is safe. No body.`,
    ok: { status: 200, schema: shapes.message, description: 'Withdrawn, or there was none' },
    errors: [404],
  },
  {
    method: 'PUT',
    route: '/api/reviews/[id]',
    group: 'Saves and reviews',
    access: 'user',
    summary: 'Change the review {id} (its author, or an admin)',
    description: prose`
      The rating and comment are replaced; the reviewer’s name and the date stay. Another user’s review is
      a 403 (an admin’s change is audited). Edits by the author count against RATE_LIMIT_REVIEW_USER.`,
    body: { schema: reviewInput, name: 'ReviewInput', example: { rating: 4, comment: 'Clear, if a little slow in the middle.' } },
    ok: { status: 200, schema: shapes.reviewResult, description: 'The review and the content’s new totals' },
    errors: [403, 404, 429],
  },
  {
    method: 'DELETE',
    route: '/api/reviews/[id]',
    group: 'Saves and reviews',
    access: 'user',
    summary: 'Delete the review {id} (its author, or an admin)',
    description: 'Another user’s review is a 403; an admin’s deletion is audited with what the review said.',
    ok: { status: 200, schema: shapes.reviewTotals, description: 'Deleted, with the content’s new totals' },
    errors: [403, 404],
  },
  {
    method: 'GET',
    route: '/api/contents/[id]/reviews/helpful',
    group: 'Saves and reviews',
    access: 'user',
    summary: 'The reviews of the content {id} you voted helpful',
    ok: { status: 200, schema: shapes.ownHelpfulVotes, description: 'Their ids (none: an empty list)' },
  },
  {
    method: 'PUT',
    route: '/api/reviews/[id]/helpful',
    group: 'Saves and reviews',
    access: 'user',
    summary: 'Vote the review {id} helpful',
    description: prose`
      One vote per user and review; voting again changes nothing. Your own review is a 403. The count is
      exact however many votes come at once, and the content’s page shows it at once. Votes, retractions and
      reports of reviews are limited per account (RATE_LIMIT_REVIEW_FEEDBACK_USER, 200 an hour). No body.`,
    ok: { status: 200, schema: shapes.helpfulVote, description: 'The review’s helpful count with your vote' },
    errors: [403, 404, 429],
  },
  {
    method: 'DELETE',
    route: '/api/reviews/[id]/helpful',
    group: 'Saves and reviews',
    access: 'user',
    summary: 'Take back your helpful vote on the review {id}',
    description: 'Taking back a vote you did not give is the same answer, so a retry is safe. Your own review is a 403.',
    ok: { status: 200, schema: shapes.helpfulVote, description: 'The review’s helpful count without your vote' },
    errors: [403, 404, 429],
  },
  {
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
    ok: { status: 201, schema: shapes.message, description: 'Reported' },
    errors: [403, 404, 409, 429],
  },
  {
    method: 'POST',
    route: '/api/contents/[id]/reviews',
    group: 'Saves and reviews',
    access: 'user',
    summary: 'Review the content {id} (once per user)',
    body: { schema: reviewInput, name: 'ReviewInput', example: { rating: 5, comment: 'Clear and well paced.' } },
    ok: { status: 201, schema: shapes.reviewResult, description: 'The review and the content’s new totals' },
    errors: [404, 409, 429],
  },

  // Submissions
  {
    method: 'GET',
    route: '/api/submissions/mine',
    group: 'Submissions',
    access: 'user',
    summary: 'Your submissions and what became of each',
    description: 'Newest first, ten a page: pending, approved (with the content it became) or rejected.',
    query: [
      PAGE,
      {
        name: 'status',
        description: 'Only the submissions in this state; anything else lists all',
        schema: { type: 'string', enum: ['pending', 'approved', 'rejected'] },
      },
    ],
    ok: { status: 200, schema: shapes.ownSubmissionList, description: 'A page of your submissions, with the count in each state' },
  },
  {
    method: 'GET',
    route: '/api/submissions/check',
    group: 'Submissions',
    access: 'user',
    summary: 'Whether a link may be submitted',
    description: prose`
      With the same normalisation as the duplicate refusal of /api/submissions/create (scheme, www.,
      trailing slash, tracking parameters and query order do not count). Limited per account
      (RATE_LIMIT_SUBMISSION_CHECK_USER, 300 an hour).`,
    query: [{ name: 'url', description: 'The link, an http(s) URL', schema: { type: 'string' }, example: 'https://roadmap.sh/' }],
    ok: { status: 200, schema: shapes.urlCheck, description: 'listed (with the content), pending, rejected (with the reason) or new' },
    errors: [429],
  },
  {
    method: 'POST',
    route: '/api/submissions/create',
    group: 'Submissions',
    access: 'user',
    summary: 'Submit a link for the catalog',
    description: prose`
      Only the URL is required; the name is made from it when blank. Cost and certificate left blank are
      stored as not given.`,
    body: {
      schema: submissionInput,
      name: 'SubmissionInput',
      example: { url: 'https://roadmap.sh/', name: '', category: [], techStack: [], type: [], cost: '', hasCert: '', description: '' },
    },
    ok: { status: 201, schema: withMessage(shapes.submission, 'SubmissionCreated'), description: 'The submission, pending' },
    errors: [409, 429],
  },

  // Admin
  {
    method: 'GET',
    route: '/api/dashboard/summary',
    group: 'Admin: dashboard',
    access: 'admin',
    summary: 'Counts for the dashboard',
    ok: { status: 200, schema: shapes.dashboardSummary, description: 'Totals and contents per tag' },
  },
  {
    method: 'GET',
    route: '/api/contents/admin',
    group: 'Admin: contents',
    access: 'admin',
    summary: 'Contents and drafts: searched, filtered, sorted and paged',
    description: prose`
      \`search\` is the catalog’s full-text search (or a content id); sort by \`created\` (default, newest
      first), \`name\` or \`cost\`.`,
    query: [
      ...LIST,
      listFilter('status', 'Only drafts or only published contents', ['draft', 'published']),
      listFilter('category', 'Only contents of this category value'),
      listFilter('cost', 'Only contents of this cost', ['Free', 'Paid', 'Free/Paid']),
      listFilter('link', 'Only published contents whose link is broken, permanently moved, or reported by users', ['broken', 'moved', 'reported']),
    ],
    ok: { status: 200, schema: shapes.contentList, description: 'A page of contents, each with its link’s health' },
  },
  {
    method: 'POST',
    route: '/api/contents/[id]/accept-redirect',
    group: 'Admin: contents',
    access: 'admin',
    summary: 'Make the address the link permanently redirects to its URL',
    description: prose`
      The link checker found that the content’s link answers a permanent redirect (301, 308) to a working
      page (\`link.movedTo\` in the admin list): that address becomes the URL. No body.`,
    ok: { status: 200, schema: shapes.content, description: 'The content with its new URL' },
    errors: [404, 409],
  },
  {
    method: 'POST',
    route: '/api/contents',
    group: 'Admin: contents',
    access: 'admin',
    summary: 'Create an empty draft to edit',
    description: 'The body, if any, is ignored. The draft is published when saved with every required field.',
    ok: {
      status: 201,
      schema: shapes.content.extend({ message: z.string(), content: shapes.content }).meta({ id: 'ContentCreated' }),
      description: 'The draft, at the top level and as `content`',
    },
  },
  {
    method: 'GET',
    route: '/api/contents/[id]',
    group: 'Admin: contents',
    access: 'admin',
    summary: 'A content or draft by id',
    ok: { status: 200, schema: shapes.content, description: 'The content' },
    errors: [404],
  },
  {
    method: 'PUT',
    route: '/api/contents/[id]',
    group: 'Admin: contents',
    access: 'admin',
    summary: 'Save a content (a complete draft is published)',
    description:
      'An `image` given by another site’s address is never stored or answered as such: it is fetched (through the server’s outbound policy) and kept on this site, and until then the content shows its letter tile.',
    body: { schema: adminContentInput, name: 'ContentInput' },
    ok: { status: 200, schema: shapes.content, description: 'The saved content' },
    errors: [404, 409],
  },
  {
    method: 'DELETE',
    route: '/api/contents/[id]',
    group: 'Admin: contents',
    access: 'admin',
    summary: 'Delete a content or draft',
    ok: { status: 200, schema: shapes.message, description: 'Deleted' },
    errors: [404],
  },
  {
    method: 'POST',
    route: '/api/upload',
    group: 'Admin: contents',
    access: 'admin',
    summary: 'Upload an image (multipart/form-data, field `file`)',
    body: 'multipart',
    ok: { status: 201, schema: shapes.upload, description: 'Where the image is served' },
    errors: [413, 429],
  },
  {
    method: 'GET',
    route: '/api/users/admin',
    group: 'Admin: users',
    access: 'admin',
    summary: 'Users: searched, filtered, sorted and paged',
    description: prose`
      \`search\` finds a name or email containing the text; sort by \`created\` (default, newest first),
      \`name\` or \`email\`.`,
    query: [...LIST, listFilter('role', 'Only admins or only users', ['admin', 'user'])],
    ok: { status: 200, schema: shapes.userList, description: 'A page of users' },
  },
  {
    method: 'GET',
    route: '/api/users/[id]',
    group: 'Admin: users',
    access: 'admin',
    summary: 'A user',
    ok: { status: 200, schema: shapes.publicUser, description: 'The user' },
    errors: [404],
  },
  {
    method: 'PUT',
    route: '/api/users/[id]',
    group: 'Admin: users',
    access: 'admin',
    summary: 'Change a user’s name, email or admin role',
    body: { schema: adminUserInput, name: 'AdminUserInput', example: { name: 'Grace Hopper', email: 'grace@example.com', isAdmin: 'false' } },
    ok: { status: 200, schema: shapes.publicUser, description: 'The user' },
    errors: [404, 409],
  },
  {
    method: 'DELETE',
    route: '/api/users/[id]',
    group: 'Admin: users',
    access: 'admin',
    summary: 'Delete a user (not yourself)',
    ok: { status: 200, schema: shapes.message, description: 'Deleted' },
    errors: [404, 409],
  },
  {
    method: 'GET',
    route: '/api/submissions/admin',
    group: 'Admin: submissions',
    access: 'admin',
    summary: 'Submissions: the queue by default; searched, filtered, sorted and paged',
    description: prose`
      \`search\` finds a name or URL containing the text; sort by \`created\` (default, oldest first),
      \`name\` or \`decided\`.`,
    query: [...LIST, listFilter('status', 'Which submissions: pending (default), approved, rejected or all', ['pending', 'approved', 'rejected', 'all'])],
    ok: { status: 200, schema: shapes.submissionList, description: 'A page of the queue' },
  },
  {
    method: 'POST',
    route: '/api/submissions/bulk',
    group: 'Admin: submissions',
    access: 'admin',
    summary: 'Approve, reject or delete many submissions',
    description: prose`
      The chosen \`ids\`, or every submission the list’s \`filter\` matches (the parameters of GET
      /api/submissions/admin, resolved here; at most 500). Each is decided on its own with the single
      action’s rules, so one refusal does not stop the others; approving drops proposed tags; deleting
      removes the record for good without telling the submitter. A rejection takes \`reason\` and \`note\`
      as a single one does.`,
    body: { schema: submissionBulkInput, name: 'SubmissionBulkInput', example: { action: 'reject', ids: ['6651f0c2a1b2c3d4e5f60718'], reason: 'spam' } },
    ok: { status: 200, schema: shapes.submissionBulkResult, description: 'What became of each' },
  },
  {
    method: 'GET',
    route: '/api/submissions/[id]',
    group: 'Admin: submissions',
    access: 'admin',
    summary: 'A submission',
    ok: {
      status: 200,
      schema: shapes.submissionForReview,
      description: prose`
      The submission and what became of it; a pending one with the blanks an approval fills filled in
      (\`suggested\` names them)`,
    },
    errors: [404],
  },
  {
    method: 'POST',
    route: '/api/submissions/[id]',
    group: 'Admin: submissions',
    access: 'admin',
    summary: 'Approve a submission (with the admin’s edits, if any)',
    description: 'An empty body approves it as submitted, with the defaults for what was not given.',
    body: {
      schema: approvalInput,
      name: 'ApprovalInput',
      optional: true,
      example: { cost: 'Free', proposedTags: [{ kind: 'techStack', value: 'elixir', action: 'create' }] },
    },
    ok: { status: 201, schema: shapes.approval, description: 'The content it became, and what became of the proposed tags' },
    errors: [404, 409],
  },
  {
    method: 'DELETE',
    route: '/api/submissions/[id]',
    group: 'Admin: submissions',
    access: 'admin',
    summary: 'Reject a submission (it is kept as rejected)',
    description: prose`
      The body, optional, says why: a \`reason\` of the fixed set and a \`note\` to the submitter (at most
      500 characters), either may be left out. The submitter sees them on their submissions page and in
      the mail of the decision.`,
    body: {
      schema: rejectionInput,
      name: 'RejectionInput',
      optional: true,
      example: { reason: 'off-topic', note: 'We list computer-science resources only.' },
    },
    ok: {
      status: 200,
      schema: shapes.message.extend({ status: shapes.submission.shape.status }).meta({ id: 'Rejection' }),
      description: 'Rejected (or already decided: nothing changed)',
    },
    errors: [404],
  },
  {
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
      listFilter('status', 'Only active or only retired tags', ['active', 'retired']),
    ],
    ok: { status: 200, schema: shapes.tagUsageList, description: 'A page of tags' },
  },
  {
    method: 'POST',
    route: '/api/tags',
    group: 'Admin: tags',
    access: 'admin',
    summary: 'Add a tag',
    body: { schema: tagInput, name: 'TagInput', example: { kind: 'techStack', label: 'Elixir' } },
    ok: { status: 201, schema: withMessage(shapes.tagUsage, 'TagCreated'), description: 'The new tag, offered at once' },
    errors: [409],
  },
  {
    method: 'PUT',
    route: '/api/tags/[id]',
    group: 'Admin: tags',
    access: 'admin',
    summary: 'Rename, retire or restore a tag',
    description: prose`
      A new label renames the tag on every content; if its value changes, old links answer 301 to the new
      one.`,
    body: { schema: tagChangeInput, name: 'TagChangeInput', example: { label: 'JavaScript' } },
    ok: { status: 200, schema: shapes.tagUsage, description: 'The tag after the change' },
    errors: [404, 409],
  },
  {
    method: 'POST',
    route: '/api/tags/[id]/merge',
    group: 'Admin: tags',
    access: 'admin',
    summary: 'Merge a tag into another of its kind',
    body: { schema: tagMergeInput, name: 'TagMergeInput', example: { into: 'react' } },
    ok: { status: 200, schema: shapes.tagUsage, description: 'The tag merged into, with its new count' },
    errors: [404],
  },
  {
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
      listFilter('rating', 'Only the reviews with this many stars', ['1', '2', '3', '4', '5']),
      listFilter('reported', 'Only the reviews whose reports wait for an admin', ['yes']),
    ],
    ok: { status: 200, schema: shapes.adminReviewList, description: 'A page of reviews, each with its content' },
  },
  {
    method: 'DELETE',
    route: '/api/reviews/[id]/reports',
    group: 'Admin: reviews',
    access: 'admin',
    summary: 'Dismiss the reports of the review {id}',
    description: 'The review stays as it is; the reports go, and the dismissal is audited with what they said.',
    ok: { status: 200, schema: shapes.message, description: 'Dismissed' },
    errors: [404],
  },
  {
    method: 'GET',
    route: '/api/audit/admin',
    group: 'Admin: audit',
    access: 'admin',
    summary: 'The audit log: every admin change, searched, filtered, sorted and paged',
    description: prose`
      \`search\` finds the text in the target (\`type:id\`) or the details; sort by \`at\` (default, newest
      first), \`action\` or \`admin\` (their label).`,
    query: [
      ...LIST,
      listFilter('action', 'Only the entries of this action', AUDIT_LIST.filters.action),
      listFilter('admin', "Only the entries of this admin (an entry's `admin.id`)"),
    ],
    ok: { status: 200, schema: shapes.auditList, description: 'A page of audit entries, newest first unless sorted otherwise' },
  },
  // Lists and progress (decision 033)
  {
    method: 'GET',
    route: '/api/lists',
    group: 'Lists and progress',
    access: 'user',
    summary: 'Your lists, newest first',
    description:
      'The admin lists’ convention: sort by `created`, `updated` or `name`; `search` in the names; all on one page unless `pageSize` says fewer (at most 100 lists a user).',
    query: [...LIST, listFilter('visibility', 'Only public or only private lists', ['public', 'private'])],
    ok: { status: 200, schema: shapes.ownLists, description: 'Your lists, each with its contents’ ids in order' },
  },
  {
    method: 'POST',
    route: '/api/lists',
    group: 'Lists and progress',
    access: 'user',
    summary: 'Make a list',
    description: 'Private unless `isPublic`; its public page is /lists/{slug}. At most 100 lists a user (409 past it).',
    body: { schema: listInput, name: 'ListInput', example: { name: 'Rust in 30 days', description: 'One chapter a day' } },
    ok: { status: 201, schema: shapes.learnerList, description: 'The new list' },
    errors: [409],
  },
  {
    method: 'GET',
    route: '/api/lists/[id]',
    group: 'Lists and progress',
    access: 'public',
    summary: 'A list with its items in order',
    description:
      'Anyone may read a public list; a private one only its owner (a 404 to anyone else), and the admins one an admin unpublished (`unpublished` says why).',
    ok: { status: 200, schema: shapes.learnerList, description: 'The list' },
    errors: [404],
  },
  {
    method: 'PUT',
    route: '/api/lists/[id]',
    group: 'Lists and progress',
    access: 'user',
    summary: 'Change your list: its name, description, or whether it is public',
    description:
      'A list an admin unpublished (its `unpublished` is set) stays private until an admin lifts it: `isPublic: true` is then a 409 whose message gives the admin’s reason, and nothing is changed.',
    body: { schema: listChangeInput, name: 'ListChange', example: { isPublic: true } },
    ok: { status: 200, schema: shapes.learnerList, description: 'The list as changed' },
    errors: [404, 409],
  },
  {
    method: 'DELETE',
    route: '/api/lists/[id]',
    group: 'Lists and progress',
    access: 'user',
    summary: 'Delete your list',
    ok: { status: 200, schema: shapes.message, description: 'Deleted' },
    errors: [404],
  },
  {
    method: 'POST',
    route: '/api/lists/[id]/copy',
    group: 'Lists and progress',
    access: 'user',
    summary: 'Copy a list you may read into a new private list of yours',
    description: 'The copy of your list that an admin unpublished is unpublished alike, with the same reason.',
    ok: { status: 201, schema: shapes.learnerList, description: 'Your copy, with the same items and notes' },
    errors: [404, 409],
  },
  {
    method: 'POST',
    route: '/api/lists/[id]/items',
    group: 'Lists and progress',
    access: 'user',
    summary: 'Add a content at the end of your list',
    description: 'Adding a content the list holds changes nothing. At most 500 items a list (409 past it).',
    body: { schema: listItemInput, name: 'ListItemInput', example: { contentId: 'k3x9q2mzv8d1', note: 'Chapters 1–3' } },
    ok: { status: 200, schema: shapes.learnerList, description: 'The list' },
    errors: [404, 409],
  },
  {
    method: 'PUT',
    route: '/api/lists/[id]/items/[contentId]',
    group: 'Lists and progress',
    access: 'user',
    summary: 'Change the note of an item of your list (up to 500 characters; empty removes it)',
    body: { schema: listNoteInput, name: 'ListNote', example: { note: 'Skip the first video' } },
    ok: { status: 200, schema: shapes.learnerList, description: 'The list' },
    errors: [404],
  },
  {
    method: 'DELETE',
    route: '/api/lists/[id]/items/[contentId]',
    group: 'Lists and progress',
    access: 'user',
    summary: 'Take a content out of your list',
    ok: { status: 200, schema: shapes.learnerList, description: 'The list' },
    errors: [404],
  },
  {
    method: 'PUT',
    route: '/api/lists/[id]/order',
    group: 'Lists and progress',
    access: 'user',
    summary: 'Put your list in a new order',
    description: 'Every content of the list, each once, in the order wanted; anything else is a 400 and changes nothing.',
    body: { schema: listOrderInput, name: 'ListOrder', example: { contentIds: ['k3x9q2mzv8d1', 'a1b2c3d4e5f6'] } },
    ok: { status: 200, schema: shapes.learnerList, description: 'The list in its new order' },
    errors: [404],
  },
  {
    method: 'POST',
    route: '/api/lists/[id]/unpublish',
    group: 'Lists and progress',
    access: 'admin',
    summary: 'Take a list off the site, saying why (audited)',
    description:
      'The list stays its owner’s, private, and its owner reads the reason (`unpublished`); neither they nor a copy of it may be made public until an admin lifts it (DELETE). A private list is held the same way.',
    body: { schema: listUnpublishInput, name: 'ListUnpublish', example: { reason: 'Links to pirated copies of paid courses' } },
    ok: { status: 200, schema: shapes.learnerList, description: 'The list, private and unpublished' },
    errors: [400, 404],
  },
  {
    method: 'DELETE',
    route: '/api/lists/[id]/unpublish',
    group: 'Lists and progress',
    access: 'admin',
    summary: 'Lift an admin’s unpublishing of a list (audited)',
    description: 'The list stays private; its owner may make it public again. A list that is not unpublished is a 404.',
    ok: { status: 200, schema: shapes.learnerList, description: 'The list, private, no longer unpublished' },
    errors: [404],
  },
  {
    method: 'GET',
    route: '/api/users/progress',
    group: 'Lists and progress',
    access: 'user',
    summary: 'Where you stand with each content you marked',
    ok: { status: 200, schema: shapes.userProgress, description: 'Your progress' },
  },
  {
    method: 'PUT',
    route: '/api/users/progress/[id]',
    group: 'Lists and progress',
    access: 'user',
    summary: 'Mark the content {id}: Want to learn, Learning or Done',
    description: 'Learning or Done saves the content too, if it was not saved.',
    body: { schema: progressInput, name: 'ProgressInput', example: { state: 'learning' } },
    ok: { status: 200, schema: shapes.progressChange, description: 'Your progress and saves' },
    errors: [404],
  },
  {
    method: 'DELETE',
    route: '/api/users/progress/[id]',
    group: 'Lists and progress',
    access: 'user',
    summary: 'Clear your mark on the content {id}',
    ok: { status: 200, schema: shapes.progressChange, description: 'Your progress and saves' },
  },
  {
    method: 'GET',
    route: '/api/bookmarks/export',
    group: 'Lists and progress',
    access: 'user',
    summary: 'Your saves, lists and progress as a file',
    description:
      '`format`: `json` (the default; anything else is JSON), `csv` (a row for each item of each list and each save in no list; no cell starts a spreadsheet formula) or `html` (a browser’s bookmark file: each list a folder, each save in no list at the top level).',
    query: [
      { name: 'format', description: 'json, csv or html; anything else is json', schema: { type: 'string', enum: ['json', 'csv', 'html'] }, example: 'html' },
    ],
    ok: { status: 200, schema: shapes.bookmarkExport, description: 'The file, as an attachment' },
    alsoAs: { 'text/csv': 'The CSV file', 'text/html': 'The bookmark file (`<!DOCTYPE NETSCAPE-Bookmark-file-1>`)' },
    attachment: true,
  },
  {
    method: 'POST',
    route: '/api/bookmarks/import',
    group: 'Lists and progress',
    access: 'user',
    summary: 'Import a browser’s bookmark file',
    description:
      'The file (at most 20 MB and 10,000 links) as the body, or as the field `file` of a multipart form. Links the catalog lists become saves, and items of the list named as their folder (an existing list of that name, else a new private one); all is written at once or not at all. The others are answered in `offered`, to submit with POST /api/bookmarks/submit. With `Accept: application/x-ndjson` the answer streams a line per step, `{phase, done, total}`, and ends with `{result}` (this answer) or `{error}`.',
    body: 'bookmark-file',
    ok: { status: 200, schema: shapes.bookmarkImport, description: 'What was imported, and what is offered for submission' },
    alsoAs: { 'application/x-ndjson': 'Progress lines, then `{result}` or `{error: {status, message}}`' },
  },
  {
    method: 'POST',
    route: '/api/bookmarks/submit',
    group: 'Lists and progress',
    access: 'user',
    summary: 'Submit links an import offered',
    description:
      'Each link as the submit form sends it, one after another, with its checks, duplicate refusal and hourly limit: once the limit is reached the rest are `not-sent`, and `retryAfter` says when to try again. At most 500 links a call.',
    body: {
      schema: bookmarkOfferInput,
      name: 'BookmarkOfferInput',
      example: { links: [{ url: 'https://rust-exercises.example.org/', name: 'Rust exercises' }] },
    },
    ok: { status: 200, schema: shapes.bookmarkOffer, description: 'Each link’s outcome' },
  },
  // Following tags and the weekly digest (decision 036)
  {
    method: 'GET',
    route: '/api/follows',
    group: 'Following',
    access: 'user',
    summary: 'The tags you follow, with what is new in each',
    description:
      'The admin lists’ convention: sort by `followed`, `name` or `new`; `search` in the labels; `kind` filters; all on one page unless `pageSize` says fewer. `newCount` counts the contents added since you last opened your Following page (POST /api/follows/seen).',
    query: [...LIST, listFilter('kind', 'Only tags of this kind', TAG_KINDS)],
    ok: { status: 200, schema: shapes.follows, description: 'Your follows and your digest setting' },
  },
  {
    method: 'PUT',
    route: '/api/follows/[kind]/[value]',
    group: 'Following',
    access: 'user',
    summary: 'Follow the tag {value} of the kind {kind} (category, techStack or type)',
    description:
      'Following a tag you follow changes nothing. `digest` (optional) answers the question asked at your first follow: a weekly mail of what is new. At most 200 tags (409 past it).',
    body: { schema: followInput, name: 'FollowInput', example: { digest: true }, optional: true },
    ok: { status: 200, schema: shapes.follows, description: 'Your follows' },
    errors: [404, 409],
  },
  {
    method: 'DELETE',
    route: '/api/follows/[kind]/[value]',
    group: 'Following',
    access: 'user',
    summary: 'Unfollow the tag',
    ok: { status: 200, schema: shapes.follows, description: 'Your follows' },
    errors: [404],
  },
  {
    method: 'PUT',
    route: '/api/follows/digest',
    group: 'Following',
    access: 'user',
    summary: 'Turn the weekly digest of your follows on or off',
    description: 'Each digest mail also carries a one-click unsubscribe link (RFC 8058) that works without signing in: /unsubscribe?token=….',
    body: { schema: digestInput, name: 'DigestInput', example: { weekly: true } },
    ok: { status: 200, schema: shapes.digestSetting, description: 'Your digest setting' },
  },
  {
    method: 'POST',
    route: '/api/follows/seen',
    group: 'Following',
    access: 'user',
    summary: 'Mark what is new in your follows as seen (your Following page does it when it opens)',
    ok: { status: 200, schema: shapes.message, description: 'Seen' },
  },
];
