/** `skillshelf import` and `skillshelf export`: the catalog in and out of JSON or CSV files. */
import { once } from 'node:events';
import { createReadStream, createWriteStream, renameSync, rmSync, statSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { Option, type Command } from 'commander';
import { count } from 'drizzle-orm';
import { contents } from '#db/schema.ts';
import {
  BATCH_ROWS,
  CATALOG_COLUMNS,
  exportCatalogText,
  importCatalog,
  ImportFileError,
  REQUIRED_COLUMNS,
  TAG_SEPARATOR,
  type CatalogFormat,
  type ImportOutcome,
  type ImportReport,
} from '#db/services/catalog-io.ts';
import { actorOf } from '../actor.ts';
import { databaseLabel, openMigratedDb } from '../database.ts';
import { PartlyFailed, UsageError } from '../errors.ts';
import { examples } from '../help.ts';
import { printJson, printLine } from '../output.ts';
import { formatCount, plural, progressBar } from '../progress.ts';
import { visibleJson, visibleLines } from '../terminal-text.ts';

interface ImportOptions {
  format?: CatalogFormat;
  dryRun?: boolean;
  asSubmissions?: boolean;
  json?: boolean;
}

interface ExportOptions {
  format?: CatalogFormat;
  out?: string;
}

const formatOption = (what: string) => new Option('--format <format>', `${what} (default: from the file's extension)`).choices(['json', 'csv']);

export function registerCatalogCommands(program: Command): void {
  program
    .command('import')
    .argument('<file>', 'a JSON or CSV file of contents')
    .description('add or update contents from a file; every row is checked with the rules of the API')
    .addOption(formatOption('the file format'))
    .option('--dry-run', 'check every row and report what would happen, writing nothing')
    .option('--as-submissions', 'queue the rows as submissions for review instead (websites already listed or queued are skipped)')
    .option('--json', 'print the report (every row with its line and outcome) as JSON')
    .addHelpText(
      'after',
      [
        '',
        'Formats:',
        '  JSON  an array of contents in the API’s shape, e.g. the output of `skillshelf export`:',
        '        [{ "name": "…", "url": "https://…", "description": "…", "slug": "…", "image": "…", "cost": "Free",',
        '           "hasCert": false, "category": ["Web Development"], "techStack": [{ "label": "Python", "value": "python" }],',
        '           "type": [], "createdAt": "2024-05-01T12:00:00.000Z" }]',
        '        Tags as plain labels or label/value pairs; other fields (_id, rating, …) are ignored.',
        `  CSV   a header line naming the columns, in any order: ${CATALOG_COLUMNS.join(',')}`,
        `        Required: ${REQUIRED_COLUMNS.join(', ')}. Tag columns hold labels separated by '${TAG_SEPARATOR}' (Python|Javascript);`,
        '        hasCert is true/false (or yes/no, 1/0); fields with commas, quotes or line breaks are quoted as in',
        '        RFC 4180 ("say ""hi"""). Empty cells take the defaults (cost Free, hasCert false, no tags).',
        "        A cell starting with ' has that one quote taken off: export writes it before every cell that starts",
        "        with = + - @, a tab, a carriage return or ', so a spreadsheet shows such a cell as text instead of",
        "        running it as a formula, and the import gives back exactly what was exported.",
        '',
        'Rows:',
        '  A row is matched to a listed content by its website, normalised (scheme, www., trailing slash, tracking',
        '  parameters do not count): a match is updated if a field differs, else left unchanged; other rows are',
        '  created, with the slug derived from the name when missing (made unique). Importing the same file twice',
        '  changes nothing the second time. createdAt, when given, dates the contents it creates.',
        '',
        'Errors:',
        '  An invalid row (a bad URL, an unknown tag, a row over 1 MB, a slug held by another content) is refused',
        '  with its line and reason, while the valid rows are written; the exit code is then 1. A file that cannot',
        '  be read as rows at all (bad JSON, a CSV header without a required column, an unclosed quote) is refused',
        `  whole, before anything is written. Rows are written in batches of ${BATCH_ROWS}: if the import stops midway, run it`,
        '  again to finish. The import is recorded in the audit log with its counts.',
        examples(
          ['see what a file would change', 'npx skillshelf import catalog.csv --dry-run'],
          ['load a catalog exported elsewhere', 'npx skillshelf import skillshelf-export.json'],
          ['queue a list of links for review', 'npx skillshelf import links.csv --as-submissions'],
          ['only the refused rows, in a script', "npx skillshelf import catalog.json --json | jq '.rows[] | select(.outcome == \"refused\")'"],
        ),
      ].join('\n'),
    )
    .action(async (file: string, options: ImportOptions, command: Command) => {
      const format = options.format ?? formatFromName(file);
      if (!format) throw new UsageError(`cannot tell the format of ${file} from its name: pass --format json or --format csv`);
      const size = fileSize(file);
      const db = await openMigratedDb();
      const actor = await actorOf(db, command);
      const progress = progressBar('reading');
      let report: ImportReport;
      try {
        report = await importCatalog(db, actor, readText(file, (read) => progress.update(read, size)), {
          format,
          source: basename(file),
          dryRun: options.dryRun === true,
          asSubmissions: options.asSubmissions === true,
          onProgress: (done, total) => progress.update(done, total, options.dryRun ? 'checking' : 'writing'),
        });
      } catch (error) {
        if (error instanceof ImportFileError) throw new ImportFileError(undefined, `${file}: ${error.message}: nothing was imported`);
        throw error;
      } finally {
        progress.finish();
      }
      if (options.json) printJson({ file, ...report });
      else printImportReport(file, report);
      const refused = report.rows.filter((row) => row.outcome === 'refused');
      if (refused.length > 0) {
        const lines = refused.slice(0, 10).map((row) => row.line);
        const written = options.dryRun ? 'nothing was written (dry run)' : 'the other rows were written';
        throw new PartlyFailed(`${plural(refused.length, 'row')} refused (line${lines.length > 1 ? 's' : ''} ${lines.join(', ')}${refused.length > 10 ? ', …' : ''}); ${written}`);
      }
    });

  program
    .command('export')
    .description('write the whole catalog to a JSON or CSV file that import reads back')
    .addOption(formatOption('json or csv'))
    .option('--out <file>', 'write to this file instead of stdout (replaced only once complete)')
    .addHelpText(
      'after',
      [
        '\nEvery content, oldest first, read in pages: name, slug, url, image, description, cost, hasCert, the',
        'three tag lists and createdAt (ids, ratings and reviews stay in the database). JSON is an array with one',
        'content per line; CSV has the columns import documents. Without --out and --format, JSON on stdout;',
        'shown on a terminal, control characters in the data are escaped (piped or in a file, the text is exact).',
        "In CSV, a cell that starts with = + - @, a tab, a carriage return or ' is written with a ' before it, so",
        'a spreadsheet does not run it as a formula; import takes that quote off again.',
        examples(
          ['a JSON file of the catalog', 'npx skillshelf export --out catalog.json'],
          ['CSV, for a spreadsheet', 'npx skillshelf export --format csv --out catalog.csv'],
          ['copy the catalog into another database', 'npx skillshelf export --out c.json && DATABASE_URL=file:other.db npx skillshelf import c.json'],
        ),
      ].join('\n'),
    )
    .action(async (options: ExportOptions) => {
      const format = options.format ?? (options.out ? formatFromName(options.out) : undefined) ?? 'json';
      const db = await openMigratedDb();
      const [total] = await db.select({ n: count() }).from(contents);
      const progress = progressBar('exporting');
      let exported = 0;
      const text = exportCatalogText(db, format, { onPage: (n) => progress.update((exported += n), total?.n ?? exported) });
      try {
        if (options.out) await writeFileAtomically(options.out, text);
        else await writeAll(process.stdout, process.stdout.isTTY ? shownOnTerminal(text, format) : text);
      } finally {
        progress.finish();
      }
      if (options.out) printLine(`Exported ${plural(exported, 'content')} from ${databaseLabel()} to ${options.out} (${format.toUpperCase()}).`);
    });
}

/**
 * The export read on a terminal rather than piped or saved: JSON with control and format characters as \u
 * escapes (still the same JSON), CSV with them shown escaped and its line breaks kept.
 */
async function* shownOnTerminal(chunks: AsyncIterable<string>, format: CatalogFormat): AsyncGenerator<string> {
  for await (const chunk of chunks) yield format === 'json' ? visibleJson(chunk) : visibleLines(chunk);
}

function formatFromName(file: string): CatalogFormat | undefined {
  const extension = extname(file).toLowerCase();
  return extension === '.json' ? 'json' : extension === '.csv' ? 'csv' : undefined;
}

function fileSize(file: string): number {
  try {
    const stat = statSync(file);
    if (stat.isDirectory()) throw new ImportFileError(undefined, `${file} is a directory, not a file`);
    return stat.size;
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError(undefined, `cannot read ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
  }
}

/** The file as text chunks of 1 MB, reporting the bytes read so far. */
async function* readText(file: string, onRead: (bytes: number) => void): AsyncGenerator<string> {
  const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 });
  for await (const chunk of stream) {
    yield chunk as string;
    onRead(stream.bytesRead);
  }
}

/** Writes every chunk, waiting when the stream's buffer is full (a slow pipe must not fill memory). */
async function writeAll(stream: NodeJS.WritableStream, chunks: AsyncIterable<string>): Promise<void> {
  let failed: Error | undefined;
  const onError = (error: Error) => (failed = error);
  stream.on('error', onError);
  try {
    for await (const chunk of chunks) {
      if (failed) throw failed;
      if (!stream.write(chunk)) await drained(stream);
    }
    if (failed) throw failed;
  } finally {
    stream.off('error', onError);
  }
}

/** Resolves on 'drain', rejects on 'error', and leaves no listener behind either way. */
function drained(stream: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      stream.off('drain', onDrain);
      stream.off('error', settle);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => settle();
    stream.on('drain', onDrain);
    stream.on('error', settle);
  });
}

/** Writes beside the target and renames it over at the end, so a failed export never leaves half a file. */
async function writeFileAtomically(path: string, chunks: AsyncIterable<string>): Promise<void> {
  const partial = `${path}.partial`;
  const stream = createWriteStream(partial);
  try {
    await writeAll(stream, chunks);
    stream.end();
    await once(stream, 'finish');
    renameSync(partial, path);
  } catch (error) {
    stream.destroy();
    rmSync(partial, { force: true });
    throw error;
  }
}

const OUTCOME_LABELS: Record<ImportOutcome, string> = {
  created: 'created',
  updated: 'updated',
  unchanged: 'unchanged',
  queued: 'queued',
  skipped: 'skipped',
  refused: 'refused',
};

/** Written rows shown per outcome before the rest are only counted: a 100k import is a summary, not 100k lines. */
const WRITTEN_ROWS_SHOWN = 50;

/**
 * Every skipped or refused row with its line and reason; the rows written (or that would be) up to
 * WRITTEN_ROWS_SHOWN per outcome, then a count (--json lists every row); unchanged rows only in the count.
 */
function printImportReport(file: string, report: ImportReport): void {
  const shownOf = new Map<ImportOutcome, number>();
  for (const row of report.rows) {
    if (row.outcome === 'unchanged') continue;
    const problem = row.outcome === 'refused' || row.outcome === 'skipped';
    const shown = shownOf.get(row.outcome) ?? 0;
    shownOf.set(row.outcome, shown + 1);
    if (!problem && shown >= WRITTEN_ROWS_SHOWN) continue;
    const what = problem ? `${row.reason}${row.name ? ` (${row.name})` : ''}` : `${row.name} (${row.slug})`;
    printLine(`line ${row.line}: ${OUTCOME_LABELS[row.outcome]} ${what}`);
  }
  for (const [outcome, n] of shownOf) {
    if (n > WRITTEN_ROWS_SHOWN && outcome !== 'refused' && outcome !== 'skipped') {
      printLine(`… and ${formatCount(n - WRITTEN_ROWS_SHOWN)} more ${OUTCOME_LABELS[outcome]} (--json lists every row)`);
    }
  }
  const shown: ImportOutcome[] = report.asSubmissions ? ['queued', 'skipped', 'refused'] : ['created', 'updated', 'unchanged', 'refused'];
  const counts = shown.map((outcome) => `${formatCount(report.counts[outcome])} ${OUTCOME_LABELS[outcome]}`).join(', ');
  const into = report.asSubmissions ? 'as submissions into' : 'into';
  printLine(report.dryRun ? `Dry run of ${file}, nothing written: ${counts}.` : `Imported ${file} ${into} ${databaseLabel()}: ${counts}.`);
}
