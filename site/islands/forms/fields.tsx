/**
 * Form pieces beyond the account forms' text field (./ui.tsx), used by the admin forms and the submission
 * form: a select, a textarea and a checkbox, labelled and wired to their error the same way; the hydration
 * and focus hooks; a busy button.
 */
import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useEffect, useState } from 'react';

/** The id the account forms' Field gives an input: these pieces follow it so errors and labels line up. */
export const fieldId = (name: string) => `field-${name}`;

function FieldError({ name, error }: { name: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={`${fieldId(name)}-error`} className="text-sm text-red-700" data-field-error={name}>
      {error}
    </p>
  );
}

const describedBy = (name: string, error: string | undefined, hint?: ReactNode) =>
  [error ? `${fieldId(name)}-error` : '', hint ? `${fieldId(name)}-hint` : ''].filter(Boolean).join(' ') || undefined;

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name' | 'value' | 'onChange'> {
  name: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  options: readonly string[];
  error?: string | undefined;
}

export function SelectField({ name, label, value, onValue, options, error, ...select }: SelectFieldProps) {
  const id = fieldId(name);
  return (
    <div className="fieldset">
      <label className="fieldset-legend text-sm" htmlFor={id}>
        {label}
      </label>
      <select
        {...select}
        id={id}
        name={name}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        className={`select w-full ${error ? 'select-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error)}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <FieldError name={name} error={error} />
    </div>
  );
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name' | 'value' | 'onChange'> {
  name: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
}

export function TextAreaField({ name, label, value, onValue, error, ...textarea }: TextAreaFieldProps) {
  const id = fieldId(name);
  return (
    <div className="fieldset">
      <label className="fieldset-legend text-sm" htmlFor={id}>
        {label}
      </label>
      <textarea
        {...textarea}
        id={id}
        name={name}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        className={`textarea w-full ${error ? 'textarea-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error)}
      />
      <FieldError name={name} error={error} />
    </div>
  );
}

interface CheckboxFieldProps {
  name: string;
  label: string;
  checked: boolean;
  onChecked: (checked: boolean) => void;
  hint?: ReactNode;
  disabled?: boolean;
}

export function CheckboxField({ name, label, checked, onChecked, hint, disabled }: CheckboxFieldProps) {
  const id = fieldId(name);
  return (
    <div className="fieldset">
      <label className="label cursor-pointer gap-3 text-base-content" htmlFor={id}>
        <input
          id={id}
          name={name}
          type="checkbox"
          className="checkbox checkbox-primary"
          checked={checked}
          disabled={disabled}
          onChange={(event) => onChecked(event.target.checked)}
          aria-describedby={describedBy(name, undefined, hint)}
        />
        {label}
      </label>
      {hint && (
        <p id={`${fieldId(name)}-hint`} className="text-xs text-base-content/70">
          {hint}
        </p>
      )}
    </div>
  );
}

/**
 * False during the server render and until React has attached its handlers. The forms keep their
 * fields disabled until then: what is typed before React owns an input would be silently replaced by the
 * state React starts from.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** Moves the keyboard focus to the first invalid field each time a new set of errors is shown. */
export function useFocusFirstInvalid(errors: object): void {
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus();
  }, [errors]);
}

/** A button that shows a spinner while its action runs. */
export function BusyButton({
  busy,
  disabled,
  className,
  onClick,
  type = 'button',
  children,
}: {
  busy: boolean;
  disabled?: boolean;
  className: string;
  onClick?: () => void;
  type?: 'button' | 'submit';
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <button type={type} className={className} disabled={busy || disabled || !hydrated} aria-busy={busy || undefined} onClick={onClick}>
      {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      {children}
    </button>
  );
}
