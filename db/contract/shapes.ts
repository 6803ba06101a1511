/**
 * What the REST API answers, as zod schemas: the one typed home of the API's data shapes. The services
 * build these values, the OpenAPI document (db/contract/openapi.ts) is generated from them, the API tests
 * validate every response against that document, and the browser imports the types (types only).
 */
import { z } from '../validation/zod.ts';
import { COSTS, TAG_KINDS } from '../catalog/taxonomy.ts';
import { FACETS, FIELD_FACETS, type ChoiceValue, type Facet, type FieldKey } from '../catalog/facets.ts';
import { REJECT_REASON_CODES, REJECT_REASONS } from '../submissions/validation/rejection.ts';
import { AUDIT_ACTION_NAMES } from '../validation/audit-actions.ts';

const isoDate = z.string().meta({ format: 'date-time', example: '2026-11-23T10:15:00.000Z' });
const id = z.string().meta({ description: 'An opaque id', example: 'k3x9q2mzv8d1' });

export const tag = z.object({ label: z.string(), value: z.string() }).meta({ id: 'Tag', example: { label: 'Data Science', value: 'data-science' } });
export const tagKind = z.enum(TAG_KINDS).meta({ id: 'TagKind' });

export const message = z.object({ message: z.string() }).meta({ id: 'Message' });

export const apiError = z
  .object({
    message: z.string().meta({ description: 'What went wrong, in words to show the user' }),
    code: z
      .enum([
        'VALIDATION',
        'UNAUTHENTICATED',
        'FORBIDDEN',
        'NOT_FOUND',
        'CONFLICT',
        'RATE_LIMITED',
        'TOO_LARGE',
        'BUSY',
        'METHOD_NOT_ALLOWED',
        'UNSUPPORTED_MEDIA_TYPE',
        'INTERNAL',
      ])
      .optional(),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .meta({
        description: 'A VALIDATION answer’s every problem, by the path of its field (`tags.0.label`); `message` is the first of them',
        example: { url: 'Website URL is required', name: 'Name is required' },
      }),
  })
  .meta({
    id: 'Error',
    description: 'Every 4xx and 5xx answer. 429 and 503 also carry a Retry-After header (seconds).',
    example: { message: 'Website URL is required', code: 'VALIDATION' },
  });

export const paging = {
  page: z.int().meta({ description: 'This page (the one asked for, within the pages that exist)' }),
  pages: z.int().meta({ description: 'How many pages in all (at least 1)' }),
  count: z.int().meta({ description: 'Rows before this page: a row’s number is its index + 1 + count' }),
  total: z.int().meta({ description: 'Rows in all' }),
};

/** The admin lists (GET /api/users/admin and the like) also say how many rows a page holds. */
export const adminPaging = { ...paging, pageSize: z.int().meta({ description: 'Rows a page holds (1–100)' }) };

/** The facets that are fields of their own (db/catalog/facets.ts FIELD_FACETS): a choice's value, or null when not specified. */
const facetFieldShapes = Object.fromEntries(
  FIELD_FACETS.map((facet) => [
    facet.key,
    z
      .enum(facet.choices.map((choice) => choice.value) as [string, ...string[]])
      .nullable()
      .meta({
        description: `${facet.field.label}: ${facet.choices.map((choice) => `\`${choice.value}\` (${choice.label})`).join(', ')}; null when not specified`,
      }),
  ]),
) as { [K in FieldKey]: z.ZodNullable<z.ZodEnum<{ [V in ChoiceValue<K>]: V }>> };

export const content = z
  .object({
    _id: id,
    status: z.enum(['draft', 'published']).meta({ description: 'Drafts are seen only by admins' }),
    name: z.string(),
    slug: z.string(),
    url: z.string(),
    image: z.string().meta({ description: 'An absolute URL: the uploaded image, or the generated letter tile' }),
    cost: z.enum(COSTS),
    category: z.array(tag),
    techStack: z.array(tag),
    type: z.array(tag),
    ...facetFieldShapes,
    hasCert: z.boolean(),
    description: z.string(),
    rating: z.number().meta({ description: 'The average of the reviews’ stars, 0 without reviews' }),
    numReviews: z.int(),
    createdAt: isoDate,
    updatedAt: isoDate,
  })
  .meta({ id: 'Content' });

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

/** A content as a list of the user's own things names it: enough to link to its page. */
export const contentRef = z.object({ _id: id, name: z.string(), slug: z.string() }).meta({ id: 'ContentRef' });

/** A review as its author's list shows it (My Reviews): with the content it is about. */
export const myReview = review.extend({ content: contentRef }).meta({ id: 'MyReview' });
export const myReviewList = z
  .object({ ...paging, reviews: z.array(myReview).meta({ description: 'Newest first, ten a page' }) })
  .meta({ id: 'MyReviewList', description: 'A page of the reviews you wrote' });

export const contentWithReviews = content.extend({ reviews: z.array(review).meta({ description: 'Newest first' }) }).meta({ id: 'ContentWithReviews' });

const counts = z.record(z.string(), z.int());
/** Each facet's counts (db/catalog/facets.ts): option → results; a flag's true and false. */
const facetCounts = Object.fromEntries(
  (FACETS as readonly Facet[]).map((facet) => [facet.key, facet.kind === 'flag' ? z.object({ true: z.int(), false: z.int() }) : counts]),
);
/** Each facet's parameter as applied: tag values or choices (several sorted and joined by commas), a flag's side, a step; 'all' when it does not filter. */
const facetParams = Object.fromEntries(
  (FACETS as readonly Facet[]).map((facet) => [
    facet.key,
    facet.kind === 'flag' ? z.enum(['true', 'false', 'all']) : facet.kind === 'atLeast' ? z.union([z.int(), z.literal('all')]) : z.string(),
  ]),
);
/** A filter option named by the search's words (db/catalog/search/query-facets.ts): a tag, a choice or a flag's side. */
export const suggestedFilter = z
  .object({
    key: z
      .enum((FACETS as readonly Facet[]).filter((facet) => facet.kind !== 'atLeast').map((facet) => facet.key) as [string, ...string[]])
      .meta({ description: 'The facet: the search parameter that applies it' }),
    value: z.string().meta({ description: 'The parameter’s value: a tag’s value, a choice, or `true` / `false` for a flag' }),
    label: z.string().meta({ description: 'What the option is called, as the filters show it' }),
  })
  .meta({ id: 'SuggestedFilter', example: { key: 'techStack', value: 'python', label: 'Python' } });
export const searchResult = z
  .object({
    contents: z.array(content),
    page: z.int(),
    pages: z.int(),
    countContents: z.int().meta({ description: 'How many contents match in all' }),
    facets: z.object(facetCounts).meta({ description: 'For each filter option, how many results it would give with the other filters kept' }),
    filters: z
      .object({
        searchTerm: z.string(),
        ...facetParams,
        order: z.enum(['latest', 'oldest', 'topRated', 'lowRated', 'relevance']),
        page: z.int(),
      })
      .meta({ description: 'The parameters as applied: anything not understood is its default ("all")' }),
    correctedTerm: z.string().optional().meta({ description: 'When a word is not in the catalog: the words searched instead (its closest spelling)' }),
    missingWords: z
      .array(z.string())
      .optional()
      .meta({ description: 'When no content holds every word: the words the best matches lack, shown as "Missing: …"' }),
    suggestedFilters: z.array(suggestedFilter).meta({
      description:
        'The filters the search’s words name (“free python course”: cost Free, the technology Python, the type Online Courses) that it does not filter on yet and that would leave at least one result, in the order the words name them, at most 5; empty without words',
    }),
  })
  .meta({ id: 'SearchResult' });

/** Per facet with a list (db/catalog/facets.ts): its options some content carries, as values or {value, label} pairs. */
const filterLists = Object.fromEntries(
  (FACETS as readonly Facet[]).flatMap((facet): Array<[string, z.ZodType]> => {
    if (facet.kind === 'tags') return [[facet.list, z.array(tag)]];
    if (facet.kind !== 'choice') return [];
    const values = z.enum(facet.choices.map((choice) => choice.value) as [string, ...string[]]);
    return [[facet.list, z.array(facet.listed === 'values' ? values : z.object({ value: values, label: z.string() }))]];
  }),
);
export const catalogFilters = z.object(filterLists).meta({ id: 'CatalogFilters', description: 'The options some content carries' });

export const publicUser = z.object({ _id: id, name: z.string(), email: z.string(), isAdmin: z.boolean() }).meta({ id: 'User' });
export const signedInUser = publicUser
  .extend({ token: z.string().meta({ description: 'The session token: send it as `Authorization: Bearer <token>`' }) })
  .meta({ id: 'SignedInUser' });
const settings = { decisionMails: z.boolean().meta({ description: 'Mailed when a moderator decides on a link you submitted' }) };
export const profile = publicUser.extend(settings).meta({ id: 'Profile', description: 'You, with your settings' });
export const signedInProfile = signedInUser.extend(settings).meta({ id: 'SignedInProfile' });

export const savedItem = z
  .object({
    _id: id,
    contentName: z.string(),
    contentSlug: z.string(),
    contentUrl: z.string(),
    name: z.string(),
    slug: z.string(),
    url: z.string(),
    savedAt: isoDate.meta({ description: 'When it was saved: the list is newest first' }),
  })
  .meta({ id: 'SavedItem', description: 'A saved content; `name`, `slug` and `url` repeat the content* fields' });
export const userSaves = z.object({ numSaves: z.int(), saves: z.array(savedItem).meta({ description: 'Newest first' }) }).meta({ id: 'UserSaves' });

/** A learner's progress with a content (decision 033). */
export const progressState = z.enum(['want', 'learning', 'done']).meta({ id: 'ProgressState', description: 'Want to learn, Learning or Done' });
export const progressEntry = z.object({ contentId: id, state: progressState, updatedAt: isoDate }).meta({ id: 'ProgressEntry' });
export const userProgress = z
  .object({ progress: z.array(progressEntry).meta({ description: 'Most recently changed first' }) })
  .meta({ id: 'UserProgress', description: 'Where you stand with each content you marked' });
export const progressChange = userProgress
  .extend({ saves: userSaves.meta({ description: 'Your saves: marking Learning or Done saves the content' }) })
  .meta({ id: 'ProgressChange' });

const listFields = {
  _id: id,
  slug: z.string().meta({ description: 'Its public page is /lists/{slug}' }),
  name: z.string(),
  description: z.string(),
  isPublic: z.boolean(),
  owner: z.object({ _id: id, name: z.string() }),
  numItems: z.int(),
  createdAt: isoDate,
  updatedAt: isoDate,
  unpublished: z
    .object({ reason: z.string().meta({ description: 'What the admin said, for its owner' }), at: isoDate })
    .nullable()
    .meta({ description: 'Set while an admin keeps the list off the site: it stays private until an admin lifts it' }),
};
/** A learner's list without its items (their lists' page). */
export const listSummary = z
  .object({
    ...listFields,
    contentIds: z.array(id).meta({ description: 'Its contents in order (for the progress bar and "Add to list…")' }),
    removedCount: z.int().meta({ description: 'Contents deleted from the catalog since its owner last looked (0 for others)' }),
  })
  .meta({ id: 'LearnerListSummary' });
export const listItem = z
  .object({ content, position: z.int().meta({ description: 'From 0' }), note: z.string(), addedAt: isoDate })
  .meta({ id: 'LearnerListItem' });
export const learnerList = z
  .object({ ...listFields, removedCount: listSummary.shape.removedCount, items: z.array(listItem).meta({ description: 'In the list’s order' }) })
  .meta({ id: 'LearnerList', description: 'A learner’s list with its items' });
export const ownLists = z
  .object({ ...adminPaging, lists: z.array(listSummary).meta({ description: 'Newest first unless sorted otherwise' }) })
  .meta({ id: 'OwnLists' });

/** A followed tag (decision 036), with what is new in it since its follower last opened their Following page. */
export const followedTag = z
  .object({
    kind: tagKind,
    value: z.string(),
    label: z.string(),
    followedAt: isoDate,
    newCount: z.int().meta({ description: 'Contents added since you last opened your Following page' }),
  })
  .meta({ id: 'FollowedTag' });
export const digestSetting = z
  .object({
    weekly: z.boolean().meta({ description: 'A weekly mail of what is new in the tags you follow' }),
    asked: z.boolean().meta({ description: 'Whether you were asked yet (at your first follow)' }),
  })
  .meta({ id: 'DigestSetting' });
export const follows = z
  .object({
    ...adminPaging,
    follows: z.array(followedTag).meta({ description: 'Most recently followed first unless sorted otherwise' }),
    digest: digestSetting,
  })
  .meta({ id: 'Follows' });

export const reviewResult = z
  .object({ review, numReviews: z.int(), numReview: z.int().meta({ description: 'The same as numReviews (an older name)' }), rating: z.number() })
  .meta({ id: 'ReviewResult', description: 'The new review, and the content’s totals with it' });

export const rejectReason = z
  .enum(REJECT_REASON_CODES)
  .meta({ id: 'RejectReason', description: `Why a submission was rejected: ${REJECT_REASONS.map((r) => `\`${r.code}\` (${r.label})`).join(', ')}` });
const rejection = {
  rejectReason: rejectReason.nullable().meta({ description: 'Why it was rejected; null when pending, approved, or no reason was given' }),
  rejectNote: z.string().nullable().meta({ description: 'The moderator’s note to the submitter, if any' }),
};

export const proposedTag = tag.extend({ kind: tagKind }).meta({ id: 'ProposedTag' });
/** A proposed tag as the reviewing admin sees it: still new, a tag since, or a retired tag's value. */
export const reviewedProposal = proposedTag
  .extend({ state: z.enum(['new', 'exists', 'retired']), suggestion: tag.optional().meta({ description: 'The tag of ours it is, or looks like' }) })
  .meta({ id: 'ReviewedProposal' });
const proposalOutcome = z.enum(['created', 'mapped', 'attached', 'dropped']);
export const settledProposal = proposedTag
  .extend({ outcome: proposalOutcome, tag: tag.optional().meta({ description: 'The tag the content carries for it' }) })
  .meta({ id: 'SettledProposal' });
/** A submission's proposal: as proposed while pending, settled once approved. */
export const submittedProposal = proposedTag
  .extend({
    outcome: proposalOutcome.optional().meta({ description: 'What became of it, once the submission was approved' }),
    tag: tag.optional().meta({ description: 'The tag the content carries for it' }),
  })
  .meta({ id: 'SubmittedProposal' });

export const submission = z
  .object({
    _id: id,
    name: z.string(),
    slug: z.string(),
    url: z.string(),
    image: z.string(),
    category: z.array(tag),
    techStack: z.array(tag),
    type: z.array(tag),
    ...facetFieldShapes,
    cost: z.enum(COSTS).nullable().meta({ description: 'null: the submitter did not say' }),
    hasCert: z.boolean().nullable().meta({ description: 'null: the submitter did not say' }),
    description: z.string(),
    rating: z.number(),
    proposedTags: z.array(submittedProposal).meta({
      description: 'Tags the submitter named that are not ours yet: the approving admin creates, maps or drops each, and an approved submission says which',
    }),
    createdAt: isoDate,
    blankFields: z.array(z.enum([...TAG_KINDS, 'cost', 'hasCert', 'description'])).meta({ description: 'The fields the submitter left blank' }),
    status: z.enum(['pending', 'approved', 'rejected']),
    decidedBy: z.string().nullable(),
    decidedAt: isoDate.nullable(),
    contentId: z.string().nullable().meta({ description: 'The content an approval made' }),
    ...rejection,
    pageTitle: z.string().nullable().meta({
      description:
        'The page’s own title (og:title or <title>), fetched after it was submitted; it becomes the name when the name was made from the URL. Null until fetched, or when that failed',
    }),
    nameDerived: z.boolean().meta({
      description: 'Whether a pending submission’s name is only a guess from its URL (nobody typed it, no page title replaced it): the admin should check it',
    }),
  })
  .meta({ id: 'Submission' });

export const submissionForReview = submission
  .extend({
    suggested: z.array(z.enum(['description', 'image', 'cost'])).meta({
      description:
        'The fields the submitter left blank that are filled as an approval fills them (the page’s own description and picture, its og:image or else its icon, stored on this site; else a line naming the link and the letter tile; Free), not typed by the submitter',
    }),
  })
  .meta({ id: 'SubmissionForReview' });

const submissionStatus = z.enum(['pending', 'approved', 'rejected']);

export const ownSubmission = z
  .object({
    _id: id,
    name: z.string(),
    url: z.string(),
    createdAt: isoDate,
    status: submissionStatus,
    decidedAt: isoDate.nullable(),
    content: z
      .object({ _id: id, name: z.string(), slug: z.string() })
      .nullable()
      .meta({ description: 'The published content an approval made (null while pending, when rejected, or once that content is deleted)' }),
    ...rejection,
  })
  .meta({ id: 'OwnSubmission', description: 'One of your submissions and what became of it' });

export const ownSubmissionList = z
  .object({
    ...paging,
    submissions: z.array(ownSubmission).meta({ description: 'Newest first' }),
    counts: z.object({ pending: z.int(), approved: z.int(), rejected: z.int() }).meta({ description: 'How many of your submissions are in each state' }),
    status: submissionStatus.optional().meta({ description: 'The state listed, when filtered to one' }),
  })
  .meta({ id: 'OwnSubmissionList' });

export const urlCheck = z
  .discriminatedUnion('status', [
    z.object({
      status: z.literal('listed'),
      content: z.object({ _id: id, name: z.string(), slug: z.string() }).meta({ description: 'The content that lists it' }),
    }),
    z.object({ status: z.literal('pending'), name: z.string().meta({ description: 'The name it waits under' }) }),
    z
      .object({
        status: z.literal('rejected'),
        name: z.string(),
        rejectedAt: isoDate.nullable(),
        ...rejection,
        rejectNote: z.string().nullable().meta({ description: 'The moderator’s note, only to whoever submitted the link; null for anyone else' }),
      })
      .meta({ description: 'Submitted before and turned down (the latest time), with why' }),
    z.object({ status: z.literal('new') }),
  ])
  .meta({ id: 'UrlCheck', description: 'Whether a URL may be submitted: already listed, already waiting for review, rejected before, or new' });

export const linkHealth = z
  .object({
    checkedAt: isoDate.nullable().meta({ description: 'When the link checker last asked it (null: never)' }),
    status: z.int().nullable().meta({ description: 'The HTTP status it answered (null: no answer, or never checked)' }),
    error: z.string().nullable().meta({ description: 'What went wrong, in words (null when it works)' }),
    failures: z.int().meta({ description: 'Failed checks in a row' }),
    brokenSince: isoDate.nullable().meta({ description: 'Broken (3 failures over 48 hours) since then; null when not broken' }),
    movedTo: z
      .string()
      .nullable()
      .meta({ description: 'Where it permanently redirects (301/308) to a working page: POST /api/contents/{id}/accept-redirect makes that the URL' }),
    reports: z.int().meta({ description: 'Users who reported this URL broken' }),
  })
  .meta({ id: 'LinkHealth', description: 'What the link checker and users found of a content’s link (its current URL)' });

export const adminContentRow = content
  .extend({ link: linkHealth.nullable().meta({ description: 'Null for drafts and links never checked nor reported' }) })
  .meta({ id: 'AdminContentRow' });

export const contentList = z
  .object({
    ...adminPaging,
    contents: z.array(adminContentRow),
  })
  .meta({ id: 'ContentList' });
export const userList = z.object({ ...adminPaging, users: z.array(publicUser.extend({ createdAt: isoDate })) }).meta({ id: 'UserList' });
export const submissionList = z.object({ ...adminPaging, submissions: z.array(submission) }).meta({ id: 'SubmissionList' });
export const submissionBulkResult = z
  .object({
    action: z.enum(['approve', 'reject', 'delete']),
    results: z
      .array(
        z.object({
          id: z.string(),
          name: z.string().optional().meta({ description: 'The submission’s name (absent when it does not exist)' }),
          outcome: z.enum(['approved', 'rejected', 'deleted', 'refused', 'not-found']),
          reason: z.string().optional().meta({ description: 'Why it was refused or not found' }),
          contentId: z.string().optional().meta({ description: 'The content an approval made' }),
        }),
      )
      .meta({ description: 'One per submission, in the order decided' }),
  })
  .meta({ id: 'SubmissionBulkResult' });
export const reviewTotals = z
  .object({ message: z.string(), numReviews: z.int(), numReview: z.int().meta({ description: 'The same as numReviews (an older name)' }), rating: z.number() })
  .meta({ id: 'ReviewDeleted', description: 'Deleted, and the content’s totals without it' });

/** A review's "helpful" count after a vote or its retraction, and whether the caller's vote stands. */
export const helpfulVote = z
  .object({ reviewId: id, helpful: z.int().min(0), voted: z.boolean().meta({ description: 'Whether your vote stands now' }) })
  .meta({ id: 'HelpfulVote' });
/** The reviews of one content the caller found helpful (the content page paints them: it is the same for everyone). */
export const ownHelpfulVotes = z
  .object({ reviewIds: z.array(id).meta({ description: 'The reviews of this content you voted helpful' }) })
  .meta({ id: 'OwnHelpfulVotes' });

/** The reports of one review, as the admin's reviews table shows them. */
const reviewReportSummary = z.object({
  count: z.int().min(0).meta({ description: 'Reports waiting (0: none, or dismissed)' }),
  reasons: z.array(z.object({ reason: z.string(), label: z.string(), count: z.int() })).meta({ description: 'Each reason given, most given first' }),
});

/** A review as the admin's reviews table lists it: with its author's id, its content and its reports. */
const adminReviewRow = review.extend({
  userId: id.nullable().meta({ description: 'Its author; null when they deleted their account and kept it anonymised ("Former member")' }),
  content: contentRef,
  reports: reviewReportSummary,
});
export const adminReviewList = z
  .object({
    ...adminPaging,
    content: z.object({ _id: id, name: z.string() }).nullable().optional().meta({ description: 'The content filtered on (null: it no longer exists)' }),
    reviews: z.array(adminReviewRow),
  })
  .meta({ id: 'AdminReviewList' });

/** What the top bar's search box suggests as one types: tags, then resources, at most 8 together. */
const suggestion = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('tag'),
    label: z.string().meta({ description: 'The tag’s label', example: 'Machine Learning' }),
    group: z.string().meta({ description: 'What kind of tag, as the search’s sidebar names it', example: 'Subject' }),
    href: z.string().meta({ description: 'The search filtered to it', example: '/search?category=machine-learning' }),
  }),
  z.object({
    kind: z.literal('content'),
    label: z.string().meta({ description: 'The resource’s name' }),
    href: z.string().meta({ description: 'Its page', example: '/content/python-for-everybody' }),
    marks: z
      .array(z.array(z.int().min(0)).length(2))
      .meta({ description: 'The matched parts of the label, as [start, end) offsets in UTF-16 code units, in order' }),
  }),
]);
export const suggestions = z
  .object({ query: z.string().meta({ description: 'The words as matched (trimmed, at most 100 characters)' }), suggestions: z.array(suggestion).max(8) })
  .meta({ id: 'Suggestions' });

/** An entry of the audit log as the Audit log screen lists it. */
export const auditEntry = z
  .object({
    id: z.int(),
    at: isoDate,
    admin: z
      .object({
        id: z.string().meta({ description: "Who acted, as the log records it: 'user:{id}' for an admin in the browser, 'cli:{name}' at the terminal" }),
        label: z.string().meta({ description: 'Who that was, readable (an email, a terminal user’s name)' }),
      })
      .meta({ description: 'The `admin` filter takes its id' }),
    action: z.string().meta({ description: `What was done: ${AUDIT_ACTION_NAMES.map((action) => `\`${action}\``).join(', ')}`, example: 'submission.reject' }),
    target: z.object({
      type: z.string().meta({ description: 'content, submission, user, review, tag (its id `kind:value`), list, import, database', example: 'submission' }),
      id: z.string(),
      exists: z.boolean().meta({ description: 'Whether it still exists (contents, submissions, users, reviews and tags; false for the others)' }),
    }),
    details: z.record(z.string(), z.unknown()).nullable().meta({ description: 'What the change was, as recorded (its fields depend on the action)' }),
  })
  .meta({ id: 'AuditEntry' });
export const auditList = z.object({ ...adminPaging, entries: z.array(auditEntry) }).meta({ id: 'AuditList' });

const tagCount = z.object({ _id: z.string().meta({ description: 'The tag’s label' }), count: z.int() });
export const dashboardSummary = z
  .object({
    // One-element arrays (docs/product.md §7): said with min and max, which every tool reads (a one-element tuple is not).
    contents: z.array(z.object({ numContents: z.int() })).length(1),
    users: z.array(z.object({ numUsers: z.int() })).length(1),
    admins: z.array(z.object({ numAdmins: z.int() })).length(1),
    numCategory: z.int(),
    numTechStack: z.int(),
    numType: z.int(),
    contentCategories: z.array(tagCount),
    contentTechStacks: z.array(tagCount),
    contentTypes: z.array(tagCount),
    brokenLinks: z.int().meta({ description: 'Published contents whose link is broken (failing 3 times over 48 hours)' }),
  })
  .meta({ id: 'DashboardSummary' });

export const tagUsage = z
  .object({
    id: z.int().meta({ description: 'The tag’s handle in /api/tags/{id}' }),
    kind: tagKind,
    value: z.string(),
    label: z.string(),
    status: z.enum(['active', 'retired']),
    contents: z.int().meta({ description: 'How many contents carry it' }),
  })
  .meta({ id: 'TagUsage' });
export const tagUsageList = z.object({ ...adminPaging, tags: z.array(tagUsage) }).meta({ id: 'TagUsageList' });

export const approval = z
  .object({ message: z.string(), content, proposedTags: z.array(settledProposal).meta({ description: 'What became of each proposed tag' }) })
  .meta({ id: 'Approval' });

export const upload = z
  .object({ url: z.string().meta({ description: 'The image’s absolute URL' }), path: z.string().meta({ description: 'The same, as a path on this site' }) })
  .meta({ id: 'Upload' });

/** docs/product.md §4: everything Skillshelf holds about a user, as their export file (GET /api/users/profile/export). */
export const accountExport = z
  .object({
    exportedAt: isoDate,
    account: z.object({
      _id: id,
      name: z.string(),
      email: z.string(),
      role: z.enum(['user', 'admin']),
      createdAt: isoDate,
      updatedAt: isoDate,
      settings: z.object(settings),
    }),
    saves: z.array(z.object({ content: contentRef.extend({ url: z.string() }), savedAt: isoDate })).meta({ description: 'Newest first' }),
    reviews: z.array(myReview).meta({ description: 'Newest first' }),
    submissions: z.array(ownSubmission).meta({ description: 'Newest first, each with what became of it' }),
    linkReports: z
      .array(z.object({ content: contentRef, url: z.string().meta({ description: 'The link reported' }), reportedAt: isoDate }))
      .meta({ description: 'The links you reported broken, newest first' }),
    helpfulVotes: z.array(z.object({ reviewId: id, contentId: id, votedAt: isoDate })).meta({ description: 'The reviews you found helpful, oldest first' }),
    reviewReports: z
      .array(z.object({ reviewId: id, contentId: id, reason: z.string(), reportedAt: isoDate }))
      .meta({ description: 'The reviews you reported and why, oldest first (until an admin dismissed them or deleted the review)' }),
    sessions: z
      .object({
        count: z.int(),
        sessions: z.array(
          z.object({ createdAt: isoDate, expiresAt: isoDate, current: z.boolean().meta({ description: 'The session that asked for this file' }) }),
        ),
      })
      .meta({ description: 'Where you are signed in: when each session began and ends (never its token)' }),
    knownDevices: z
      .array(z.object({ signedInAt: isoDate, expiresAt: isoDate }))
      .meta({ description: 'The browsers you signed in from, newest first: when each last signed in and until when it is known (never its token)' }),
    uploads: z
      .array(z.object({ path: z.string(), mimeType: z.string(), size: z.int(), uploadedAt: isoDate }))
      .meta({ description: 'Images you uploaded (admins)' }),
    lists: z
      .array(
        z.object({
          name: z.string(),
          description: z.string(),
          isPublic: z.boolean(),
          slug: z.string(),
          createdAt: isoDate,
          items: z.array(z.object({ content: contentRef, note: z.string(), addedAt: isoDate })),
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
  .meta({ id: 'AccountExport', description: 'Everything Skillshelf holds about you; never a password, token or their hashes' });

export const testExample = z.array(publicUser).meta({ id: 'TestExamples', description: 'Example people (not real accounts)' });

export type AdminPagingShape = z.infer<z.ZodObject<typeof adminPaging>>;
export type ApiReviewShape = z.infer<typeof review>;
export type ContentWithReviewsShape = z.infer<typeof contentWithReviews>;
export type ReviewResultShape = z.infer<typeof reviewResult>;
export type ReviewTotalsShape = z.infer<typeof reviewTotals>;
export type SubmissionShape = z.infer<typeof submission>;
export type UrlCheckShape = z.infer<typeof urlCheck>;
export type TagUsageShape = z.infer<typeof tagUsage>;
export type ReviewedProposal = z.infer<typeof reviewedProposal>;
export type ContentListShape = z.infer<typeof contentList>;
export type UserListShape = z.infer<typeof userList>;
export type SubmissionListShape = z.infer<typeof submissionList>;
export type SubmissionBulkResultShape = z.infer<typeof submissionBulkResult>;
export type TagUsageListShape = z.infer<typeof tagUsageList>;
export type AdminReviewRowShape = z.infer<typeof adminReviewRow>;
export type AdminReviewListShape = z.infer<typeof adminReviewList>;
export type HelpfulVoteShape = z.infer<typeof helpfulVote>;
export type OwnHelpfulVotesShape = z.infer<typeof ownHelpfulVotes>;
export type SuggestionShape = z.infer<typeof suggestion>;
export type SuggestionsShape = z.infer<typeof suggestions>;
export type AuditEntryShape = z.infer<typeof auditEntry>;
export type AuditListShape = z.infer<typeof auditList>;
export type MyReviewShape = z.infer<typeof myReview>;
export type MyReviewListShape = z.infer<typeof myReviewList>;
export type AccountExportShape = z.infer<typeof accountExport>;

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
          items: z.array(bookmarkRef.extend({ note: z.string(), addedAt: isoDate })).meta({ description: 'In the list’s order' }),
        }),
      )
      .meta({ description: 'Oldest first, as they were made' }),
    progress: z.array(bookmarkRef.extend({ state: progressState, updatedAt: isoDate })).meta({ description: 'Most recently changed first' }),
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
      description: 'Contents of the catalog not saved: one import saves at most 2,000, and an account holds at most 5,000 saves',
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
    listsRefused: z.array(z.string()).meta({ description: 'Folders that could not become lists: you hold 100 lists (their links are saved)' }),
    waiting: z.int().meta({ description: 'Links already submitted and waiting for review' }),
    notWeb: z.int().meta({ description: 'Links that are no web page (javascript:, data:, file:…): left out' }),
    private: z.int().meta({ description: 'Links to this machine or a private network: left out' }),
    offered: z
      .array(z.object({ url: z.string(), title: z.string(), folder: z.string().nullable() }))
      .meta({ description: 'Links the catalog lacks, once each: to offer for submission (POST /api/bookmarks/submit)' }),
    submissionsLeft: z.int().nullable().meta({ description: 'How many more you may submit this hour; null when there is no limit' }),
  })
  .meta({ id: 'BookmarkImport' });
export type BookmarkImportShape = z.infer<typeof bookmarkImport>;

/** What a submission of offered links did, link by link (POST /api/bookmarks/submit). */
export const bookmarkOffer = z
  .object({
    submitted: z.int(),
    retryAfter: z.int().nullable().meta({ description: 'Seconds until the hourly limit lets more through; null when it was not reached' }),
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
export type FollowsShape = z.infer<typeof follows>;
export type FollowedTagShape = z.infer<typeof followedTag>;
export type DigestSettingShape = z.infer<typeof digestSetting>;
