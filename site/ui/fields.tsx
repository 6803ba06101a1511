/**
 * The field kit of every form: a text input, a select, a textarea and a checkbox, each labelled and wired to
 * its hint and error the same way; the form's alert; the submit and busy buttons; the hydration hook.
 * What a form does with them (values, errors, sending) is ./use-form.ts.
 */
import {
  useEffect,
  useRef,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { FIELD_FACETS, type FieldKey } from '#db/catalog/facets.ts';
import { dismissToast } from '#site/stores/toasts.ts';

/** The id of a field's control; its hint and error are `<id>-hint` and `<id>-error`. */
export const fieldId = (name: string) => `field-${name}`;

function FieldError({ name, error }: { name: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={`${fieldId(name)}-error`} className="text-sm text-error" data-field-error={name}>
      {error}
    </p>
  );
}

function FieldHint({ name, hint }: { name: string; hint: ReactNode }) {
  if (!hint) return null;
  return (
    <p id={`${fieldId(name)}-hint`} className="text-xs text-base-content/70">
      {hint}
    </p>
  );
}

const describedBy = (name: string, error: string | undefined, hint?: ReactNode, also?: string) =>
  [also ?? '', error ? `${fieldId(name)}-error` : '', hint ? `${fieldId(name)}-hint` : ''].filter(Boolean).join(' ') ||
  undefined;

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
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration: later values come through onChange
  useEffect(() => {
    const typed = element.current?.value;
    if (typed !== undefined && typed !== value) onValue(typed);
  }, []);
  const id = fieldId(name);
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
        aria-describedby={describedBy(name, error, hint, input['aria-describedby'])}
      />
      <FieldHint name={name} hint={hint} />
      <FieldError name={name} error={error} />
    </div>
  );
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name' | 'value' | 'onChange'> {
  name: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  /** Each option's value, shown as it is, or a value with its label. */
  options: ReadonlyArray<string | { readonly value: string; readonly label: string }>;
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
        {options.map((option) => {
          const { value: optionValue, label } = typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option key={optionValue} value={optionValue}>
              {label}
            </option>
          );
        })}
      </select>
      <FieldError name={name} error={error} />
    </div>
  );
}

interface TextAreaFieldProps
  extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name' | 'value' | 'onChange'> {
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
  /** Drawn as an on/off switch (role switch): for a setting that takes effect at once, such as a list's visibility. */
  asSwitch?: boolean;
}

export function CheckboxField({ name, label, checked, onChecked, hint, disabled, asSwitch }: CheckboxFieldProps) {
  const id = fieldId(name);
  return (
    <div className="fieldset">
      <label className="label cursor-pointer gap-3 text-base-content" htmlFor={id}>
        <input
          id={id}
          name={name}
          type="checkbox"
          className={asSwitch ? 'switch' : 'checkbox checkbox-primary'}
          {...(asSwitch ? { role: 'switch' } : {})}
          checked={checked}
          disabled={disabled}
          onChange={(event) => onChecked(event.target.checked)}
          aria-describedby={describedBy(name, undefined, hint)}
        />
        {label}
      </label>
      <FieldHint name={name} hint={hint} />
    </div>
  );
}

/**
 * A form's error, next to the form; with `onRetry` (a send that may work again), a Retry button beside it.
 * One notice at a time (docs/product.md#audience-and-page-frame): when it shows, a toast still on screen (say,
 * the success of the previous save) goes.
 */
export function FormAlert({ message, onRetry }: { message: string | null; onRetry?: (() => void) | null }) {
  useEffect(() => {
    if (message) dismissToast();
  }, [message]);
  if (!message) return null;
  return (
    <div role="alert" className="alert alert-error">
      <span>{message}</span>
      {onRetry && (
        <button type="button" className="btn btn-sm" onClick={onRetry} data-retry>
          Retry
        </button>
      )}
    </div>
  );
}

/**
 * The form's submit button. `posts` says the form also works as a plain HTML post (its page handles it):
 * the button is live from the first paint. Otherwise it waits for the island (a click before would post to
 * a page that takes no posts), and says, where JavaScript is off, that the form needs it.
 */
export function SubmitButton({
  loading,
  posts = false,
  tone = 'btn-primary',
  children,
}: {
  loading: boolean;
  posts?: boolean;
  /** Its colour: the primary action's, or btn-error for one that destroys. */
  tone?: 'btn-primary' | 'btn-error';
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <>
      <button
        type="submit"
        className={`btn ${tone} w-full`}
        disabled={loading || (!posts && !hydrated)}
        aria-busy={loading || undefined}
      >
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
    <button
      type={type}
      className={className}
      disabled={busy || disabled || !hydrated}
      aria-busy={busy || undefined}
      onClick={onClick}
    >
      {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      {children}
    </button>
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

/**
 * A select per facet that is a field of its own (db/catalog/facets.ts FIELD_FACETS: level, …), each offering
 * "Not specified" (sent as blank: none) and the facet's choices by label.
 */
export function FacetFieldSelects({
  values,
  onValue,
  errors,
}: {
  values: Partial<Record<FieldKey, string | null>>;
  onValue: (key: FieldKey, value: string | null) => void;
  errors: Partial<Record<string, string>>;
}) {
  return (
    <>
      {FIELD_FACETS.map((facet) => (
        <SelectField
          key={facet.key}
          name={facet.key}
          label={facet.field.label}
          options={[{ value: '', label: 'Not specified' }, ...facet.choices]}
          value={values[facet.key] ?? ''}
          onValue={(value) => onValue(facet.key, value || null)}
          error={errors[facet.key]}
        />
      ))}
    </>
  );
}
