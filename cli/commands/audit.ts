/** `skillshelf audit`: who changed what, from the site's admin screens and from this CLI. */
import type { Command } from 'commander';
import { listAudit, type AuditEntry } from '#db/operations/audit.ts';
import { openMigratedDb } from '../database.ts';
import { examples } from '../help.ts';
import { parseCount, parseDate } from '../options.ts';
import { formatTime, printJson, printLine } from '../output.ts';

export function registerAuditCommand(program: Command): void {
  program
    .command('audit')
    .description('the admin audit log, newest first: approvals, deletions, role changes, imports…')
    .option('--since <date>', 'only entries from this day (YYYY-MM-DD, UTC) or time (ISO 8601) on', parseDate)
    .option('--limit <n>', 'show at most n entries', parseCount, 50)
    .option('--json', 'print the entries as a JSON array')
    .addHelpText('after', AUDIT_HELP)
    .action(showAudit);
}

const AUDIT_HELP = examples(
  ['the latest 50 entries', 'npx skillshelf audit'],
  ['everything since the first of May', 'npx skillshelf audit --since 2024-05-01 --limit 10000'],
  [
    'who approved what today, in a script',
    `npx skillshelf audit --since $(date -u +%F) --json | jq '.[] | select(.action == "submission.approve")'`,
  ],
);

interface AuditOptions {
  since?: Date;
  limit: number;
  json?: boolean;
}

async function showAudit(options: AuditOptions): Promise<void> {
  const entries = await listAudit(await openMigratedDb(), {
    limit: options.limit,
    ...(options.since ? { since: options.since } : {}),
  });
  if (options.json) printJson(entries);
  else if (entries.length === 0)
    printLine(options.since ? `No audit entries since ${formatTime(options.since)}.` : 'The audit log is empty.');
  else entries.forEach(printEntry);
}

function printEntry(entry: AuditEntry): void {
  const who = entry.actorLabel || entry.actor;
  const details = entry.details && Object.keys(entry.details).length ? `  ${JSON.stringify(entry.details)}` : '';
  printLine(`${formatTime(entry.at)}  ${who}  ${entry.action}  ${entry.targetType}:${entry.targetId}${details}`);
}
