/**
 * What becomes of each tag a submission proposes, asked before an approval: create it, map it onto one of
 * ours (the tag it looks like offered first, any other found by typing), or drop it. The answers are the
 * choices an approval takes (db/submissions/proposed-tags.ts); nothing is written here.
 */
import type { ReviewedProposal } from '#db/submissions/admin-contract.ts';
import type { TagLists } from '#db/catalog/tags/tags.ts';
import { visible } from '../terminal-text.ts';
import { ask, context } from './ask.ts';

export interface ProposalChoice {
  kind: ReviewedProposal['kind'];
  value: string;
  action: 'create' | 'map' | 'drop';
  mapTo?: string;
}

const OTHER = '\0other';

/** The choice for each proposal of the submission named `name`, in order; `created` counts the new tags. */
export async function askProposedTags(
  name: string,
  proposals: readonly ReviewedProposal[],
  lists: TagLists,
): Promise<{ choices: ProposalChoice[]; created: number }> {
  const choices: ProposalChoice[] = [];
  let created = 0;
  for (const p of proposals) {
    const label = visible(p.label);
    const suggestion = p.state !== 'exists' ? p.suggestion : undefined;
    const options = [
      ...(p.state === 'new' ? [{ value: 'create', name: `Create the ${p.kind} '${label}'` }] : []),
      ...(p.state === 'exists' ? [{ value: 'create', name: `Attach the ${p.kind} '${label}' (one of ours now)` }] : []),
      ...(suggestion ? [{ value: `map:${suggestion.value}`, name: `Map it to '${visible(suggestion.label)}'` }] : []),
      { value: OTHER, name: `Map it to another ${p.kind}…` },
      { value: 'drop', name: 'Drop it' },
    ];
    const retired = p.state === 'retired' ? ' (a retired tag: map it or drop it)' : '';
    const answer = await ask(({ select }) =>
      select(
        {
          message: `'${visible(name)}' proposes the ${p.kind} '${label}'${retired}`,
          choices: options,
          default: suggestion ? `map:${suggestion.value}` : p.state === 'retired' ? 'drop' : 'create',
          loop: false,
        },
        context,
      ),
    );
    if (answer === 'create') {
      if (p.state === 'new') created++;
      choices.push({ kind: p.kind, value: p.value, action: 'create' });
    } else if (answer === 'drop') {
      choices.push({ kind: p.kind, value: p.value, action: 'drop' });
    } else {
      const mapTo = answer === OTHER ? await askTag(p, lists) : answer.slice('map:'.length);
      choices.push({ kind: p.kind, value: p.value, action: 'map', mapTo });
    }
  }
  return { choices, created };
}

/** One of our active tags of the proposal's kind, found by typing part of its label. */
function askTag(p: ReviewedProposal, lists: TagLists): Promise<string> {
  return ask(({ search }) =>
    search(
      {
        message: `Map '${visible(p.label)}' to which ${p.kind}? (type to filter)`,
        source: (term) => {
          const words = (term ?? '').toLowerCase();
          return lists[p.kind]
            .filter((tag) => tag.label.toLowerCase().includes(words))
            .map((tag) => ({ value: tag.value, name: visible(tag.label) }));
        },
        pageSize: 10,
      },
      context,
    ),
  );
}
