/** `skillshelf links …`: whether the catalog's links still work. */
import type { Command } from 'commander';
import { invalid } from '#db/errors.ts';
import { BROKEN_AFTER_FAILURES, runLinkCheck, type LinkCheckReport, type LinkResult } from '#db/links/link-check.ts';
import { yieldTheProcessorToTheSite } from '../background.ts';
import { openMigratedDb } from '../database.ts';
import { NewlyBroken } from '../errors.ts';
import { examples } from '../help.ts';
import { parseCount } from '../options.ts';
import { formatTime, printJson, printLine } from '../output.ts';
import { progressBar } from '../progress.ts';
import { plural } from '#db/validation/text.ts';

export function registerLinkCommands(program: Command): void {
  const links = program
    .command('links')
    .description('whether the catalog’s links still work')
    .addHelpText(
      'after',
      examples([
        'check every link, from cron, alerting when one broke',
        'npx skillshelf links check --only-due || mail-the-admins',
      ]),
    );

  links
    .command('check')
    .description(
      'check the published contents’ links and record what each answers (status, final URL, failures in a row)',
    )
    .option('--concurrency <n>', 'links checked at once', parseCount, 8)
    .option('--timeout <seconds>', 'how long each request may take', parseCount, 10)
    .option(
      '--only-due',
      'only links never checked, due again (LINK_CHECK_INTERVAL_HOURS, else a day, after the last check), or reported by a user',
    )
    .option(
      '--pictures',
      'then fetch a picture for each content whose link answered and that shows its letter tile: the one it was given by address, else og:image, else the icon',
    )
    .option(
      '--facts',
      "then read the facts (provider, hours, skills…) each answering content's page gives in its JSON-LD, as suggestions for the admin",
    )
    .option('--json', 'print the report as JSON')
    .addHelpText('after', CHECK_HELP)
    .action(checkLinks);
}

const CHECK_HELP = [
  '\nEach link is asked with HEAD (GET where HEAD is refused); up to 5 redirects are followed; a host is asked',
  'at most once a second. A link that answers 2xx works (401 and 403 too: the page is there, behind a login);',
  'one that answers 429 or 503 is asked again after its Retry-After and never counted as failing.',
  `A link is broken when it failed ${BROKEN_AFTER_FAILURES} times in a row over at least 48 hours: its page says so, the admin`,
  'screens flag it. A run holds a lease in the database: while another run (here or the server’s schedule)',
  'holds it, this one stops with exit 1.',
  '\nExit codes: 0 nothing newly broken, 3 at least one link newly broken (cron can alert on it), 1 the check could not run.',
  examples(
    ['check every link', 'npx skillshelf links check'],
    ['from cron: only what is due, report as JSON', 'npx skillshelf links check --only-due --json > links.json'],
  ),
].join('\n');

interface CheckOptions {
  concurrency: number;
  timeout: number;
  onlyDue?: boolean;
  pictures?: boolean;
  facts?: boolean;
  json?: boolean;
}

async function checkLinks(options: CheckOptions): Promise<void> {
  yieldTheProcessorToTheSite();
  const db = await openMigratedDb();
  const progress = progressBar('Checking links');
  const run = await runLinkCheck(db, {
    concurrency: options.concurrency,
    timeoutMs: options.timeout * 1000,
    onlyDue: options.onlyDue === true,
    pictures: options.pictures === true,
    facts: options.facts === true,
    onProgress: (done, total) => progress.update(done, total),
  });
  progress.finish();
  if (!run.ran)
    throw invalid(
      `Another link check is running (${run.holder}, lease until ${formatTime(run.until)}): nothing was checked`,
    );
  const report = run.value;
  if (options.json) printJson(report);
  else printReport(report);
  if (report.newlyBroken > 0) throw new NewlyBroken(`${plural(report.newlyBroken, 'link')} newly broken`);
}

function printReport(report: LinkCheckReport): void {
  for (const r of report.results) {
    const line = describe(r);
    if (line) printLine(line);
  }
  const parts = [
    `${report.ok} ok`,
    ...(report.failed ? [`${report.failed} failing`] : []),
    ...(report.broken ? [`${report.broken} broken (${report.newlyBroken} newly)`] : []),
    ...(report.deferred ? [`${report.deferred} to retry later`] : []),
    ...(report.moved ? [`${report.moved} moved`] : []),
    ...(report.pictures
      ? [
          `pictures: ${report.pictures['og:image']} from og:image, ${report.pictures.icon} from icons, ${report.pictures.given} given, ${report.pictures.none} none`,
        ]
      : []),
    ...(report.facts ? [`facts: ${report.facts.read} pages read, ${report.facts.withFacts} with facts`] : []),
  ];
  printLine(
    `${report.checked === 0 ? 'No links to check' : `Checked ${plural(report.checked, 'link')}`}: ${parts.join(', ')}.`,
  );
}

/** One line for a link that needs a look (nothing for one that simply works). */
function describe(r: LinkResult): string | undefined {
  const what = `${r.contentId}  ${r.name}  ${r.url}`;
  if (r.outcome === 'failed') {
    const state = r.newlyBroken ? 'BROKEN  ' : r.broken ? 'broken  ' : 'failing ';
    return `${state} ${what}  ${r.error} (${plural(r.failures, 'failure')} in a row)`;
  }
  if (r.outcome === 'deferred') return `later    ${what}  ${r.error}; retry after ${formatTime(new Date(r.retryAt!))}`;
  if (r.movedTo) return `moved    ${what}  → ${r.movedTo}`;
  return undefined;
}
