/** The pieces every account form shares: a labelled field with its error, the server-error alert, the submit button. */
import { useEffect, useRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { dismissToast } from '#site/stores/toasts.ts';
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
  // Enabled from the first paint (the form also posts without JavaScript); what was typed before the island
  // woke up is taken into its state, not lost.
  const element = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typed = element.current?.value;
    if (typed !== undefined && typed !== value) onValue(typed);
    // Once, at hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const id = `field-${name}`;
  const described = [input['aria-describedby'] ?? '', error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="fieldset">
      <label className="fieldset-legend text-sm" htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        ref={element}
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

/**
 * A form's error, next to the form. One notice at a time (docs/product.md §1): when it shows, a toast still
 * on screen (say, the success of the previous save) goes.
 */
export function FormAlert({ message }: { message: string | null }) {
  useEffect(() => {
    if (message) dismissToast();
  }, [message]);
  if (!message) return null;
  return (
    <div role="alert" className="alert alert-error">
      <span>{message}</span>
    </div>
  );
}

/**
 * The form's submit button. `posts` says the form also works as a plain HTML post (its page handles it):
 * the button is live from the first paint. Otherwise it waits for the island (a click before would post to
 * a page that takes no posts), and says, where JavaScript is off, that the form needs it.
 */
export function SubmitButton({ loading, posts = false, children }: { loading: boolean; posts?: boolean; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <>
      <button type="submit" className="btn btn-primary w-full" disabled={loading || (!posts && !hydrated)} aria-busy={loading || undefined}>
        {loading && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {children}
      </button>
      {!posts && (
        <noscript>
          <p className="mt-2 text-sm">This form needs JavaScript, which is turned off in this browser.</p>
        </noscript>
      )}
    </>
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

export { PASSWORD_MISMATCH } from '#db/validation/users.ts';
