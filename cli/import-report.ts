/** What `skillshelf import` prints: the rows that need a look, the tags it met, and what was written. */
import type { ImportOutcome, ImportReport, ImportRow } from '#db/imports/import-report.ts';
import { TAG_KINDS } from '#db/catalog/taxonomy.ts';
import { databaseLabel } from './database.ts';
import { printLine } from './output.ts';
import { formatCount } from './progress.ts';
import { plural } from '#db/validation/text.ts';

/** Rows shown per outcome before the rest are only counted: a 100k import is a summary, not 100k lines. */
const ROWS_SHOWN = 50;
/** Unknown tags listed per kind. */
const UNKNOWN_TAGS_SHOWN = 30;

/**
 * Every refused row with each of its problems; the other rows (unchanged ones aside) up to ROWS_SHOWN per
 * outcome, each with its warnings and, for an update, the fields it changes; then the tags that matched
 * none of ours, and a last line that says exactly what was written.
 */
export function printImportReport(file: string, report: ImportReport): void {
  printRows(report);
  if (report.createdTags.length > 0) {
    printLine(
      report.dryRun
        ? 'New tags the import would create (map them onto ours with --map instead, or refuse them with --no-create-tags):'
        : 'New tags created (an admin may rename, merge or retire them):',
    );
    printTagsByKind(report.createdTags, (tag) => tag.label);
    const near = report.createdTags.filter((tag) => tag.near?.length);
    if (report.dryRun && near.length > 0) {
      printLine('Some may duplicate tags of ours; to fold them in, map them (--map map.json), e.g.:');
      printLine(
        `  ${JSON.stringify(
          Object.fromEntries(
            [...new Set(near.map((tag) => tag.kind))].map((kind) => [
              kind,
              Object.fromEntries(near.filter((tag) => tag.kind === kind).map((tag) => [tag.label, tag.near![0]])),
            ]),
          ),
        )}`,
      );
      for (const tag of near)
        printLine(`  ${tag.kind} '${tag.label}' is near ${tag.near!.map((label) => `'${label}'`).join(', ')}`);
    }
  }
  if (report.unknownTags.length > 0) {
    printLine(
      report.createTags
        ? 'Tags that could not be made into tags of ours, left out of their rows (map them onto ours with --map):'
        : 'Tags that match none of ours, which refused their rows (map them onto ours with --map, or import without --no-create-tags):',
    );
    printTagsByKind(report.unknownTags, (tag) => `${tag.label} (${plural(tag.rows, 'row')})`);
  }
  printSummary(file, report);
}

/** Every refused row, the other rows up to ROWS_SHOWN per outcome (unchanged ones never), then how many were left out. */
function printRows(report: ImportReport): void {
  const shownOf = new Map<ImportOutcome, number>();
  for (const row of report.rows) {
    if (row.outcome === 'unchanged') continue;
    const shown = shownOf.get(row.outcome) ?? 0;
    shownOf.set(row.outcome, shown + 1);
    if (row.outcome !== 'refused' && shown >= ROWS_SHOWN) continue;
    printRow(row);
  }
  for (const [outcome, n] of shownOf) {
    if (n > ROWS_SHOWN && outcome !== 'refused')
      printLine(`… and ${formatCount(n - ROWS_SHOWN)} more ${outcome} (--json lists every row)`);
  }
}

/** One line per tag kind that has any, listing up to UNKNOWN_TAGS_SHOWN of them. */
function printTagsByKind<T extends { kind: string }>(tags: readonly T[], describe: (tag: T) => string): void {
  for (const kind of TAG_KINDS) {
    const ofKind = tags.filter((tag) => tag.kind === kind);
    if (ofKind.length === 0) continue;
    const listed = ofKind.slice(0, UNKNOWN_TAGS_SHOWN).map(describe);
    printLine(
      `  ${kind}: ${listed.join(', ')}${ofKind.length > UNKNOWN_TAGS_SHOWN ? `, and ${ofKind.length - UNKNOWN_TAGS_SHOWN} more (--json lists them)` : ''}`,
    );
  }
}

/** The last line: how many rows had each outcome, and exactly what was written where. */
function printSummary(file: string, report: ImportReport): void {
  const outcomes: ImportOutcome[] = report.asSubmissions
    ? ['queued', 'skipped', 'refused']
    : ['created', 'updated', 'unchanged', 'skipped', 'refused'];
  const counts = outcomes
    .filter((outcome) => outcome !== 'skipped' || report.asSubmissions || report.counts.skipped > 0)
    .map((outcome) => `${formatCount(report.counts[outcome])} ${outcome}`)
    .join(', ');
  const warned = report.warned > 0 ? ` ${plural(report.warned, 'row')} with warnings.` : '';
  const into = report.asSubmissions ? 'as submissions into' : 'into';
  if (report.dryRun) printLine(`Dry run of ${file}, nothing written: ${counts}.${warned}`);
  else if (written(report) === 0)
    printLine(`Nothing written from ${file} ${into} ${databaseLabel()}: ${counts}.${warned}`);
  else printLine(`Imported ${file} ${into} ${databaseLabel()}: ${counts}.${warned}`);
}

function printRow(row: ImportRow): void {
  const where = `row ${row.row}, line ${row.line}: ${row.outcome}`;
  if (row.outcome === 'refused') {
    printLine(`${where} ${row.name ?? row.url ?? '(no name)'}`);
    for (const problem of row.problems ?? []) printLine(`    - ${problem}`);
  } else if (row.outcome === 'skipped') printLine(`${where} ${row.reason}${row.name ? ` (${row.name})` : ''}`);
  else printLine(`${where} ${row.name} (${row.slug})`);
  for (const change of row.changes ?? []) printLine(`    ${change.field}: ${change.from} → ${change.to}`);
  if (row.outcome !== 'refused') for (const warning of row.warnings ?? []) printLine(`    warning: ${warning}`);
}

/** Contents (or submissions) the import wrote. */
const written = (report: ImportReport) =>
  report.dryRun ? 0 : report.asSubmissions ? report.counts.queued : report.counts.created + report.counts.updated;

export function writtenOf(report: ImportReport): string {
  if (report.dryRun) return 'nothing was written (dry run)';
  if (written(report) === 0) return 'nothing was written';
  if (report.asSubmissions) return `${formatCount(report.counts.queued)} queued for review`;
  return `written: ${formatCount(report.counts.created)} created, ${formatCount(report.counts.updated)} updated`;
}
