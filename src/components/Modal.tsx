/**
 * A modal dialog on the native <dialog> element: focus is trapped by the browser, Escape closes it. Rendered only
 * while open. On close the focus returns to what had it before (the browser does not when the dialog leaves the
 * document with its component), or to the grid that element was in when it is gone: a dialog opened from a list
 * row returns to that row.
 *
 * Escape (and the browser's own cancel) calls `onClose`; the dialog stays open until the caller stops rendering it.
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
    // Where the focus returns on close: what had it (a row's Edit button, the grid whose row was opened with Enter),
    // else, when that element is gone meanwhile (its row re-rendered away), the grid it was in: its active row.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const grid = opener?.closest<HTMLElement>('[role="grid"]');
    if (dialog && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    return () => {
      dialog?.close();
      const back = opener?.isConnected ? opener : grid?.isConnected ? grid : null;
      back?.focus({ preventScroll: true });
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onKeyDown={(event) => {
        // Escape is handled here, before the browser's cancel: Chromium ignores a cancel event's preventDefault
        // without a fresh user activation and closes the dialog anyway, behind a caller that meant to ask first
        // (an editor with unsaved changes). A control that uses Escape itself prevents the default first.
        if (event.key !== 'Escape' || event.defaultPrevented) return;
        event.preventDefault();
        onClose();
      }}
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
