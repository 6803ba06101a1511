/** `skillshelf tags …`: the catalog's tags (rows since decision 011), with how many contents carry each. */
import type { Command } from 'commander';
import { invalid } from '#db/errors.ts';
import { describeTag, mergeTags, renameTag, setTagStatus, type MoveOptions } from '#db/catalog/tags/tag-changes.ts';
import { progressBar } from '../progress.ts';
import { addTag, listTagUsage } from '#db/catalog/tags/tags.ts';
import { TAG_KINDS, type TagKind } from '#db/catalog/taxonomy.ts';
import type { TagStatus } from '#db/catalog/validation/tags.ts';
import { actorOf } from '../actor.ts';
import { openMigratedDb } from '../database.ts';
import { examples } from '../help.ts';
import { printJson, printLine } from '../output.ts';
import { confirmChange } from '../prompts/confirm.ts';
import { plural } from '#db/validation/text.ts';

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
    .addHelpText('after', LIST_HELP)
    .action(listTags);

  tags
    .command('add')
    .argument('<kind>', KIND, parseKind)
    .argument('<label>', 'the label shown; the value is made from it (lowercased, spaces as hyphens)')
    .description('add a tag, offered at once in the forms and filters')
    .option('-y, --yes', YES)
    .addHelpText('after', ADD_HELP)
    .action(createTag);

  tags
    .command('rename')
    .argument('<kind>', KIND, parseKind)
    .argument('<value>', VALUE)
    .argument('<label>', 'the new label; the value follows it, and the old value leads to the new one')
    .description('rename a tag on every content that carries it; old links answer 301 to the new value')
    .option('-y, --yes', YES)
    .addHelpText('after', RENAME_HELP)
    .action(relabelTag);

  tags
    .command('merge')
    .argument('<kind>', KIND, parseKind)
    .argument('<from-value>', 'the tag that goes away')
    .argument('<into-value>', 'the tag its contents carry instead')
    .description('move every content of one tag onto another and remove the first; its links answer 301 to the second')
    .option('-y, --yes', YES)
    .addHelpText('after', examples(['two names for one thing', 'npx skillshelf tags merge techStack reactjs react']))
    .action(mergeTag);

  tags
    .command('retire')
    .argument('<kind>', KIND, parseKind)
    .argument('<value>', VALUE)
    .description(RETIRE)
    .option('-y, --yes', YES)
    .addHelpText('after', examples([RETIRE, 'npx skillshelf tags retire type webinars']))
    .action(retireTag);

  tags
    .command('restore')
    .argument('<kind>', KIND, parseKind)
    .argument('<value>', VALUE)
    .description(RESTORE)
    .option('-y, --yes', YES)
    .addHelpText('after', examples([RESTORE, 'npx skillshelf tags restore type webinars']))
    .action(restoreTag);
}

const KIND = `the kind: ${TAG_KINDS.join(', ')}`;
const VALUE = 'the value of the tag (see tags list)';
const YES = 'do not ask for confirmation (required without a terminal)';

function parseKind(value: string): TagKind {
  if (!(TAG_KINDS as readonly string[]).includes(value))
    throw invalid(`The kind is one of ${TAG_KINDS.join(', ')}, not '${value}'`);
  return value as TagKind;
}

const LIST_HELP = examples(
  ['the tech stacks', 'npx skillshelf tags list --kind techStack'],
  [
    'tags no content carries, for a script',
    "npx skillshelf tags list --json | jq -r '.[] | select(.contents == 0) | .value'",
  ],
);

async function listTags(options: { kind?: TagKind; json?: boolean }): Promise<void> {
  const usage = await listTagUsage(await openMigratedDb(), options.kind);
  if (options.json) return printJson(usage);
  for (const kind of TAG_KINDS) {
    const ofKind = usage.filter((tag) => tag.kind === kind);
    if (ofKind.length === 0) continue;
    printLine(`${kind} (${ofKind.length})`);
    for (const tag of ofKind)
      printLine(
        `  ${tag.label} (${tag.value})  ${plural(tag.contents, 'content')}${tag.status === 'retired' ? '  retired' : ''}`,
      );
  }
}

const ADD_HELP = examples(
  ['a tech stack', 'npx skillshelf tags add techStack Elixir'],
  ['from a script', "npx skillshelf tags add category 'Game Development' --yes"],
);

async function createTag(kind: TagKind, label: string, options: { yes?: boolean }, command: Command): Promise<void> {
  const db = await openMigratedDb();
  const actor = await actorOf(db, command);
  if (!(await confirmChange(`Add the ${kind} '${label}'?`, options))) return printLine('Cancelled: nothing changed.');
  const tag = await addTag(db, actor, kind, label);
  printLine(`Added the ${kind} '${tag.label}' (${tag.value}).`);
}

const RENAME_HELP = examples(
  ['fix the case of a label (the value stays)', 'npx skillshelf tags rename techStack javascript JavaScript'],
  ['a new name (and value)', "npx skillshelf tags rename category cloud 'Cloud Computing' --yes"],
);

async function relabelTag(
  kind: TagKind,
  value: string,
  label: string,
  options: { yes?: boolean },
  command: Command,
): Promise<void> {
  const db = await openMigratedDb();
  const actor = await actorOf(db, command);
  const tag = await describeTag(db, kind, value);
  if (
    !(await confirmChange(
      `Rename the ${kind} '${tag.label}' (${tag.value}) to '${label}' on ${plural(tag.contents, 'content')}?`,
      options,
    ))
  )
    return printLine('Cancelled: nothing changed.');
  const renamed = await withMoveProgress((onProgress) => renameTag(db, actor, kind, value, label, { onProgress }));
  printLine(
    `Renamed the ${kind} '${tag.label}' to '${renamed.label}' (${renamed.value}) on ${plural(renamed.contents, 'content')}.${renamed.value !== tag.value ? ` Links to ${tag.value} lead to ${renamed.value}.` : ''}`,
  );
}

/** A rename's or merge's contents moved so far, as a bar on a terminal: a common tag's takes minutes at scale. */
async function withMoveProgress<T>(move: (onProgress: MoveOptions['onProgress']) => Promise<T>): Promise<T> {
  const progress = progressBar('moving contents');
  try {
    return await move((moved, total) => progress.update(moved, total));
  } finally {
    progress.finish();
  }
}

async function mergeTag(
  kind: TagKind,
  fromValue: string,
  intoValue: string,
  options: { yes?: boolean },
  command: Command,
): Promise<void> {
  const db = await openMigratedDb();
  const actor = await actorOf(db, command);
  const [from, into] = [await describeTag(db, kind, fromValue), await describeTag(db, kind, intoValue)];
  const question = `Merge the ${kind} '${from.label}' (${plural(from.contents, 'content')}) into '${into.label}' (${plural(into.contents, 'content')})? '${from.label}' goes away.`;
  if (!(await confirmChange(question, options))) return printLine('Cancelled: nothing changed.');
  const merged = await withMoveProgress((onProgress) =>
    mergeTags(db, actor, kind, fromValue, intoValue, { onProgress }),
  );
  printLine(
    `Merged the ${kind} '${from.label}' into '${merged.label}': it is on ${plural(merged.contents, 'content')} now. Links to ${from.value} lead to ${merged.value}.`,
  );
}

const RETIRE = 'stop offering a tag in forms and filters; the contents that carry it keep it';
const RESTORE = 'offer a retired tag again';

const retireTag = (kind: TagKind, value: string, options: { yes?: boolean }, command: Command) =>
  changeTagStatus(kind, value, 'retired', options, command);
const restoreTag = (kind: TagKind, value: string, options: { yes?: boolean }, command: Command) =>
  changeTagStatus(kind, value, 'active', options, command);

async function changeTagStatus(
  kind: TagKind,
  value: string,
  status: TagStatus,
  options: { yes?: boolean },
  command: Command,
): Promise<void> {
  const db = await openMigratedDb();
  const actor = await actorOf(db, command);
  const tag = await describeTag(db, kind, value);
  if (tag.status === status) return printLine(`The ${kind} '${tag.label}' is already ${status}: nothing changed.`);
  if (
    !(await confirmChange(
      `${status === 'retired' ? 'Retire' : 'Restore'} the ${kind} '${tag.label}' (${plural(tag.contents, 'content')} carry it)?`,
      options,
    ))
  )
    return printLine('Cancelled: nothing changed.');
  await setTagStatus(db, actor, kind, value, status);
  printLine(
    status === 'retired'
      ? `Retired the ${kind} '${tag.label}': no longer offered; ${plural(tag.contents, 'content')} keep it.`
      : `Restored the ${kind} '${tag.label}': offered again.`,
  );
}
