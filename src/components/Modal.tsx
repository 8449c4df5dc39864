/**
 * A modal dialog on the native <dialog> element: focus is trapped and restored by the browser, Escape
 * closes it. Rendered only while open.
 *
 * The element marked `data-autofocus` gets the focus when the dialog opens (the safe answer of a confirmation);
 * without one, the browser focuses the first focusable element. React's `autoFocus` does not do it: React focuses
 * on mount, before `showModal()` (in the effect below) moves the focus to the dialog's first button.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import './modal.css';

interface Props {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Describes the dialog for assistive tech. */
  description?: ReactNode;
}

export function Modal({ title, onClose, children, description }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="modal__header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </div>
      {description ? (
        <div id={descriptionId} className="modal__description">
          {description}
        </div>
      ) : null}
      {children}
    </dialog>
  );
}
