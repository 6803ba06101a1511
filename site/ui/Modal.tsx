/**
 * The one modal dialog of the islands (the confirmations of ./ConfirmDialog.tsx, the reason asked before a
 * rejection): a <dialog> shown with showModal(), so the page behind is inert and the browser traps the focus.
 * Named and described by its own text (aria-labelledby, aria-describedby); on opening the focus goes to
 * `initialFocus` (a confirmation's safe choice), else to the first field; Escape is Cancel (ignored while busy);
 * on closing the focus returns to the control that opened it.
 */
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';

interface Props {
  open: boolean;
  /** Escape, Cancel, or the browser closing it: nothing is done. */
  onCancel: () => void;
  /** A request is running: Escape waits for it. */
  busy?: boolean;
  labelledBy: string;
  describedBy?: string;
  /** 'alertdialog' for a question that interrupts (a confirmation). */
  role?: 'dialog' | 'alertdialog';
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

export function Modal({
  open,
  onCancel,
  busy = false,
  labelledBy,
  describedBy,
  role = 'dialog',
  initialFocus,
  children,
}: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  // What `close` must know at the time it fires: whether the dialog was meant to be open.
  const wanted = useRef(open);
  wanted.current = open;
  const cancel = useRef(onCancel);
  cancel.current = onCancel;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
      initialFocus?.current?.focus();
    } else if (!open && element.open) element.close();
  }, [open, initialFocus]);

  return (
    <dialog
      ref={dialog}
      role={role === 'alertdialog' ? role : undefined}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-box bg-base-100 p-6 text-base-content shadow-lg backdrop:bg-black/40"
      onCancel={(event) => {
        // Escape is answered here, while it is being pressed: the close event comes a task later, after a key
        // pressed at once (Enter on the opener) may already have asked again.
        if (busy) event.preventDefault();
        else if (wanted.current) cancel.current();
      }}
      onClose={() => {
        // Shown again since: this close belongs to the showing before.
        if (dialog.current?.open) return;
        if (opener.current?.isConnected) opener.current.focus();
        opener.current = null;
        // Closed by the browser some other way than Escape: that too is a Cancel.
        if (wanted.current) cancel.current();
      }}
    >
      {children}
    </dialog>
  );
}
