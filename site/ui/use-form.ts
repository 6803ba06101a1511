/**
 * The lifecycle every form island shares: its values, the error under each field, the one alert next to the
 * form (docs/product.md#audience-and-page-frame: one notice at a time, see FormAlert), and whether it is sending. A submit checks
 * the values in the browser first and sends only what passed; a failure of the send shows beside each field the
 * server named (its `fields`), or else as the alert, in the API's words. The alert goes as soon as an input of the form changes; field errors stay until the next
 * submit.
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import { PASSWORD_MISMATCH } from '#db/accounts/validation/users.ts';
import { ApiError, errorMessage, isRetryable } from '#site/lib/api.ts';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** A check's outcome: the data to send, or the message for each field that is wrong. */
export type Checked<T, K extends string> = { data: T } | { errors: FieldErrors<K> };

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** The first message per field from a zod error's issues. */
export function fieldErrors<K extends string>(issues: readonly Issue[]): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '') as K;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

/**
 * A schema's verdict (its safeParse result) as a check; `more` adds what the schema cannot see (two fields
 * that must match), and any of it holds the send back.
 */
export function checked<T, K extends string>(
  result: { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } },
  more: FieldErrors<K> = {},
): Checked<T, K> {
  const errors = { ...(result.success ? {} : fieldErrors<K>(result.error.issues)), ...more };
  return result.success && Object.keys(more).length === 0 ? { data: result.data } : { errors };
}

/** The confirmation's error when the two passwords differ. */
export const mismatchedPasswords = (password: string, confirmPassword: string): FieldErrors<'confirmPassword'> =>
  password === confirmPassword ? {} : { confirmPassword: PASSWORD_MISMATCH };

interface FormOptions {
  /** The alert shown first: a failure of the same form posted without JavaScript. */
  alert?: string | null;
  /** A success leaves the form on the page, ready again (otherwise the send goes elsewhere, busy till then). */
  stays?: boolean;
  /** The alert for a failed send (default: the API's message). */
  failure?: (error: unknown) => string;
}

/**
 * A failed send's problems that belong to this form's fields (by the first segment of each path the server
 * named), the first per field: shown beside their fields rather than as the alert.
 */
function serverFieldErrors<K extends string>(error: unknown, fieldNames: readonly string[]): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  if (!(error instanceof ApiError)) return errors;
  for (const [path, message] of Object.entries(error.fields)) {
    const key = path.split('.')[0] as K;
    if (fieldNames.includes(key) && !errors[key]) errors[key] = message;
  }
  return errors;
}

export function useForm<V extends object, K extends string = Extract<keyof V, string>, A extends string = 'submit'>(
  initial: V | (() => V),
  options: FormOptions = {},
) {
  const { stays = false, failure = errorMessage } = options;
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const [alert, setAlert] = useState<string | null>(options.alert ?? null);
  const [action, setAction] = useState<A | 'submit' | null>(null);
  /** The failed send again, when trying again may work (no answer, a failure of ours): the alert's Retry. */
  const [retry, setRetry] = useState<(() => void) | null>(null);

  /** The setter of one value, for a field's onValue. */
  const set =
    <P extends keyof V>(key: P) =>
    (value: V[P]) =>
      setValues((current) => ({ ...current, [key]: value }));

  /** Runs a send named `name`; its failure becomes the alert (and `onFailure` puts the form back as it needs). */
  async function run(name: A | 'submit', send: () => Promise<unknown>, onFailure?: () => void): Promise<void> {
    setAlert(null);
    setRetry(null);
    setAction(name);
    try {
      await send();
      if (stays) setAction(null);
    } catch (error) {
      const besideFields = serverFieldErrors<K>(error, Object.keys(values));
      if (Object.keys(besideFields).length > 0) setErrors((current) => ({ ...current, ...besideFields }));
      else setAlert(failure(error));
      // What was typed stays in the form; Retry sends it again as it was sent.
      if (isRetryable(error)) setRetry(() => () => void run(name, send, onFailure));
      onFailure?.();
      setAction(null);
    }
  }

  /** The form element's handlers: submit checks, then sends the checked data; any change drops the alert. */
  function handlers<T>(check: (values: V) => Checked<T, K>, send: (data: T) => Promise<unknown>) {
    return {
      onSubmit: async (event: SubmitEvent<HTMLFormElement>) => {
        event.preventDefault();
        setAlert(null);
        const result = check(values);
        if ('errors' in result) return setErrors(result.errors);
        setErrors({});
        await run('submit', () => send(result.data));
      },
      onChange: () => {
        setAlert(null);
        setRetry(null);
      },
    };
  }

  return { values, set, setValues, errors, alert, retry, sending: action !== null, action, run, handlers };
}

/** Moves the keyboard focus to the first invalid field each time a new set of errors is shown. */
export function useFocusFirstInvalid(errors: object): void {
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus();
  }, [errors]);
}
