/**
 * A tag the submitter proposed, as a pill that grows with its text: "proposed" while the submission waits,
 * then what became of it (created, added, mapped onto one of ours, dropped), or "not added" when the
 * submission was rejected. Rendered in the queue's table and on a decided submission's page.
 */
import type { SubmissionShape } from '#db/submissions/contract.ts';

type Proposal = SubmissionShape['proposedTags'][number];

/** What the pill says after the label, and how loudly. */
function fate(proposal: Proposal, status: SubmissionShape['status']): { text: string; tone: string } {
  if (status === 'pending') return { text: 'proposed', tone: 'badge-outline' };
  if (status === 'rejected') return { text: 'not added', tone: 'badge-ghost' };
  switch (proposal.outcome) {
    case 'created':
      return { text: 'created', tone: 'badge-success' };
    case 'attached':
      return { text: 'added', tone: 'badge-success' };
    case 'mapped':
      return { text: `→ ${proposal.tag?.label ?? ''}`, tone: 'badge-info' };
    default:
      return { text: 'dropped', tone: 'badge-ghost' };
  }
}

export function ProposalPill({ proposal, status }: { proposal: Proposal; status: SubmissionShape['status'] }) {
  const { text, tone } = fate(proposal, status);
  const dropped =
    status !== 'pending' && (status === 'rejected' || !proposal.outcome || proposal.outcome === 'dropped');
  return (
    <span
      className={`badge badge-sm ${tone} h-auto whitespace-normal py-0.5 text-left`}
      data-proposal={proposal.value}
      data-proposal-fate={status === 'pending' ? 'proposed' : (proposal.outcome ?? 'dropped')}
    >
      <span className={dropped ? 'line-through' : undefined}>{proposal.label}</span>{' '}
      <span className="opacity-80">{text}</span>
    </span>
  );
}
