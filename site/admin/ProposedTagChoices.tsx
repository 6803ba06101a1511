/**
 * The tags a submitter proposed, on the admin's submission screen: for each, create it as a new tag, map it
 * to one of ours of its kind, or drop it; the approval posts the choices (site/pages/api/submissions/[id].ts).
 * The default is what the submitter asked for — create — unless the proposal looks like one of our tags
 * (then mapping to that one), or its value is a retired tag (then drop: reviving a tag is the tag screen's
 * decision). The note above the list says so.
 */
import type { ReviewedProposal } from '#db/submissions/admin-contract.ts';
import { CONTENT_FIELD_LABELS, type TagOptions } from './ContentFields.tsx';

export interface ProposalChoice {
  kind: ReviewedProposal['kind'];
  value: string;
  action: 'create' | 'map' | 'drop';
  mapTo: string;
}

/** The choice an admin starts from, for each proposal. */
export function defaultChoices(proposals: readonly ReviewedProposal[], tags: TagOptions): ProposalChoice[] {
  return proposals.map((p) => {
    const suggestion = p.state === 'exists' ? undefined : p.suggestion?.value;
    const action = suggestion ? 'map' : p.state === 'retired' ? 'drop' : 'create';
    return { kind: p.kind, value: p.value, action, mapTo: suggestion ?? tags[p.kind][0]?.value ?? '' };
  });
}

interface Props {
  proposals: readonly ReviewedProposal[];
  tags: TagOptions;
  choices: ProposalChoice[];
  onChange: (choices: ProposalChoice[]) => void;
}

export function ProposedTagChoices({ proposals, tags, choices, onChange }: Props) {
  const update = (index: number, change: Partial<ProposalChoice>) =>
    onChange(choices.map((c, i) => (i === index ? { ...c, ...change } : c)));

  return (
    <section
      className="mt-2 flex flex-col gap-3 rounded-box border border-base-300 p-4"
      aria-labelledby="proposed-tags-heading"
      data-proposed-tags
    >
      <h2 id="proposed-tags-heading" className="font-semibold">
        Tags the submitter proposed
      </h2>
      <p className="text-sm text-base-content/80">
        Approving creates each proposed tag as a new tag, unless you map it to one of ours or drop it. Where a proposal
        looks like one of our tags, mapping to that tag is chosen for you.
      </p>
      {proposals.map((p, index) => {
        const choice = choices[index]!;
        const group = `proposal-${p.kind}-${index}`;
        // Named by the form's field it would join, as the fields above name it.
        const field = CONTENT_FIELD_LABELS[p.kind];
        return (
          <fieldset
            key={`${p.kind}:${p.value}`}
            className="flex flex-col gap-2"
            data-proposed-tag={`${p.kind}:${p.value}`}
          >
            <legend className="mb-1 flex flex-wrap items-center gap-2">
              <span className="font-medium">{p.label}</span>
              <span className="badge badge-outline badge-sm">proposed for {field}</span>
              {p.state === 'exists' && <span className="text-sm text-base-content/70">now one of our tags</span>}
              {p.state === 'retired' && (
                <span className="text-sm text-base-content/70">a retired tag: map it or drop it</span>
              )}
            </legend>
            <label className="flex cursor-pointer items-center gap-2">
              <input
                type="radio"
                className="radio radio-sm"
                name={group}
                checked={choice.action === 'create'}
                disabled={p.state === 'retired'}
                onChange={() => update(index, { action: 'create' })}
              />
              {p.state === 'exists' ? `Add ${p.label} to ${field}` : 'Create as new tag'}
            </label>
            <div className="flex flex-wrap items-center gap-2">
              <label className="flex cursor-pointer items-center gap-2">
                <input
                  type="radio"
                  className="radio radio-sm"
                  name={group}
                  checked={choice.action === 'map'}
                  onChange={() => update(index, { action: 'map' })}
                />
                Map to
              </label>
              <select
                className="select select-sm w-auto"
                aria-label={`Map ${p.label} to`}
                value={choice.mapTo}
                onChange={(event) => update(index, { action: 'map', mapTo: event.target.value })}
              >
                {tags[p.kind].map((tag) => (
                  <option key={tag.value} value={tag.value}>
                    {tag.label}
                  </option>
                ))}
              </select>
            </div>
            <label className="flex cursor-pointer items-center gap-2">
              <input
                type="radio"
                className="radio radio-sm"
                name={group}
                checked={choice.action === 'drop'}
                onChange={() => update(index, { action: 'drop' })}
              />
              Drop
            </label>
          </fieldset>
        );
      })}
    </section>
  );
}

/** The choices as the approval takes them. */
export const postedChoices = (choices: readonly ProposalChoice[]) =>
  choices.map(({ kind, value, action, mapTo }) =>
    action === 'map' ? { kind, value, action, mapTo } : { kind, value, action },
  );
