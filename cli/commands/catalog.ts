/** `skillshelf import` and `skillshelf export`: the catalog in and out of JSON or CSV files. */
import { readFileSync, statSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { Option, type Command } from 'commander';
import {
  CATALOG_COLUMNS,
  JSON_WRAPPERS,
  REQUIRED_COLUMNS,
  TAG_SEPARATOR,
  type CatalogFormat,
} from '#db/imports/files/format.ts';
import { ImportFileError } from '#db/imports/files/read-rows.ts';
import { countCatalog, exportCatalogText } from '#db/imports/catalog-export.ts';
import { BATCH_ROWS, importCatalog } from '#db/imports/catalog-import.ts';
import type { ImportReport } from '#db/imports/import-report.ts';
import { ON_EXISTING, type OnExisting } from '#db/imports/import-merge.ts';
import { TagMapError } from '#db/imports/tag-map.ts';
import { FIELD_FACETS } from '#db/catalog/facets.ts';
import { actorOf } from '../actor.ts';
import { yieldTheProcessorToTheSite } from '../background.ts';
import { databaseLabel, openMigratedDb } from '../database.ts';
import { PartlyFailed, UsageError } from '../errors.ts';
import { readText, writeAll, writeFileAtomically } from '../file-streams.ts';
import { examples } from '../help.ts';
import { printImportReport, writtenOf } from '../import-report.ts';
import { printJson, printLine } from '../output.ts';
import { progressBar } from '../progress.ts';
import { plural } from '#db/validation/text.ts';
import { visibleJson, visibleLines } from '../terminal-text.ts';

export function registerCatalogCommands(program: Command): void {
  program
    .command('import')
    .argument('<file>', 'a JSON or CSV file of contents')
    .description('add or update contents from a file; every row is checked with the rules of the API')
    .addOption(formatOption('the file format'))
    .option('--dry-run', 'check every row and report what would happen (field by field for updates), writing nothing')
    .addOption(
      new Option(
        '--on-existing <policy>',
        'what to do with contents already listed (same website): fill their empty fields, update them, or skip them (default: fill)',
      ).choices(ON_EXISTING),
    )
    .option(
      '--map <file>',
      'a JSON file mapping the file\'s tags onto ours, e.g. {"category": {"other": null, "frontend-development": "web-development"}}',
    )
    .option(
      '--no-create-tags',
      'refuse a row with a tag that matches none of ours, instead of importing it without that tag',
    )
    .option(
      '--as-submissions',
      'queue the rows as submissions for review instead (websites already listed or queued are skipped)',
    )
    .option('--json', 'print the report (every row with its position, line, outcome, warnings and changes) as JSON')
    .addHelpText('after', IMPORT_HELP)
    .action(importFile);

  program
    .command('export')
    .description('write the whole catalog to a JSON or CSV file that import reads back')
    .addOption(formatOption('json or csv'))
    .option('--out <file>', 'write to this file instead of stdout (replaced only once complete)')
    .addHelpText('after', EXPORT_HELP)
    .action(exportToFile);
}

const formatOption = (what: string) =>
  new Option('--format <format>', `${what} (default: from the file's extension)`).choices(['json', 'csv']);

function formatFromName(file: string): CatalogFormat | undefined {
  const extension = extname(file).toLowerCase();
  return extension === '.json' ? 'json' : extension === '.csv' ? 'csv' : undefined;
}

const IMPORT_HELP = [
  '',
  'Formats:',
  '  JSON  an array of contents in the API’s shape, e.g. the output of `skillshelf export`:',
  '        [{ "name": "…", "url": "https://…", "description": "…", "slug": "…", "image": "…", "cost": "Free",',
  '           "hasCert": false, "category": ["Web Development"], "techStack": [{ "label": "Python", "value": "python" }],',
  '           "type": [], "createdAt": "2024-05-01T12:00:00.000Z", "updatedAt": "2024-06-01T12:00:00.000Z" }]',
  `        or an object holding that array under ${JSON_WRAPPERS.map((w) => `"${w}"`).join(', ')} ({"contents": […], "total": 127}).`,
  '        Tags as plain labels or label/value pairs; other fields (_id, rating, …) are ignored.',
  `  CSV   a header line naming the columns, in any order: ${CATALOG_COLUMNS.join(',')},updatedAt`,
  `        Required: ${REQUIRED_COLUMNS.join(', ')}. Tag columns hold labels separated by '${TAG_SEPARATOR}' (Python|Javascript);`,
  '        hasCert is true/false (or yes/no, 1/0); fields with commas, quotes or line breaks are quoted as in',
  '        RFC 4180 ("say ""hi"""). Empty cells take the defaults (cost Free, hasCert false, no tags, none).',
  ...FIELD_FACETS.map(
    (facet) =>
      `        ${facet.key}: one of ${facet.choices.map((choice) => choice.value).join(', ')} (or its label); empty for none.`,
  ),
  "        A cell starting with ' has that one quote taken off: export writes it before every cell that starts",
  "        with = + - @, a tab, a carriage return or ', so a spreadsheet shows such a cell as text instead of",
  '        running it as a formula, and the import gives back exactly what was exported.',
  '',
  'Rows:',
  '  Each row is named by its position in the file (row 17) and the line it starts on. A row is matched to a',
  '  listed content by its website, normalised (scheme, www., trailing slash, tracking parameters do not',
  '  count); other rows are created, with createdAt and updatedAt when the file gives them, and the slug',
  '  derived from the name when missing (made unique). Importing the same file twice changes nothing the',
  '  second time. A listed content, by --on-existing:',
  '    fill    (default) only its empty fields are filled: the image, a description that is empty or a',
  '            placeholder ("Description not available."), a tag kind without tags. Curated fields stay.',
  '    update  every field the row gives replaces ours, but never with an empty value or a placeholder.',
  '    skip    left alone.',
  '',
  'Files from elsewhere:',
  '  Tags are matched to ours without regard to case or punctuation ("Php" is PHP, "nodejs" Node.js), after',
  "  --map, whose keys are the file's tags (labels or values) and whose values are ours, or null to drop the",
  '  tag: {"category": {"other": null, "frontend-development": "web-development"}, "techStack": {"golang": null}}.',
  '  A tag that matches none of ours is created (once, with a warning on the first row that has it), and the',
  '  report lists the new tags; --dry-run lists what it would create, to write a map from first.',
  '  --no-create-tags refuses those rows instead, listing each unknown tag with its count.',
  '  A slug that breaks our rule (ui.dev-react) is made valid (ui-dev-react, suffixed when taken), and an',
  '  image that is neither an http(s) URL nor a file of this site (one of its uploads) is left out, so the',
  '  content shows its generated tile; each with a warning on its row.',
  '',
  'Errors:',
  '  A row with problems (a bad URL, a missing name, a row over 1 MB) is refused with all of them, while the',
  '  valid rows are written; the exit code is then 1, and the last line says what was written. A file that',
  '  cannot be read as rows at all (bad JSON, a CSV header without a required column, an unclosed quote) is',
  `  refused whole, before anything is written. Rows are written in batches of ${BATCH_ROWS}: if the import stops`,
  '  midway, run it again to finish. The import is recorded in the audit log with its counts.',
  '  It runs at the lowest priority of the processor, so that the site on the same machine is served first.',
  examples(
    ['see what a file would change', 'npx skillshelf import catalog.csv --dry-run'],
    ['load a catalog exported elsewhere', 'npx skillshelf import skillshelf-export.json'],
    [
      "another directory's export, its tags mapped onto ours",
      'npx skillshelf import their-export.json --map map.json --dry-run',
    ],
    ['let the file overwrite what is listed', 'npx skillshelf import catalog.json --on-existing update'],
    ['queue a list of links for review', 'npx skillshelf import links.csv --as-submissions'],
    [
      'only the refused rows, in a script',
      'npx skillshelf import catalog.json --json | jq \'.rows[] | select(.outcome == "refused")\'',
    ],
  ),
].join('\n');

interface ImportOptions {
  format?: CatalogFormat;
  dryRun?: boolean;
  asSubmissions?: boolean;
  onExisting?: OnExisting;
  map?: string;
  createTags: boolean;
  json?: boolean;
}

async function importFile(file: string, options: ImportOptions, command: Command): Promise<void> {
  const format = options.format ?? formatFromName(file);
  if (!format)
    throw new UsageError(`cannot tell the format of ${file} from its name: pass --format json or --format csv`);
  if (options.asSubmissions && options.onExisting)
    throw new UsageError('--on-existing does not apply to --as-submissions: websites already listed are skipped');
  const size = fileSize(file);
  yieldTheProcessorToTheSite();
  const tagMap = options.map === undefined ? undefined : readMapFile(options.map);
  const db = await openMigratedDb();
  const actor = await actorOf(db, command);
  const progress = progressBar('reading');
  let report: ImportReport;
  try {
    report = await importCatalog(
      db,
      actor,
      readText(file, (read) => progress.update(read, size)),
      {
        format,
        source: basename(file),
        dryRun: options.dryRun === true,
        asSubmissions: options.asSubmissions === true,
        ...(options.onExisting ? { onExisting: options.onExisting } : {}),
        ...(tagMap === undefined ? {} : { tagMap }),
        createTags: options.createTags,
        onProgress: (done, total) => progress.update(done, total, options.dryRun ? 'checking' : 'writing'),
      },
    );
  } catch (error) {
    if (error instanceof ImportFileError)
      throw new ImportFileError(undefined, `${file}: ${error.message}: nothing was imported`);
    if (error instanceof TagMapError)
      throw new ImportFileError(undefined, `${options.map}: ${error.message}: nothing was imported`);
    throw error;
  } finally {
    progress.finish();
  }
  if (options.json) printJson({ file, ...report });
  else printImportReport(file, report);
  const refused = report.rows.filter((row) => row.outcome === 'refused');
  if (refused.length > 0) {
    const positions = refused.slice(0, 10).map((row) => row.row);
    const which = `row${positions.length > 1 ? 's' : ''} ${positions.join(', ')}${refused.length > 10 ? ', …' : ''}`;
    throw new PartlyFailed(`${plural(refused.length, 'row')} refused (${which}); ${writtenOf(report)}`);
  }
}

function fileSize(file: string): number {
  try {
    const stat = statSync(file);
    if (stat.isDirectory()) throw new ImportFileError(undefined, `${file} is a directory, not a file`);
    return stat.size;
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError(
      undefined,
      `cannot read ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
    );
  }
}

/** A --map file's JSON; what it says is checked by the import, before any row is read. */
function readMapFile(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new ImportFileError(undefined, `cannot read the map ${path}: ${why}: nothing was imported`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ImportFileError(
      undefined,
      `${path}: the map is not valid JSON (${(error as Error).message}): nothing was imported`,
    );
  }
}

const EXPORT_HELP = [
  `\nEvery content, oldest first, read in pages: ${CATALOG_COLUMNS.join(', ')} (ids, ratings and reviews`,
  'stay in the database; what a content has none of is null, or an empty cell). JSON is an array with one',
  'content per line; CSV has the columns import documents. Without --out and --format, JSON on stdout;',
  'shown on a terminal, control characters in the data are escaped (piped or in a file, the text is exact).',
  "In CSV, a cell that starts with = + - @, a tab, a carriage return or ' is written with a ' before it, so",
  'a spreadsheet does not run it as a formula; import takes that quote off again.',
  examples(
    ['a JSON file of the catalog', 'npx skillshelf export --out catalog.json'],
    ['CSV, for a spreadsheet', 'npx skillshelf export --format csv --out catalog.csv'],
    [
      'copy the catalog into another database',
      'npx skillshelf export --out c.json && DATABASE_URL=file:other.db npx skillshelf import c.json',
    ],
  ),
].join('\n');

async function exportToFile(options: { format?: CatalogFormat; out?: string }): Promise<void> {
  const format = options.format ?? (options.out ? formatFromName(options.out) : undefined) ?? 'json';
  const db = await openMigratedDb();
  const total = await countCatalog(db);
  const progress = progressBar('exporting');
  let exported = 0;
  const text = exportCatalogText(db, format, { onPage: (n) => progress.update((exported += n), total) });
  try {
    if (options.out) await writeFileAtomically(options.out, text);
    else await writeAll(process.stdout, process.stdout.isTTY ? shownOnTerminal(text, format) : text);
  } finally {
    progress.finish();
  }
  if (options.out)
    printLine(
      `Exported ${plural(exported, 'content')} from ${databaseLabel()} to ${options.out} (${format.toUpperCase()}).`,
    );
}

/**
 * The export read on a terminal rather than piped or saved: JSON with control and format characters as \u
 * escapes (still the same JSON), CSV with them shown escaped and its line breaks kept.
 */
async function* shownOnTerminal(chunks: AsyncIterable<string>, format: CatalogFormat): AsyncGenerator<string> {
  for await (const chunk of chunks) yield format === 'json' ? visibleJson(chunk) : visibleLines(chunk);
}
