/** `skillshelf submissions …`: the queue of links users submitted, moderated with the web's rules. */
import type { Command } from 'commander';
import type { Db } from '#db/client.ts';
import { approveSubmissions, listPendingSubmissions, rejectSubmissions, type ApiSubmission, type SubmissionOutcome } from '#db/services/submissions.ts';
import { actorOf } from '../actor.ts';
import { openMigratedDb } from '../database.ts';
import { PartlyFailed, UsageError } from '../errors.ts';
import { examples } from '../help.ts';
import { formatTime, printJson, printLine } from '../output.ts';
import { plural } from '../progress.ts';
import { confirmChange } from '../prompts/confirm.ts';
import { askReview } from '../prompts/review.ts';
import { truncate } from '../terminal-text.ts';

type Pending = ApiSubmission & { submittedBy: string | null };

interface ChangeOptions {
  all?: boolean;
  yes?: boolean;
  json?: boolean;
}

export function registerSubmissionCommands(program: Command): void {
  const submissions = program
    .command('submissions')
    .description('moderate the links users submitted')
    .addHelpText('after', examples(['go through the whole queue, ticking what to approve', 'npx skillshelf submissions review']));

  submissions
    .command('list')
    .description('the pending submissions, oldest first (first come, first reviewed)')
    .option('--json', 'print them as a JSON array')
    .addHelpText(
      'after',
      examples(
        ['see what is waiting', 'npx skillshelf submissions list'],
        ['the ids, for a script', "npx skillshelf submissions list --json | jq -r '.[]._id'"],
      ),
    )
    .action(async (options: { json?: boolean }) => {
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
    });

  submissions
    .command('review')
    .description('go through the queue in the terminal: tick the ones to approve, optionally reject the rest, confirm')
    .addHelpText(
      'after',
      [
        '\nKeys in the list: ↑/↓ move (the highlighted submission’s details show under the list), space ticks,',
        'a ticks or unticks all, i inverts, enter goes on. Nothing changes before the final confirmation;',
        'Ctrl+C at any question leaves the queue as it was. Each approval follows the web’s rules: one that',
        'would duplicate a listed slug or website is refused and stays in the queue.',
        examples(['empty the queue', 'npx skillshelf submissions review'], ['act as a named admin in the audit log', 'npx skillshelf --as admin@example.com submissions review']),
      ].join('\n'),
    )
    .action(async (_options: unknown, command: Command) => {
      if (!process.stdin.isTTY) throw new UsageError('submissions review needs a terminal (stdin is not one): use submissions list, approve and reject in scripts');
      const db = await openMigratedDb();
      const actor = await actorOf(db, command);
      const pending = await listPendingSubmissions(db);
      if (pending.length === 0) {
        printLine('No submissions are waiting for review.');
        return;
      }
      const decision = await askReview(pending.map((s) => ({ id: s._id, line: `${s.name} — ${s.url}  [${tagText(s) || 'no tags'}]  by ${submitter(s)}`, details: details(s) })));
      if (!decision) {
        printLine('Cancelled: nothing changed.');
        return;
      }
      if (decision.approve.length === 0 && decision.reject.length === 0) {
        printLine('Nothing ticked, nothing rejected: the queue is unchanged.');
        return;
      }
      const outcomes = [...(await approveSubmissions(db, actor, decision.approve)), ...(await rejectSubmissions(db, actor, decision.reject))];
      report(outcomes, false);
    });

  submissions
    .command('approve')
    .argument('[ids...]', 'the submissions to approve (ids from submissions list)')
    .description('approve submissions: each becomes a content, with the web’s rules (a duplicate slug or website is refused)')
    .option('--all', 'approve every pending submission')
    .option('-y, --yes', 'do not ask for confirmation (required without a terminal)')
    .option('--json', 'print each id’s outcome as JSON')
    .addHelpText(
      'after',
      [
        '\nEach id is approved on its own: one that is refused or not found does not stop the others; the exit',
        'code is 1 if any was not approved.',
        examples(
          ['approve two submissions', 'npx skillshelf submissions approve 65f0c1e2a9b8c7d6e5f4a3b2 65f0c1e2a9b8c7d6e5f4a3b3'],
          ['approve the whole queue from a script', 'npx skillshelf submissions approve --all --yes'],
        ),
      ].join('\n'),
    )
    .action(async (ids: string[], options: ChangeOptions, command: Command) => {
      const db = await openMigratedDb();
      const chosen = await chosenIds(db, ids, options, 'approve');
      if (chosen.length === 0) return;
      const actor = await actorOf(db, command);
      if (!(await confirmChange(`Approve ${plural(chosen.length, 'submission')}?`, options))) return printLine('Cancelled: nothing changed.');
      report(await approveSubmissions(db, actor, chosen), options.json === true);
    });

  submissions
    .command('reject')
    .argument('<ids...>', 'the submissions to reject (ids from submissions list)')
    .description('reject submissions (they leave the queue and are kept as rejected)')
    .option('-y, --yes', 'do not ask for confirmation (required without a terminal)')
    .option('--json', 'print each id’s outcome as JSON')
    .addHelpText(
      'after',
      examples(
        ['reject one submission', 'npx skillshelf submissions reject 65f0c1e2a9b8c7d6e5f4a3b2'],
        ['from a script', 'npx skillshelf submissions reject 65f0c1e2a9b8c7d6e5f4a3b2 --yes'],
      ),
    )
    .action(async (ids: string[], options: ChangeOptions, command: Command) => {
      const db = await openMigratedDb();
      const actor = await actorOf(db, command);
      if (!(await confirmChange(`Reject ${plural(ids.length, 'submission')}?`, options))) return printLine('Cancelled: nothing changed.');
      report(await rejectSubmissions(db, actor, ids), options.json === true);
    });
}

async function chosenIds(db: Db, ids: string[], options: ChangeOptions, verb: string): Promise<string[]> {
  if (options.all && ids.length > 0) throw new UsageError(`name the submissions to ${verb} or pass --all, not both`);
  if (!options.all && ids.length === 0) throw new UsageError(`name the submissions to ${verb} (ids from submissions list), or pass --all`);
  if (!options.all) return [...new Set(ids)];
  const pending = await listPendingSubmissions(db);
  if (pending.length === 0) printLine('No submissions are waiting for review.');
  return pending.map((s) => s._id);
}

const LABELS: Record<SubmissionOutcome['outcome'], string> = { approved: 'approved', rejected: 'rejected', refused: 'refused', 'not-found': 'not found' };

/** One line per id, then a count; exit 1 (PartlyFailed) if any id was not done. */
function report(outcomes: SubmissionOutcome[], json: boolean): void {
  if (json) printJson(outcomes);
  else {
    for (const o of outcomes) {
      const what = o.content ? `${o.content.name} → /content/${o.content.slug}` : (o.reason ?? '');
      printLine(`${LABELS[o.outcome].padEnd(9)} ${o.id}  ${what}`);
    }
    const counts = Object.entries(LABELS)
      .map(([key, label]) => [label, outcomes.filter((o) => o.outcome === key).length] as const)
      .filter(([, n]) => n > 0);
    printLine(`${counts.map(([label, n]) => `${n} ${label}`).join(', ')}.`);
  }
  const failed = outcomes.filter((o) => o.outcome === 'refused' || o.outcome === 'not-found');
  if (failed.length > 0) throw new PartlyFailed(`${failed.length} of ${plural(outcomes.length, 'submission')} could not be done: ${failed.map((o) => o.id).slice(0, 5).join(', ')}${failed.length > 5 ? ', …' : ''}`);
}

const tagText = (s: ApiSubmission) => [...s.category, ...s.techStack, ...s.type].map((t) => t.label).join(', ');
const submitter = (s: Pending) => s.submittedBy ?? 'an import or a deleted account';

/** What the submitter said of cost and certificate; "not given" where they left it blank (approval: Free, none). */
const costText = (s: ApiSubmission) => s.cost ?? 'cost not given';
const certificateText = (s: ApiSubmission, short = false) =>
  s.hasCert === null ? 'certificate not given' : s.hasCert ? (short ? 'certificate' : 'with a certificate') : 'no certificate';

function summary(s: Pending): string {
  return [tagText(s) || 'no tags', costText(s), certificateText(s, true), `by ${submitter(s)} on ${formatTime(new Date(s.createdAt))}`].join(' · ');
}

function details(s: Pending): string[] {
  const description = s.description ? truncate(s.description.replace(/\s+/g, ' '), 300) : '(none)';
  return [
    `Name         ${s.name}`,
    `Website      ${s.url}`,
    `Category     ${s.category.map((t) => t.label).join(', ') || '–'}`,
    `Tech stack   ${s.techStack.map((t) => t.label).join(', ') || '–'}`,
    `Type         ${s.type.map((t) => t.label).join(', ') || '–'}`,
    `Cost         ${costText(s)}, ${certificateText(s)}`,
    `Submitted    by ${submitter(s)} on ${formatTime(new Date(s.createdAt))}`,
    `Description  ${description}`,
    `Left blank   ${s.blankFields.join(', ') || '–'}${s.cost === null || s.hasCert === null ? ' (approval gives Free, no certificate unless edited)' : ''}`,
  ];
}
