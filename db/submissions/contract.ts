/**
 * The submissions' part of the REST contract, as a submitter sees it: a submission as the API answers it,
 * with its proposed tags and why it was rejected, one's own submissions and whether a link may be
 * submitted; and the operations that answer them. (The admin's side: db/submissions/admin-contract.ts.)
 */
import { z } from '../validation/zod.ts';
import { APPROVAL_NEEDS } from './validation/approval-needs.ts';
import { id, isoDate, paging, tag, tagKind } from '../contract/shapes.ts';
import { PAGE, withMessage, type Operation } from '../contract/operation.ts';
import { prose } from '../contract/prose.ts';
import { COSTS, TAG_KINDS } from '../catalog/taxonomy.ts';
import { factShapes, facetFieldShapes } from '../catalog/contract.ts';
import { REJECT_REASON_CODES, REJECT_REASONS } from './validation/rejection.ts';
import { submissionInput } from './validation/submissions.ts';
import { SUBMISSION_STATUSES } from './validation/statuses.ts';

export const rejectReason = z.enum(REJECT_REASON_CODES).meta({
  id: 'RejectReason',
  description: `Why a submission was rejected: ${REJECT_REASONS.map((r) => `\`${r.code}\` (${r.label})`).join(', ')}`,
});
const rejection = {
  rejectReason: rejectReason
    .nullable()
    .meta({ description: 'Why it was rejected; null when pending, approved, or no reason was given' }),
  rejectNote: z.string().nullable().meta({ description: 'The moderator’s note to the submitter, if any' }),
};

export const proposedTag = tag.extend({ kind: tagKind }).meta({ id: 'ProposedTag' });
/** What became of a proposed tag once its submission was approved. */
export const proposalOutcome = z.enum(['created', 'mapped', 'attached', 'dropped']);
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
      description:
        'Tags the submitter named that are not ours yet: the approving admin creates, maps or drops each, and an approved submission says which',
    }),
    createdAt: isoDate,
    blankFields: z
      .array(z.enum([...TAG_KINDS, 'cost', 'hasCert', 'description']))
      .meta({ description: 'The fields the submitter left blank' }),
    status: z.enum(SUBMISSION_STATUSES),
    decidedBy: z.string().nullable(),
    decidedAt: isoDate.nullable(),
    contentId: z.string().nullable().meta({ description: 'The content an approval made' }),
    ...rejection,
    pageTitle: z.string().nullable().meta({
      description:
        'The page’s own title (og:title or <title>), fetched after it was submitted; it becomes the name when the name was made from the URL. Null until fetched, or when that failed',
    }),
    nameDerived: z.boolean().meta({
      description:
        'Whether a pending submission’s name is only a guess from its URL (nobody typed it, no page title replaced it): the admin should check it',
    }),
    ...factShapes,
    approvalNeeds: z.array(z.enum(APPROVAL_NEEDS)).meta({
      description:
        'What a pending submission lacks to be published as it stands (its proposed tags aside): a name somebody gave, a category, a format (the edit form’s Categories and Format of the material), a description that is not a placeholder. An approval refuses it until the admin adds them',
    }),
  })
  .meta({ id: 'Submission' });

const submissionStatus = z.enum(SUBMISSION_STATUSES);

export const ownSubmission = z
  .object({
    _id: id,
    name: z.string(),
    url: z.string(),
    createdAt: isoDate,
    status: submissionStatus,
    decidedAt: isoDate.nullable(),
    content: z.object({ _id: id, name: z.string(), slug: z.string() }).nullable().meta({
      description:
        'The published content an approval made (null while pending, when rejected, or once that content is deleted)',
    }),
    ...rejection,
  })
  .meta({ id: 'OwnSubmission', description: 'One of your submissions and what became of it' });

export const ownSubmissionList = z
  .object({
    ...paging,
    submissions: z.array(ownSubmission).meta({ description: 'Newest first' }),
    counts: z
      .object({ pending: z.int(), approved: z.int(), rejected: z.int() })
      .meta({ description: 'How many of your submissions are in each state' }),
    status: submissionStatus.optional().meta({ description: 'The state listed, when filtered to one' }),
  })
  .meta({ id: 'OwnSubmissionList' });

export const urlCheck = z
  .discriminatedUnion('status', [
    z.object({
      status: z.literal('listed'),
      content: z
        .object({ _id: id, name: z.string(), slug: z.string() })
        .meta({ description: 'The content that lists it' }),
    }),
    z.object({ status: z.literal('pending'), name: z.string().meta({ description: 'The name it waits under' }) }),
    z
      .object({
        status: z.literal('rejected'),
        name: z.string(),
        rejectedAt: isoDate.nullable(),
        ...rejection,
        rejectNote: z
          .string()
          .nullable()
          .meta({ description: 'The moderator’s note, only to whoever submitted the link; null for anyone else' }),
      })
      .meta({ description: 'Submitted before and turned down (the latest time), with why' }),
    z.object({ status: z.literal('new') }),
  ])
  .meta({
    id: 'UrlCheck',
    description: 'Whether a URL may be submitted: already listed, already waiting for review, rejected before, or new',
  });

export type SubmissionShape = z.infer<typeof submission>;
export type UrlCheckShape = z.infer<typeof urlCheck>;
export type OwnSubmissionShape = z.infer<typeof ownSubmission>;
export type OwnSubmissionListShape = z.infer<typeof ownSubmissionList>;

export const SUBMISSION_OPERATIONS = {
  mySubmissions: {
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
        schema: { type: 'string', enum: [...SUBMISSION_STATUSES] },
      },
    ],
    ok: {
      status: 200,
      schema: ownSubmissionList,
      description: 'A page of your submissions, with the count in each state',
    },
  },
  checkSubmission: {
    method: 'GET',
    route: '/api/submissions/check',
    group: 'Submissions',
    access: 'user',
    summary: 'Whether a link may be submitted',
    description: prose`
      With the same normalisation as the duplicate refusal of /api/submissions/create (scheme, www.,
      trailing slash, tracking parameters and query order do not count). Limited per account
      (RATE_LIMIT_SUBMISSION_CHECK_USER, 300 an hour).`,
    query: [
      {
        name: 'url',
        description: 'The link, an http(s) URL',
        schema: { type: 'string' },
        example: 'https://roadmap.sh/',
      },
    ],
    ok: {
      status: 200,
      schema: urlCheck,
      description: 'listed (with the content), pending, rejected (with the reason) or new',
    },
    errors: [429],
  },
  submitLink: {
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
      example: {
        url: 'https://roadmap.sh/',
        name: '',
        category: [],
        techStack: [],
        type: [],
        cost: '',
        hasCert: '',
        description: '',
      },
    },
    ok: { status: 201, schema: withMessage(submission, 'SubmissionCreated'), description: 'The submission, pending' },
    errors: [409, 429],
  },
} as const satisfies Record<string, Operation>;
