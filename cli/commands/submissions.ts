/** `skillshelf submissions …`: the queue of links users submitted, moderated with the web's rules. */
import type { Command } from 'commander';
import type { Db } from '#db/client.ts';
import { reviewProposedTags } from '#db/submissions/proposed-tags.ts';
import type { SettledProposal } from '#db/submissions/admin-contract.ts';
import { approveSubmissions, rejectSubmissions, type SubmissionOutcome } from '#db/submissions/submission-bulk.ts';
import { listPendingSubmissions } from '#db/submissions/submissions.ts';
import { needsText } from '#db/submissions/validation/approval-needs.ts';
import type { SubmissionShape } from '#db/submissions/contract.ts';
import { listTags } from '#db/catalog/tags/tags.ts';
import { actorOf } from '../actor.ts';
import { openMigratedDb } from '../database.ts';
import { PartlyFailed, UsageError } from '../errors.ts';
import { examples } from '../help.ts';
import { formatTime, printJson, printLine } from '../output.ts';
import { plural } from '#db/validation/text.ts';
import { confirmChange } from '../prompts/confirm.ts';
import { askProposedTags } from '../prompts/proposed-tags.ts';
import { askRejection } from '../prompts/rejection.ts';
import { askReview, type AskProposals } from '../prompts/review.ts';
import {
  REJECT_REASONS,
  REJECT_REASON_CODES,
  rejectReason,
  type RejectReason,
} from '#db/submissions/validation/rejection.ts';
import { truncate } from '../terminal-text.ts';

type Pending = SubmissionShape & { submittedBy: string | null };

interface ChangeOptions {
  all?: boolean;
  yes?: boolean;
  json?: boolean;
}

export function registerSubmissionCommands(program: Command): void {
  const submissions = program
    .command('submissions')
    .description('moderate the links users submitted')
    .addHelpText(
      'after',
      examples(['go through the whole queue, ticking what to approve', 'npx skillshelf submissions review']),
    );

  submissions
    .command('list')
    .description('the pending submissions, oldest first (first come, first reviewed)')
    .option('--json', 'print them as a JSON array')
    .addHelpText('after', LIST_HELP)
    .action(showQueue);

  submissions
    .command('review')
    .description('go through the queue in the terminal: tick the ones to approve, optionally reject the rest, confirm')
    .addHelpText('after', REVIEW_HELP)
    .action(reviewQueue);

  submissions
    .command('approve')
    .argument('[ids...]', 'the submissions to approve (ids from submissions list)')
    .description(
      'approve submissions: each becomes a content, with the web’s rules (a duplicate slug or website is refused)',
    )
    .option('--all', 'approve every pending submission')
    .option(
      '--proposed-tags <choice>',
      'what becomes of the tags the submissions propose: create (new tags) or drop',
      parseProposalChoice,
    )
    .option('-y, --yes', 'do not ask for confirmation (required without a terminal)')
    .option('--json', 'print each id’s outcome as JSON')
    .addHelpText('after', APPROVE_HELP)
    .action(approveQueued);

  submissions
    .command('reject')
    .argument('<ids...>', 'the submissions to reject (ids from submissions list)')
    .description(
      'reject submissions (they leave the queue and are kept as rejected, with the reason their submitters read)',
    )
    .option('--reason <code>', `why: ${REJECT_REASON_CODES.join(', ')}`, parseReason)
    .option('--note <text>', 'a note to the submitters (at most 500 characters)')
    .option('-y, --yes', 'do not ask for confirmation (required without a terminal)')
    .option('--json', 'print each id’s outcome as JSON')
    .addHelpText('after', REJECT_HELP)
    .action(rejectQueued);
}

const LIST_HELP = examples(
  ['see what is waiting', 'npx skillshelf submissions list'],
  ['the ids, for a script', "npx skillshelf submissions list --json | jq -r '.[]._id'"],
);

async function showQueue(options: { json?: boolean }): Promise<void> {
  const pending = await listPendingSubmissions(await openMigratedDb());
  if (options.json) printJson(pending);
  else if (pending.length === 0) printLine('No submissions are waiting for review.');
  else {
    for (const s of pending) {
      printLine(`${s._id}  ${s.name}  ${s.url}`);
      printLine(`    ${summary(s)}`);
    }
    printLine(`${plural(pending.length, 'submission')} waiting.`);
  }
}

const REVIEW_HELP = [
  '\nKeys in the list: ↑/↓ move (the highlighted submission’s details show under the list), space ticks,',
  'a ticks or unticks all, i inverts, enter goes on. For each tag a ticked submission proposes, you choose:',
  'create it, map it to one of ours, or drop it. Nothing changes before the final confirmation;',
  'Ctrl+C at any question leaves the queue as it was. Each approval follows the web’s rules: one that',
  'would duplicate a listed slug or website is refused and stays in the queue.',
  examples(
    ['empty the queue', 'npx skillshelf submissions review'],
    ['act as a named admin in the audit log', 'npx skillshelf --as admin@example.com submissions review'],
  ),
].join('\n');

async function reviewQueue(_options: unknown, command: Command): Promise<void> {
  if (!process.stdin.isTTY)
    throw new UsageError(
      'submissions review needs a terminal (stdin is not one): use submissions list, approve and reject in scripts',
    );
  const db = await openMigratedDb();
  const actor = await actorOf(db, command);
  const pending = await listPendingSubmissions(db);
  if (pending.length === 0) {
    printLine('No submissions are waiting for review.');
    return;
  }
  const decision = await askReview(
    pending.map((s) => ({
      id: s._id,
      line: `${s.name} — ${s.url}  [${tagText(s) || 'no tags'}]  by ${submitter(s)}${
        s.approvalNeeds.length ? `  (${needsText(s.approvalNeeds)})` : ''
      }`,
      details: details(s),
    })),
    proposalAsker(db, pending),
  );
  if (!decision) {
    printLine('Cancelled: nothing changed.');
    return;
  }
  if (decision.approve.length === 0 && decision.reject.length === 0) {
    printLine('Nothing ticked, nothing rejected: the queue is unchanged.');
    return;
  }
  const skipped = notReadyLine(pending, decision.approve);
  if (skipped) printLine(skipped);
  const approved = await approveSubmissions(db, actor, decision.approve, (id) => decision.proposedTags[id]);
  report([...approved, ...(await rejectSubmissions(db, actor, decision.reject, decision.rejection))], false);
}

const APPROVE_HELP = [
  '\nEach id is approved on its own: one that is refused or not found does not stop the others; the exit',
  'code is 1 if any was not approved.',
  'Tags a submission proposes (not ours yet) are created or dropped by --proposed-tags; without it they',
  'are asked for one by one in a terminal, and dropped with --yes or without a terminal (the output says',
  'so). A proposed tag that became one of ours meanwhile is attached unless dropped.',
  examples(
    ['approve two submissions', 'npx skillshelf submissions approve 65f0c1e2a9b8c7d6e5f4a3b2 65f0c1e2a9b8c7d6e5f4a3b3'],
    ['approve the whole queue from a script', 'npx skillshelf submissions approve --all --yes'],
    [
      'approve, creating the tags it proposes',
      'npx skillshelf submissions approve 65f0c1e2a9b8c7d6e5f4a3b2 --proposed-tags create --yes',
    ],
  ),
].join('\n');

const PROPOSAL_CHOICES = ['create', 'drop'] as const;
type ProposalChoiceForAll = (typeof PROPOSAL_CHOICES)[number];

function parseProposalChoice(value: string): ProposalChoiceForAll {
  const choice = PROPOSAL_CHOICES.find((c) => c === value.trim().toLowerCase());
  if (!choice) throw new UsageError(`--proposed-tags is create or drop, not '${value}'`);
  return choice;
}

async function approveQueued(
  ids: string[],
  options: ChangeOptions & { proposedTags?: ProposalChoiceForAll },
  command: Command,
): Promise<void> {
  const db = await openMigratedDb();
  const chosen = await chosenIds(db, ids, options, 'approve');
  if (chosen.length === 0) return;
  const actor = await actorOf(db, command);
  // Asked before the confirmation, so that nothing is written before the last yes.
  const asked =
    options.proposedTags || options.yes || !process.stdin.isTTY
      ? undefined
      : await proposalAsker(db, await listPendingSubmissions(db))(chosen);
  const skipped = notReadyLine(await listPendingSubmissions(db), chosen);
  if (skipped && !options.json) printLine(skipped);
  if (!(await confirmChange(`Approve ${plural(chosen.length, 'submission')}?`, options)))
    return printLine('Cancelled: nothing changed.');
  const outcomes = await approveSubmissions(db, actor, chosen, (id) => options.proposedTags ?? asked?.choices[id]);
  report(outcomes, options.json === true, !options.proposedTags && !asked);
}

const REJECT_HELP = [
  `\nReasons: ${REJECT_REASONS.map((r) => `${r.code} (${r.label})`).join(', ')}.`,
  'The submitters see the reason and the note on their submissions page and in the mail of the decision.',
  'Without --reason or --note, a terminal asks for them (both may be skipped); a script rejects without.',
  examples(
    ['reject one submission, asked why', 'npx skillshelf submissions reject 65f0c1e2a9b8c7d6e5f4a3b2'],
    [
      'from a script',
      'npx skillshelf submissions reject 65f0c1e2a9b8c7d6e5f4a3b2 --reason off-topic --note "We list CS resources only." --yes',
    ],
  ),
].join('\n');

function parseReason(value: string): RejectReason {
  const parsed = rejectReason.safeParse(value);
  if (!parsed.success) throw new UsageError(`--reason is one of ${REJECT_REASON_CODES.join(', ')}, not '${value}'`);
  return parsed.data;
}

async function rejectQueued(
  ids: string[],
  options: ChangeOptions & { reason?: RejectReason; note?: string },
  command: Command,
): Promise<void> {
  const db = await openMigratedDb();
  const actor = await actorOf(db, command);
  const asked =
    options.reason || options.note !== undefined || options.yes || !process.stdin.isTTY
      ? undefined
      : await askRejection(ids.length);
  const rejection = asked ?? { reason: options.reason, note: options.note };
  if (!(await confirmChange(`Reject ${plural(ids.length, 'submission')}?`, options)))
    return printLine('Cancelled: nothing changed.');
  report(await rejectSubmissions(db, actor, ids, rejection), options.json === true);
}

async function chosenIds(db: Db, ids: string[], options: ChangeOptions, verb: string): Promise<string[]> {
  if (options.all && ids.length > 0) throw new UsageError(`name the submissions to ${verb} or pass --all, not both`);
  if (!options.all && ids.length === 0)
    throw new UsageError(`name the submissions to ${verb} (ids from submissions list), or pass --all`);
  if (!options.all) return [...new Set(ids)];
  const pending = await listPendingSubmissions(db);
  if (pending.length === 0) printLine('No submissions are waiting for review.');
  return pending.map((s) => s._id);
}

/**
 * The chosen submissions an approval will skip as they stand (db/submissions/validation/approval-needs.ts), counted and named
 * before the confirmation; null when none.
 */
function notReadyLine(pending: Pending[], chosen: readonly string[]): string | null {
  const ids = new Set(chosen);
  const lacking = pending.filter((s) => ids.has(s._id) && s.approvalNeeds.length > 0);
  if (lacking.length === 0) return null;
  const named = lacking
    .slice(0, 5)
    .map((s) => `“${s.name}” ${needsText(s.approvalNeeds)}`)
    .join('; ');
  return `${lacking.length} of ${plural(chosen.length, 'submission')} cannot be published as ${
    lacking.length === 1 ? 'it stands' : 'they stand'
  } and will be skipped: ${named}${lacking.length > 5 ? '; …' : ''}.`;
}

const LABELS: Record<SubmissionOutcome['outcome'], string> = {
  approved: 'approved',
  rejected: 'rejected',
  deleted: 'deleted',
  refused: 'refused',
  'not-found': 'not found',
};

/**
 * One line per id (and one per tag it proposed), then a count; exit 1 (PartlyFailed) if any id was not
 * done. `unasked`: nobody chose for the proposed tags, so the dropped ones are said to be dropped for that.
 */
function report(outcomes: SubmissionOutcome[], json: boolean, unasked = false): void {
  if (json) printJson(outcomes);
  else {
    for (const o of outcomes) {
      const what = o.content ? `${o.content.name} → /content/${o.content.slug}` : (o.reason ?? '');
      printLine(`${LABELS[o.outcome].padEnd(9)} ${o.id}  ${what}`);
      for (const p of o.proposedTags ?? []) printLine(`          proposed ${p.kind} '${p.label}' ${settledText(p)}`);
    }
    const counts = Object.entries(LABELS)
      .map(([key, label]) => [label, outcomes.filter((o) => o.outcome === key).length] as const)
      .filter(([, n]) => n > 0);
    printLine(`${counts.map(([label, n]) => `${n} ${label}`).join(', ')}.`);
    const dropped = outcomes.flatMap((o) => o.proposedTags ?? []).filter((p) => p.outcome === 'dropped').length;
    if (unasked && dropped > 0) {
      printLine(
        `${plural(dropped, 'proposed tag')} dropped: nobody chose for ${dropped === 1 ? 'it' : 'them'} (pass --proposed-tags create to create them, or approve in a terminal without --yes to choose).`,
      );
    }
  }
  const failed = outcomes.filter((o) => o.outcome === 'refused' || o.outcome === 'not-found');
  if (failed.length > 0)
    throw new PartlyFailed(
      `${failed.length} of ${plural(outcomes.length, 'submission')} could not be done: ${failed
        .map((o) => o.id)
        .slice(0, 5)
        .join(', ')}${failed.length > 5 ? ', …' : ''}`,
    );
}

const SETTLED: Record<SettledProposal['outcome'], (p: SettledProposal) => string> = {
  created: () => 'created as a new tag',
  mapped: (p) => `mapped to '${p.tag?.label}'`,
  attached: () => 'attached (one of ours now)',
  dropped: () => 'dropped',
};
const settledText = (p: SettledProposal) => SETTLED[p.outcome](p);

const proposedText = (s: SubmissionShape) => s.proposedTags.map((p) => `${p.label} (proposed ${p.kind})`).join(', ');
const tagText = (s: SubmissionShape) =>
  [
    ...[...s.category, ...s.techStack, ...s.type].map((t) => t.label),
    ...(proposedText(s) ? [proposedText(s)] : []),
  ].join(', ');

/** Asks, in the terminal, what becomes of each tag the ticked submissions propose. */
function proposalAsker(db: Db, pending: Pending[]): AskProposals {
  return async (ticked) => {
    const byId = new Map(pending.map((s) => [s._id, s]));
    const choices: Record<string, unknown> = {};
    let created = 0;
    const lists = await listTags(db);
    for (const id of ticked) {
      const s = byId.get(id);
      if (!s?.proposedTags.length) continue;
      const asked = await askProposedTags(s.name, await reviewProposedTags(db, s.proposedTags), lists);
      choices[id] = asked.choices;
      created += asked.created;
    }
    return { choices, created };
  };
}
const submitter = (s: Pending) => s.submittedBy ?? 'an import or a deleted account';

/** What the submitter said of cost and certificate; "not given" where they left it blank (approval: Free, none). */
const costText = (s: SubmissionShape) => s.cost ?? 'cost not given';
const certificateText = (s: SubmissionShape, short = false) =>
  s.hasCert === null
    ? 'certificate not given'
    : s.hasCert
      ? short
        ? 'certificate'
        : 'with a certificate'
      : 'no certificate';

function summary(s: Pending): string {
  return [
    tagText(s) || 'no tags',
    costText(s),
    certificateText(s, true),
    `by ${submitter(s)} on ${formatTime(new Date(s.createdAt))}`,
  ].join(' · ');
}

function details(s: Pending): string[] {
  const description = s.description ? truncate(s.description.replace(/\s+/g, ' '), 300) : '(none)';
  return [
    `Name         ${s.name}`,
    `Website      ${s.url}`,
    `Page title   ${s.pageTitle ?? '–'}`,
    `Category     ${s.category.map((t) => t.label).join(', ') || '–'}`,
    `Tech stack   ${s.techStack.map((t) => t.label).join(', ') || '–'}`,
    `Type         ${s.type.map((t) => t.label).join(', ') || '–'}`,
    `Proposed     ${s.proposedTags.map((p) => `${p.label} (${p.kind})`).join(', ') || '–'}`,
    `Cost         ${costText(s)}, ${certificateText(s)}`,
    `Submitted    by ${submitter(s)} on ${formatTime(new Date(s.createdAt))}`,
    `Description  ${description}`,
    `Left blank   ${s.blankFields.join(', ') || '–'}${s.cost === null || s.hasCert === null ? ' (approval gives Free, no certificate unless edited)' : ''}`,
  ];
}
