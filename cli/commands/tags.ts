/** `skillshelf tags …`: the catalog's tags (rows since decision 011), with how many contents carry each. */
import type { Command } from 'commander';
import { invalid } from '#db/errors.ts';
import type { TagKind } from '#db/schema.ts';
import { addTag, listTagUsage } from '#db/services/tags.ts';
import { TAG_KINDS } from '#db/taxonomy.ts';
import { actorOf } from '../actor.ts';
import { openMigratedDb } from '../database.ts';
import { examples } from '../help.ts';
import { printJson, printLine } from '../output.ts';
import { confirmChange } from '../prompts/confirm.ts';
import { plural } from '../progress.ts';

function parseKind(value: string): TagKind {
  if (!(TAG_KINDS as readonly string[]).includes(value)) throw invalid(`The kind is one of ${TAG_KINDS.join(', ')}, not '${value}'`);
  return value as TagKind;
}

export function registerTagCommands(program: Command): void {
  const tags = program
    .command('tags')
    .description('the tags contents carry: categories, tech stacks and content types')
    .addHelpText('after', examples(['every tag with its use', 'npx skillshelf tags list']));

  tags
    .command('list')
    .description('every tag of each kind, in the order they were added, with how many contents carry it')
    .option('--kind <kind>', `only this kind (${TAG_KINDS.join(', ')})`, parseKind)
    .option('--json', 'print them as a JSON array')
    .addHelpText(
      'after',
      examples(
        ['the tech stacks', 'npx skillshelf tags list --kind techStack'],
        ['tags no content carries, for a script', "npx skillshelf tags list --json | jq -r '.[] | select(.contents == 0) | .value'"],
      ),
    )
    .action(async (options: { kind?: TagKind; json?: boolean }) => {
      const usage = await listTagUsage(await openMigratedDb(), options.kind);
      if (options.json) return printJson(usage);
      for (const kind of TAG_KINDS) {
        const ofKind = usage.filter((tag) => tag.kind === kind);
        if (ofKind.length === 0) continue;
        printLine(`${kind} (${ofKind.length})`);
        for (const tag of ofKind) printLine(`  ${tag.label} (${tag.value})  ${plural(tag.contents, 'content')}${tag.status === 'retired' ? '  retired' : ''}`);
      }
    });

  tags
    .command('add')
    .argument('<kind>', `the kind: ${TAG_KINDS.join(', ')}`, parseKind)
    .argument('<label>', 'the label shown; the value is made from it (lowercased, spaces as hyphens)')
    .description('add a tag, offered at once in the forms and filters')
    .option('-y, --yes', 'do not ask for confirmation (required without a terminal)')
    .addHelpText(
      'after',
      examples(
        ['a tech stack', 'npx skillshelf tags add techStack Elixir'],
        ['from a script', "npx skillshelf tags add category 'Game Development' --yes"],
      ),
    )
    .action(async (kind: TagKind, label: string, options: { yes?: boolean }, command: Command) => {
      const db = await openMigratedDb();
      const actor = await actorOf(db, command);
      if (!(await confirmChange(`Add the ${kind} '${label}'?`, options))) return printLine('Cancelled: nothing changed.');
      const tag = await addTag(db, actor, kind, label);
      printLine(`Added the ${kind} '${tag.label}' (${tag.value}).`);
    });
}
