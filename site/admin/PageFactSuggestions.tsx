/**
 * The facts a content's own page gave (read after its link check: GET /api/contents/{id}/page-facts), offered
 * on its edit form for the facts it lacks. "Use these" fills only the fact fields still empty (never one the
 * admin typed); Update then saves them, which accepts them.
 */
import type { AnswerOf } from '#db/contract/operations.ts';
import { type FactKey, factText } from '#db/catalog/validation/facts.ts';
import { FACT_LABELS } from '../ui/FactFields.tsx';

export type PageFacts = AnswerOf<'pageFactSuggestions'>;

/** The suggestions whose field is still empty in the form, as the form's texts. */
export function openSuggestions(facts: PageFacts, values: Record<FactKey, string>): Array<[FactKey, string]> {
  return (Object.entries(facts.suggested) as Array<[FactKey, PageFacts['suggested'][FactKey]]>)
    .map(([key, value]): [FactKey, string] => [key, factText(value)])
    .filter(([key, text]) => text !== '' && values[key].trim() === '');
}

export function PageFactSuggestions({
  facts,
  values,
  onUse,
}: {
  facts: PageFacts;
  values: Record<FactKey, string>;
  onUse: (texts: Array<[FactKey, string]>) => void;
}) {
  const open = openSuggestions(facts, values);
  if (open.length === 0 || !facts.readAt) return null;
  return (
    <div role="note" className="alert alert-soft flex flex-col items-start gap-2 text-sm" data-page-facts>
      <p>Its page says (read {facts.readAt.slice(0, 10)}), for facts this content does not have yet:</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {open.map(([key, text]) => (
          <div key={key} className="contents">
            <dt className="font-semibold">{FACT_LABELS[key]}</dt>
            <dd className="break-words">{text}</dd>
          </div>
        ))}
      </dl>
      <button type="button" className="btn btn-sm" onClick={() => onUse(open)} data-use-page-facts>
        Use these
      </button>
      <p>Then check them and Update to keep them.</p>
    </div>
  );
}
