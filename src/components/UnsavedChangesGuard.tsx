/**
 * Keeps unsaved edits from being lost by leaving: the browser's own prompt when the tab is closed or reloaded,
 * and a dialog of ours when a link inside the app would leave the page (react-router's useBlocker).
 */
import { useEffect } from 'react';
import { useBlocker, type Location } from 'react-router';
import { Modal } from './Modal';

interface Props {
  dirty: boolean;
  /** What is unsaved, for the dialog: "2 unsaved changes to this share". */
  what: string;
  /** Navigation that stays on the page (e.g. a sub-path of it) and needs no question; by default any change of path asks. */
  staysOnPage?: (next: Location, current: Location) => boolean;
}

export function UnsavedChangesGuard({ dirty, what, staysOnPage }: Props) {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      currentLocation.pathname !== nextLocation.pathname &&
      !(staysOnPage?.(nextLocation, currentLocation) ?? false),
  );

  if (blocker.state !== 'blocked') return null;
  return (
    <Modal title="Leave without saving?" onClose={() => blocker.reset()}>
      <div className="modal__body">
        <p>You have {what}. They are lost if you leave now.</p>
        <div className="modal__actions">
          {/* Staying is the safe answer, so it has the focus: Enter or Escape keeps the edits. */}
          <button type="button" className="button" onClick={() => blocker.reset()} data-autofocus>
            Stay and keep editing
          </button>
          <button type="button" className="button button--primary" onClick={() => blocker.proceed()}>
            Leave and discard
          </button>
        </div>
      </div>
    </Modal>
  );
}
