/**
 * The questions of `submissions review`: one checkbox list of the whole queue (15 rows a page; the
 * highlighted submission's details shown under it as the cursor moves), then what becomes of the tags the
 * ticked ones propose, then what to do with the rest (and, if rejected, why: once for all of them), then
 * one confirmation that says how many of each.
 * Nothing is decided before that last yes.
 */
import { truncate, visible } from '../terminal-text.ts';
import { reasonLabel, type RejectionInput } from '#db/submissions/validation/rejection.ts';
import { ask, context } from './ask.ts';
import { askRejection } from './rejection.ts';

export interface ReviewItem {
  id: string;
  /** One line: name, URL, tags, submitter (cut to the terminal's width here). */
  line: string;
  /** One line per field of the submission. */
  details: string[];
}

export interface ReviewDecision {
  approve: string[];
  reject: string[];
  /** The choices for the proposed tags of the approved ones, by submission id. */
  proposedTags: Record<string, unknown>;
  /** Why the rejected ones are rejected (asked once, for all of them). */
  rejection: RejectionInput;
}

/** Asks what becomes of the proposed tags of the ticked submissions: the choices by id, and how many tags that creates. */
export type AskProposals = (ticked: string[]) => Promise<{ choices: Record<string, unknown>; created: number }>;

export const REVIEW_PAGE_SIZE = 15;

/**
 * The decision, or undefined when the final confirmation was answered no. The submissions' text is what
 * users typed: every line is shown with its control characters escaped, so none can redraw the screen.
 */
export async function askReview(
  items: ReviewItem[],
  askProposals: AskProposals = async () => ({ choices: {}, created: 0 }),
): Promise<ReviewDecision | undefined> {
  const width = Math.max(60, (context.output.columns || 100) - 6);
  const ticked = await ask(({ checkbox }) =>
    checkbox(
      {
        message: `Tick the submissions to approve (${items.length} waiting; the highlighted one's details are below the list)`,
        choices: items.map((item) => ({
          value: item.id,
          name: truncate(visible(item.line), width),
          description: item.details.map(visible).join('\n'),
        })),
        pageSize: REVIEW_PAGE_SIZE,
        loop: false,
        theme: { style: { renderSelectedChoices: (selected: readonly unknown[]) => `${selected.length} ticked` } },
      },
      context,
    ),
  );
  const chosen = new Set(ticked);
  const proposals = await askProposals(ticked);
  const rest = items.filter((item) => !chosen.has(item.id)).map((item) => item.id);
  const rejectRest =
    rest.length > 0 &&
    (await ask(({ confirm }) =>
      confirm(
        { message: `Reject the ${rest.length} not ticked? (no leaves them in the queue)`, default: false },
        context,
      ),
    ));
  const rejection = rejectRest ? await askRejection(rest.length) : {};
  const decision = { approve: ticked, reject: rejectRest ? rest : [], proposedTags: proposals.choices, rejection };
  if (decision.approve.length === 0 && decision.reject.length === 0) return decision;
  const kept = rejectRest ? 0 : rest.length;
  const parts = [
    ...(decision.approve.length ? [`approve ${decision.approve.length}`] : []),
    ...(proposals.created ? [`create ${proposals.created} ${proposals.created === 1 ? 'tag' : 'tags'}`] : []),
    ...(decision.reject.length
      ? [`reject ${decision.reject.length}${rejection.reason ? ` as ${reasonLabel(rejection.reason)}` : ''}`]
      : []),
  ];
  const listed = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts.join('');
  const message = `${capitalise(listed)}${kept ? `, leaving ${kept} in the queue` : ''}?`;
  return (await ask(({ confirm }) => confirm({ message, default: false }, context))) ? decision : undefined;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
