/**
 * A multi-select without a library: a <details> dropdown of labelled checkboxes inside a fieldset whose
 * legend names the group. Keyboard: Enter/Space on the summary opens it, Tab walks the checkboxes, Space
 * toggles, Escape closes and returns to the summary; a click outside closes it.
 *
 * `creatable` (the submit form): a text box at the top of the dropdown filters the options as one types,
 * and a label none of them has can be proposed ("Propose 'Elixir'", or Enter in the box; ArrowDown goes
 * to the list). A proposed tag is selected like the others, {label, value} by the usual rule, and shown
 * as a chip marked "proposed" with a button that removes it. The checks here are a courtesy: the server
 * decides what becomes of a proposal.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { toValue, type Tag } from '#db/catalog/taxonomy.ts';
import { cleanText } from '#db/validation/text.ts';
import { fieldId } from './fields.tsx';

/** As the server counts them (db/submissions/proposed-tags.ts). */
const MAX_PROPOSED = 5;
const MAX_LABEL = 100;

interface MultiSelectProps {
  name: string;
  label: string;
  options: readonly Tag[];
  selected: readonly Tag[];
  onChange: (selected: Tag[]) => void;
  error?: string | undefined;
  /** Labels that are none of the options may be proposed. */
  creatable?: boolean;
  /**
   * What a new label becomes: a proposal an admin decides on (the submit form), or, for an admin's own form, a
   * tag created when the form is saved ("Create 'Elixir'"; the server creates the tags an admin names).
   */
  newTag?: NewTagMode;
}

type NewTagMode = 'propose' | 'create';

/** The words of each way a new label is taken. */
const NEW_TAG_WORDS = {
  propose: {
    verb: 'propose',
    button: (label: string) => `Propose '${label}'`,
    enter: (label: string) => `Enter proposes '${label}': an admin decides whether it becomes a tag.`,
    notListed: 'Not listed? Type its name to propose it.',
    placeholder: 'Type to find, or to propose a new one',
    mark: 'proposed',
    limit: MAX_PROPOSED,
  },
  create: {
    verb: 'create',
    button: (label: string) => `Create '${label}'`,
    enter: (label: string) => `Enter adds '${label}', created as a new tag when you save.`,
    notListed: 'Not listed? Type its name to create it.',
    placeholder: 'Type to find, or to create a new tag',
    mark: 'new',
    limit: 50,
  },
} as const;

/** Why a typed label cannot be proposed, or null when it can. */
function proposalProblem(label: string, proposed: number, limit: number): string | null {
  if (!/[\p{L}\p{N}]/u.test(label)) return 'A new tag needs a letter or a digit.';
  if (label.length > MAX_LABEL) return `A tag may have at most ${MAX_LABEL} characters.`;
  if (proposed >= limit) return `At most ${limit} new tags here.`;
  return null;
}

/** Closes the dropdown on a press anywhere outside it. */
function useClosedByPointerOutside(details: RefObject<HTMLDetailsElement | null>): void {
  useEffect(() => {
    function closeOutside(event: PointerEvent) {
      const element = details.current;
      if (element?.open && !element.contains(event.target as Node)) element.open = false;
    }
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [details]);
}

/** What Enter in the box would do, when the typed label has no problem. */
function draftHint(match: Tag | undefined, canPropose: boolean, typed: string, mode: NewTagMode): string {
  if (match) return `Enter picks ${match.label}.`;
  if (canPropose) return NEW_TAG_WORDS[mode].enter(typed);
  return NEW_TAG_WORDS[mode].notListed;
}

interface DraftBoxProps {
  noun: string;
  mode: NewTagMode;
  hintId: string;
  draft: string;
  hint: string;
  onDraft: (draft: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
}

/** The box at the top of a creatable dropdown, that finds an option or proposes a new one, with its hint. */
function DraftBox({ noun, mode, hintId, draft, hint, onDraft, onKeyDown }: DraftBoxProps) {
  return (
    <div className="px-2 pb-2">
      <input
        type="text"
        className="input input-sm w-full"
        aria-label={`Find or ${NEW_TAG_WORDS[mode].verb} ${noun}`}
        aria-describedby={hintId}
        placeholder={NEW_TAG_WORDS[mode].placeholder}
        value={draft}
        maxLength={MAX_LABEL + 20}
        onChange={(event) => onDraft(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <p id={hintId} className="mt-1 text-xs text-base-content/70" aria-live="polite">
        {hint}
      </p>
    </div>
  );
}

interface TagCheckboxProps {
  name: string;
  tag: Tag;
  checked: boolean;
  /** A proposal (or a new tag), marked with this word; unchecking it removes it. */
  mark?: string | undefined;
  onToggle: (tag: Tag, on: boolean) => void;
}

/** One option of the dropdown, or one proposal, as a labelled checkbox. */
function TagCheckbox({ name, tag, checked, mark, onToggle }: TagCheckboxProps) {
  return (
    <li>
      <label className="flex cursor-pointer items-center gap-3">
        <input
          type="checkbox"
          className="checkbox checkbox-sm checkbox-primary"
          name={name}
          value={tag.value}
          checked={checked}
          onChange={(event) => onToggle(tag, event.target.checked)}
        />
        {tag.label}
        {mark && <span className="badge badge-sm badge-outline">{mark}</span>}
      </label>
    </li>
  );
}

/** The proposed tags as chips under the dropdown, each with a button that removes it. */
function ProposedChips({
  noun,
  mark,
  proposed,
  onRemove,
}: {
  noun: string;
  mark: string;
  proposed: readonly Tag[];
  onRemove: (tag: Tag) => void;
}) {
  return (
    <ul className="mt-1 flex flex-wrap gap-2" aria-label={`${mark === 'new' ? 'New' : 'Proposed'} ${noun}`}>
      {proposed.map((tag) => (
        <li key={tag.value} className="badge badge-outline h-auto gap-1 py-1" data-proposed-tag={tag.value}>
          {tag.label}
          <span className="text-xs text-base-content/70">{mark}</span>
          <button
            type="button"
            className="btn btn-ghost btn-xs px-1"
            aria-label={`Remove the ${mark} ${tag.label}`}
            onClick={() => onRemove(tag)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Escape closes the open dropdown and gives the focus back to its summary. */
function closeOnEscape(event: KeyboardEvent<HTMLDetailsElement>) {
  const element = event.currentTarget;
  if (event.key !== 'Escape' || !element.open) return;
  event.preventDefault();
  element.open = false;
  element.querySelector('summary')?.focus();
}

/** The closed dropdown's words: what is chosen, a proposal marked as such. */
const summaryText = (selected: readonly Tag[], offered: Set<string>, creatable: boolean, mark: string) =>
  selected.length
    ? selected.map((tag) => (offered.has(tag.value) || !creatable ? tag.label : `${tag.label} (${mark})`)).join(', ')
    : 'None selected';

/** The draft box's keys: Enter picks or proposes, Escape clears what was typed, ArrowDown goes to the list. */
function draftKeys(
  draft: string,
  setDraft: (draft: string) => void,
  propose: () => void,
  list: RefObject<HTMLUListElement | null>,
) {
  return (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Enter here picks or proposes: it must not submit the form.
      event.preventDefault();
      propose();
    } else if (event.key === 'Escape' && draft) {
      event.preventDefault();
      event.stopPropagation();
      setDraft('');
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      list.current?.querySelector<HTMLElement>('input, button')?.focus();
    }
  };
}

export function MultiSelect(props: MultiSelectProps) {
  const { name, label, options, selected, onChange, error, creatable = false, newTag = 'propose' } = props;
  const words = NEW_TAG_WORDS[newTag];
  const details = useRef<HTMLDetailsElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [draft, setDraft] = useState('');
  const id = fieldId(name);
  const hintId = `${useId()}-hint`;
  const chosen = new Set(selected.map((tag) => tag.value));
  const offered = new Set(options.map((option) => option.value));
  // Selected tags that are none of the options: the user's proposals (kept only where they may be made).
  const proposed = creatable ? selected.filter((tag) => !offered.has(tag.value)) : [];

  useClosedByPointerOutside(details);

  /** The options in their list's order, then the proposals in the order they were made. */
  const select = (values: Set<string>, extra: readonly Tag[]) =>
    onChange([...options.filter((option) => values.has(option.value)), ...extra]);

  function toggle(tag: Tag, on: boolean) {
    const next = new Set(chosen);
    if (on) next.add(tag.value);
    else next.delete(tag.value);
    select(
      next,
      proposed.filter((p) => next.has(p.value)),
    );
  }

  const typed = cleanText(draft).replace(/\s+/g, ' ');
  const typedValue = toValue(typed);
  const match = typed
    ? options.find((option) => option.value === typedValue || option.label.toLowerCase() === typed.toLowerCase())
    : undefined;
  const already = proposed.some((p) => p.value === typedValue);
  const problem =
    creatable && typed && !match && !already ? proposalProblem(typed, proposed.length, words.limit) : null;
  const canPropose = creatable && typed !== '' && !match && !already && problem === null;
  const shown =
    creatable && typed ? options.filter((option) => option.label.toLowerCase().includes(typed.toLowerCase())) : options;

  function propose() {
    if (match) toggle(match, true);
    else if (canPropose) select(chosen, [...proposed, { label: typed, value: typedValue }]);
    else return;
    setDraft('');
  }

  const onDraftKey = draftKeys(draft, setDraft, propose, list);

  const summary = summaryText(selected, offered, creatable, words.mark);
  const noun = label.toLowerCase();

  return (
    <fieldset className="fieldset" aria-describedby={error ? `${id}-error` : undefined} data-multiselect={name}>
      <legend className="fieldset-legend text-sm">{label}</legend>
      <details ref={details} className="dropdown w-full" onKeyDown={closeOnEscape}>
        <summary id={id} className={`select h-auto min-h-10 w-full py-2 ${error ? 'select-error' : ''}`}>
          <span className="sr-only">{label}: </span>
          <span className={selected.length ? '' : 'text-base-content/60'}>{summary}</span>
        </summary>
        <div className="dropdown-content z-20 mt-1 w-full rounded-box bg-base-100 p-2 shadow-lg">
          {creatable && (
            <DraftBox
              noun={noun}
              mode={newTag}
              hintId={hintId}
              draft={draft}
              hint={problem ?? draftHint(match, canPropose, typed, newTag)}
              onDraft={setDraft}
              onKeyDown={onDraftKey}
            />
          )}
          <ul ref={list} className="menu max-h-72 w-full flex-nowrap overflow-y-auto p-0">
            {shown.map((option) => (
              <TagCheckbox
                key={option.value}
                name={name}
                tag={option}
                checked={chosen.has(option.value)}
                onToggle={toggle}
              />
            ))}
            {proposed.map((tag) => (
              <TagCheckbox
                key={tag.value}
                name={name}
                tag={tag}
                checked
                mark={words.mark}
                onToggle={(proposal) => toggle(proposal, false)}
              />
            ))}
            {canPropose && (
              <li>
                <button type="button" onClick={propose}>
                  {words.button(typed)}
                </button>
              </li>
            )}
            {creatable && typed && shown.length === 0 && !canPropose && !already && (
              <li className="px-3 py-1 text-sm text-base-content/60">No match</li>
            )}
          </ul>
        </div>
      </details>
      {proposed.length > 0 && (
        <ProposedChips noun={noun} mark={words.mark} proposed={proposed} onRemove={(tag) => toggle(tag, false)} />
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-error" data-field-error={name}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
