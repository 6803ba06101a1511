/**
 * The submissions' part of the REST contract, as the admins see it: a submission under review with its
 * proposed tags, the queue, decisions in bulk and an approval; and the operations that answer them.
 */
import { FACT_KEYS } from '../catalog/validation/facts.ts';
import { z } from '../validation/zod.ts';
import { adminPaging, message, tag, tagKind } from '../contract/shapes.ts';
import { SUBMISSION_LIST } from './validation/submission-list.ts';
import { LIST, listFilter, type Operation } from '../contract/operation.ts';
import { prose } from '../contract/prose.ts';
import { content } from '../catalog/contract.ts';
import { adminContentInput } from '../catalog/validation/contents.ts';
import { rejectionInput } from './validation/rejection.ts';
import { submissionBulkInput } from './validation/submission-bulk.ts';
import { proposalOutcome, proposedTag, submission } from './contract.ts';

/** A proposed tag as the reviewing admin sees it: still new, a tag since, or a retired tag's value. */
export const reviewedProposal = proposedTag
  .extend({
    state: z.enum(['new', 'exists', 'retired']),
    suggestion: tag.optional().meta({ description: 'The tag of ours it is, or looks like' }),
  })
  .meta({ id: 'ReviewedProposal' });
export const settledProposal = proposedTag
  .extend({ outcome: proposalOutcome, tag: tag.optional().meta({ description: 'The tag the content carries for it' }) })
  .meta({ id: 'SettledProposal' });

export const submissionForReview = submission
  .extend({
    suggested: z.array(z.enum(['description', 'image', 'cost', ...FACT_KEYS] as [string, ...string[]])).meta({
      description:
        'The fields the submitter left blank that are filled as an approval fills them (the page’s own description and picture, its og:image or else its icon, stored on this site; else a line naming the link and the letter tile; Free), and the facts the page’s schema.org JSON-LD or OpenGraph gives (provider, hours, skills, prerequisites, last updated), not typed by the submitter',
    }),
  })
  .meta({ id: 'SubmissionForReview' });

export const submissionList = z
  .object({ ...adminPaging, submissions: z.array(submission) })
  .meta({ id: 'SubmissionList' });
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
export const approval = z
  .object({
    message: z.string(),
    content,
    proposedTags: z.array(settledProposal).meta({ description: 'What became of each proposed tag' }),
  })
  .meta({ id: 'Approval' });

/** A proposed tag as the reviewing admin sees it: its state, and the tag of ours it looks like, if any. */
export type ReviewedProposal = z.infer<typeof reviewedProposal>;
/** What became of a proposed tag at approval; `tag` is the tag the content carries for it. */
export type SettledProposal = z.infer<typeof settledProposal>;
export type ApprovalShape = z.infer<typeof approval>;
export type SubmissionForReviewShape = z.infer<typeof submissionForReview>;
export type SubmissionListShape = z.infer<typeof submissionList>;
export type SubmissionBulkResultShape = z.infer<typeof submissionBulkResult>;

/** An approval's body: the admin's edits (any content field), and what becomes of the proposed tags. */
const approvalInput = adminContentInput.partial().extend({
  proposedTags: z
    .union([
      z.enum(['create', 'drop']),
      z.array(
        z.object({
          kind: tagKind,
          value: z.string().optional(),
          label: z.string().optional(),
          action: z.enum(['create', 'map', 'drop']).optional(),
          mapTo: z.union([z.string(), tag]).optional(),
        }),
      ),
    ])
    .optional()
    .meta({
      description:
        "'create' or 'drop' for every proposed tag, or a choice per tag; a tag not chosen for is dropped (or attached if it became a tag meanwhile)",
    }),
});

export const SUBMISSION_ADMIN_OPERATIONS = {
  adminSubmissions: {
    method: 'GET',
    route: '/api/submissions/admin',
    group: 'Admin: submissions',
    access: 'admin',
    summary: 'Submissions: the queue by default; searched, filtered, sorted and paged',
    description: prose`
      \`search\` finds a name or URL containing the text; sort by \`created\` (default, oldest first),
      \`name\` or \`decided\`.`,
    query: [
      ...LIST,
      listFilter(
        'status',
        'Which submissions: pending (default), approved, rejected or all',
        SUBMISSION_LIST.filters.status,
      ),
    ],
    ok: { status: 200, schema: submissionList, description: 'A page of the queue' },
  },
  decideSubmissions: {
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
    body: {
      schema: submissionBulkInput,
      name: 'SubmissionBulkInput',
      example: { action: 'reject', ids: ['6651f0c2a1b2c3d4e5f60718'], reason: 'spam' },
    },
    ok: { status: 200, schema: submissionBulkResult, description: 'What became of each' },
  },
  getSubmission: {
    method: 'GET',
    route: '/api/submissions/[id]',
    group: 'Admin: submissions',
    access: 'admin',
    summary: 'A submission',
    ok: {
      status: 200,
      schema: submissionForReview,
      description: prose`
      The submission and what became of it; a pending one with the blanks an approval fills filled in
      (\`suggested\` names them)`,
    },
    errors: [404],
  },
  approveSubmission: {
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
    ok: { status: 201, schema: approval, description: 'The content it became, and what became of the proposed tags' },
    errors: [404, 409],
  },
  rejectSubmission: {
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
      schema: message.extend({ status: submission.shape.status }).meta({ id: 'Rejection' }),
      description: 'Rejected (or already decided: nothing changed)',
    },
    errors: [404],
  },
} as const satisfies Record<string, Operation>;
