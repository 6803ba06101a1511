/**
 * Confirmations (docs/product.md#validation), one dialog for all of them, on ./Modal.tsx: the question names it, a line
 * under it says what will happen, and the focus starts on Cancel, so Enter or Escape at once does nothing.
 *
 *   const { confirm, confirmDialog } = useConfirm();
 *   if (!(await confirm({ question: 'Delete this content?', detail: '…', action: 'Delete', tone: 'danger' }))) return;
 *   …
 *   return <>{…}{confirmDialog}</>;
 */
import { useCallback, useId, useRef, useState } from 'react';
import { Modal } from './Modal.tsx';

export interface Confirmation {
  /** The question, in the words of docs/product.md#validation where it fixes them. */
  question: string;
  /** What will happen, in a sentence. */
  detail: string;
  /** The confirming button's words (Delete, Approve, …). */
  action: string;
  /** A destructive action's button takes the error colour. */
  tone: 'danger' | 'primary';
  /** A value to check before confirming (a name made from an address): a field with the focus; `set` hears each change. */
  field?: { label: string; value: string; set: (value: string) => void };
}

export function ConfirmDialog({ asked, onAnswer }: { asked: Confirmation | null; onAnswer: (yes: boolean) => void }) {
  const id = useId();
  const safe = useRef<HTMLButtonElement>(null);
  const field = useRef<HTMLInputElement>(null);
  return (
    <Modal
      open={asked !== null}
      onCancel={() => onAnswer(false)}
      labelledBy={`${id}-question`}
      describedBy={`${id}-detail`}
      role="alertdialog"
      initialFocus={asked?.field ? field : safe}
    >
      <div className="flex flex-col gap-3" data-confirm>
        <h2 id={`${id}-question`} className="text-lg font-bold break-words">
          {asked?.question}
        </h2>
        <p id={`${id}-detail`} className="text-sm break-words text-base-content/80">
          {asked?.detail}
        </p>
        {asked?.field && (
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-semibold">{asked.field.label}</span>
            <input
              ref={field}
              type="text"
              className="input w-full"
              defaultValue={asked.field.value}
              maxLength={200}
              onChange={(event) => asked.field?.set(event.currentTarget.value)}
              data-confirm-field
            />
          </label>
        )}
        <div className="mt-2 grid grid-cols-2 gap-3">
          <button ref={safe} type="button" className="btn" onClick={() => onAnswer(false)}>
            Cancel
          </button>
          <button
            type="button"
            className={`btn ${asked?.tone === 'danger' ? 'btn-error' : 'btn-primary'}`}
            onClick={() => onAnswer(true)}
          >
            {asked?.action}
          </button>
        </div>
      </div>
    </Modal>
  );
}

/** `confirm` asks and resolves true or false once answered; `confirmDialog` is the element to render. */
export function useConfirm() {
  const [asked, setAsked] = useState<Confirmation | null>(null);
  const answer = useRef<((yes: boolean) => void) | null>(null);

  const confirm = useCallback((question: Confirmation) => {
    // A question still open (never, while actions run one at a time) counts as declined.
    answer.current?.(false);
    return new Promise<boolean>((resolve) => {
      answer.current = resolve;
      setAsked(question);
    });
  }, []);

  const onAnswer = useCallback((yes: boolean) => {
    const resolve = answer.current;
    answer.current = null;
    setAsked(null);
    resolve?.(yes);
  }, []);

  return { confirm, confirmDialog: <ConfirmDialog asked={asked} onAnswer={onAnswer} /> };
}
