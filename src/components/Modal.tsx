/**
 * A modal dialog on the native <dialog> element: focus is trapped and restored by the browser, Escape
 * closes it. Rendered only while open.
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
    if (dialog && !dialog.open) dialog.showModal();
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
        <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>×</button>
      </div>
      {description ? <div id={descriptionId} className="modal__description">{description}</div> : null}
      {children}
    </dialog>
  );
}
