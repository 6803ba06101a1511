/**
 * A multi-select without a library: a <details> dropdown of labelled checkboxes inside a fieldset whose
 * legend names the group. Keyboard: Enter/Space on the summary opens it, Tab walks the checkboxes, Space
 * toggles, Escape closes and returns to the summary; a click outside closes it.
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { Tag } from '#db/taxonomy.ts';
import { fieldId } from './fields.tsx';

interface MultiSelectProps {
  name: string;
  label: string;
  options: readonly Tag[];
  selected: readonly Tag[];
  onChange: (selected: Tag[]) => void;
  error?: string | undefined;
}

export function MultiSelect({ name, label, options, selected, onChange, error }: MultiSelectProps) {
  const details = useRef<HTMLDetailsElement>(null);
  const id = fieldId(name);
  const chosen = new Set(selected.map((tag) => tag.value));

  useEffect(() => {
    function closeOutside(event: PointerEvent) {
      const element = details.current;
      if (element?.open && !element.contains(event.target as Node)) element.open = false;
    }
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, []);

  function toggle(tag: Tag, on: boolean) {
    const next = new Set(chosen);
    if (on) next.add(tag.value);
    else next.delete(tag.value);
    // Kept in the reference list's order, whatever the clicking order.
    onChange(options.filter((option) => next.has(option.value)));
  }

  function closeOnEscape(event: KeyboardEvent<HTMLDetailsElement>) {
    const element = details.current;
    if (event.key !== 'Escape' || !element?.open) return;
    event.preventDefault();
    element.open = false;
    element.querySelector('summary')?.focus();
  }

  const summary = selected.length ? selected.map((tag) => tag.label).join(', ') : 'None selected';

  return (
    <fieldset className="fieldset" aria-describedby={error ? `${id}-error` : undefined} data-multiselect={name}>
      <legend className="fieldset-legend text-sm">{label}</legend>
      <details ref={details} className="dropdown w-full" onKeyDown={closeOnEscape}>
        <summary id={id} className={`select h-auto min-h-10 w-full py-2 ${error ? 'select-error' : ''}`}>
          <span className="sr-only">{label}: </span>
          <span className={selected.length ? '' : 'text-base-content/60'}>{summary}</span>
        </summary>
        <ul className="dropdown-content menu z-20 mt-1 max-h-72 w-full flex-nowrap overflow-y-auto rounded-box bg-base-100 p-2 shadow-lg">
          {options.map((option) => (
            <li key={option.value}>
              <label className="flex cursor-pointer items-center gap-3">
                <input
                  type="checkbox"
                  className="checkbox checkbox-sm checkbox-primary"
                  name={name}
                  value={option.value}
                  checked={chosen.has(option.value)}
                  onChange={(event) => toggle(option, event.target.checked)}
                />
                {option.label}
              </label>
            </li>
          ))}
        </ul>
      </details>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700" data-field-error={name}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
