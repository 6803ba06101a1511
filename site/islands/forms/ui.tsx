/** The pieces every account form shares: a labelled field with its error, the server-error alert, the submit button. */
import type { InputHTMLAttributes, ReactNode } from 'react';
import { useHydrated } from './fields.tsx';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'value' | 'onChange'> {
  /** Also the input's name; the id is derived from it. */
  name: string;
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
}

export function Field({ name, label, value, onValue, error, hint, ...input }: FieldProps) {
  // Disabled until hydrated: text typed into the server-rendered input before then would be lost.
  const hydrated = useHydrated();
  const id = `field-${name}`;
  const described = [input['aria-describedby'] ?? '', error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="fieldset">
      <label className="fieldset-legend text-sm" htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        disabled={input.disabled || !hydrated}
        id={id}
        name={name}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        className={`input w-full read-only:bg-base-200 ${error ? 'input-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-base-content/70">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700" data-field-error={name}>
          {error}
        </p>
      )}
    </div>
  );
}

export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div role="alert" className="alert alert-error">
      <span>{message}</span>
    </div>
  );
}

export function SubmitButton({ loading, children }: { loading: boolean; children: ReactNode }) {
  // Disabled until hydrated: a click before then would post the form to the page instead of the API.
  const hydrated = useHydrated();
  return (
    <button type="submit" className="btn btn-primary w-full" disabled={loading || !hydrated} aria-busy={loading || undefined}>
      {loading && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {children}
    </button>
  );
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The first message per field from a zod error's issues. */
export function fieldErrors<K extends string>(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '') as K;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

export const PASSWORD_MISMATCH = 'Password do not match';
