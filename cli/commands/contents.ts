/** `skillshelf contents …`: the listed resources. */
import type { Command } from 'commander';
import { deleteContent, findContent, listContents } from '#db/catalog/content-admin.ts';
import type { ContentShape } from '#db/catalog/contract.ts';
import { actorOf } from '../actor.ts';
import { openMigratedDb } from '../database.ts';
import { examples } from '../help.ts';
import { parseCount } from '../options.ts';
import { printJson, printLine } from '../output.ts';
import { formatCount } from '../progress.ts';
import { plural } from '#db/validation/text.ts';
import { confirmChange } from '../prompts/confirm.ts';

export function registerContentCommands(program: Command): void {
  const contents = program
    .command('contents')
    .description('the listed resources')
    .addHelpText(
      'after',
      examples(['find a content to delete', "npx skillshelf contents list --search 'odin project'"]),
    );

  contents
    .command('list')
    .description('the newest contents, or those matching a search (the site’s search: relevance order, typo fallback)')
    .option('--search <term>', 'words to search for in names, descriptions and tags')
    .option('--limit <n>', 'show at most n contents', parseCount, 20)
    .option('--json', 'print the contents as a JSON array (the API’s shape)')
    .addHelpText('after', LIST_HELP)
    .action(showContents);

  contents
    .command('delete')
    .argument('<id|slug>', 'the content’s id or slug')
    .description('delete a content with its reviews and saves')
    .option('-y, --yes', 'do not ask for confirmation (required without a terminal)')
    .addHelpText('after', DELETE_HELP)
    .action(removeContent);
}

const LIST_HELP = examples(
  ['the 20 newest', 'npx skillshelf contents list'],
  ['search, as on the site', 'npx skillshelf contents list --search python --limit 50'],
  [
    'the slugs of every match, for a script',
    "npx skillshelf contents list --search rails --limit 1000 --json | jq -r '.[].slug'",
  ],
);

interface ListOptions {
  search?: string;
  limit: number;
  json?: boolean;
}

async function showContents(options: ListOptions): Promise<void> {
  const listing = await listContents(await openMigratedDb(), {
    limit: options.limit,
    ...(options.search ? { search: options.search } : {}),
  });
  if (options.json) return printJson(listing.contents);
  if (listing.correctedTerm)
    printLine(`Nothing matched '${options.search}': showing results for '${listing.correctedTerm}'.`);
  listing.contents.forEach(printContent);
  const what = options.search
    ? `${plural(listing.total, 'match', 'matches')} for '${options.search}'`
    : `${plural(listing.total, 'content')}, newest first`;
  printLine(
    listing.contents.length === 0
      ? options.search
        ? `No contents match '${options.search}'.`
        : 'The catalog is empty.'
      : `Showing ${formatCount(listing.contents.length)} of ${what}.`,
  );
}

const DELETE_HELP = examples(
  ['delete by slug, confirming at the prompt', 'npx skillshelf contents delete the-odin-project'],
  ['from a script', 'npx skillshelf contents delete 65f0c1e2a9b8c7d6e5f4a3b2 --yes'],
);

async function removeContent(ref: string, options: { yes?: boolean }, command: Command): Promise<void> {
  const db = await openMigratedDb();
  const actor = await actorOf(db, command);
  const content = await findContent(db, ref);
  const reviews = content.numReviews ? ` and its ${plural(content.numReviews, 'review')}` : '';
  if (!(await confirmChange(`Delete '${content.name}' (${content.slug})${reviews}?`, options)))
    return printLine('Cancelled: nothing changed.');
  await deleteContent(db, actor, content._id);
  printLine(`Deleted '${content.name}' (${content.slug}, id ${content._id}).`);
}

function printContent(content: ContentShape): void {
  const tags = [...content.category, ...content.techStack, ...content.type].map((t) => t.label).join(', ');
  const rating = content.numReviews ? `★ ${content.rating} (${content.numReviews})` : 'no reviews';
  printLine(`${content._id}  ${content.name}`);
  printLine(
    `    /content/${content.slug} · ${content.url || 'no website'} · ${content.cost}${content.hasCert ? ' · certificate' : ''} · ${rating}${tags ? ` · ${tags}` : ''}`,
  );
}
