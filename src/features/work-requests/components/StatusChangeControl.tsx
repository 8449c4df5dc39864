/**
 * Change status: a menu of the moves the workflow allows the signed-in user from the current status (shared table,
 * model/statusMoves.ts: the server checks the same), then a dialog that asks for the reason and a confirmation.
 * Nothing is shown when no move is open to the user. Uses the extension PUT /workrequests/{id}; without it the
 * control says so.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { isApiError, isUnavailable } from '../../../api/client';
import type { WorkRequestStatus } from '../../../api/schema/workRequest';
import { describeError } from '../../../components/ErrorPanel';
import { Modal } from '../../../components/Modal';
import { StatusBadge } from '../../../components/StatusBadge';
import { statusLabel } from '../../../lib/statuses';
import type { WorkflowMove } from '../../../api/schema/workflow';
import { useChangeStatus, useOpenNoteChoices } from '../queries';
import { ReasonField } from './ReasonField';
import { ReasonChoicesField } from '../../../components/ReasonDialog';
import { isVerdictMove } from '../../../api/schema/workflow';

const NOTIFY_HINT: Record<string, string> = {
  'awaiting-materials':
    'The requester and the studio’s coordinators are notified that the request is waiting for materials.',
};

/** The gate's message without its field prefix, as a sentence under the move. */
const blockedWords = (reason: string) => {
  const text = reason.replace(/^status: /, '');
  return `Not yet: ${text}.`;
};

export function StatusChangeControl({
  id,
  current,
  moves,
  blockedBy,
}: {
  id: string;
  current: string | undefined;
  /** The moves open to the user from `current` (model/statusMoves.ts). */
  moves: readonly WorkflowMove[];
  /** Why a move the workflow allows is not open yet (the offline gate: src/api/schema/offlineGate.ts), if it is not. */
  blockedBy?: (to: string) => string | undefined;
}) {
  const menuRef = useRef<HTMLDetailsElement>(null);
  const [target, setTarget] = useState<string>();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const change = useChangeStatus(id);
  // The open review notes a send back or rejection may name (all picked at first; docs/API.md "Verdicts").
  const notes = useOpenNoteChoices(
    id,
    moves.some((m) => isVerdictMove(current, m.to)),
  ).data;

  useEffect(() => {
    const close = (event: MouseEvent) => {
      if (menuRef.current?.open && !menuRef.current.contains(event.target as Node)) menuRef.current.open = false;
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, []);

  const choose = (status: string) => {
    if (menuRef.current) menuRef.current.open = false;
    change.reset();
    setReason('');
    setTouched(false);
    setChosen((notes ?? []).map((n) => n.id));
    setTarget(status);
  };
  const closeDialog = () => {
    setTarget(undefined);
    menuRef.current?.querySelector('summary')?.focus();
  };
  const reasonMissing = reason.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!target || reasonMissing) return;
    const verdict = isVerdictMove(current, target) && chosen.length > 0;
    change.mutate(
      { status: target as WorkRequestStatus, reason: reason.trim(), ...(verdict ? { notes: chosen } : {}) },
      { onSuccess: closeDialog },
    );
  };

  const errorText = change.error
    ? isUnavailable(change.error) && isApiError(change.error) && change.error.status !== 404
      ? 'Changing the status isn’t available on this server.'
      : describeError(change.error)
    : undefined;

  if (moves.length === 0) return null;
  return (
    <>
      <details
        ref={menuRef}
        className="menu"
        onKeyDown={(event) => {
          if (event.key === 'Escape' && menuRef.current?.open) {
            menuRef.current.open = false;
            menuRef.current.querySelector('summary')?.focus();
          }
        }}
      >
        <summary className="button">
          Change status <span aria-hidden="true">▾</span>
        </summary>
        <ul className="menu__panel menu__panel--right status-moves" aria-label="New status">
          {moves.map((move) => {
            const blocked = blockedBy?.(move.to);
            return (
              <li key={move.to}>
                <button
                  type="button"
                  className="menu__item"
                  disabled={blocked !== undefined}
                  onClick={() => choose(move.to)}
                >
                  <StatusBadge status={move.to} />
                  <span className="menu__hint">{blocked ? blockedWords(blocked) : move.meaning}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </details>
      {target ? (
        <Modal
          title={`Move to “${statusLabel(target)}”`}
          onClose={closeDialog}
          description={
            <p className="status-move">
              <StatusBadge status={current} /> <span aria-hidden="true">→</span>
              <span className="visually-hidden">to</span> <StatusBadge status={target} />
            </p>
          }
        >
          <form onSubmit={submit} noValidate>
            <ReasonField
              value={reason}
              onChange={setReason}
              touched={touched}
              missingText="Say why the status changes; it goes into the history."
              autoFocus
            />
            {isVerdictMove(current, target) && notes?.length ? (
              <ReasonChoicesField
                choices={notes}
                label="Notes to address (the translator sees these)"
                chosen={chosen}
                onChange={setChosen}
              />
            ) : null}
            {NOTIFY_HINT[target] ? <p className="hint">{NOTIFY_HINT[target]}</p> : null}
            {errorText ? (
              <p className="form-error" role="alert">
                {errorText}
              </p>
            ) : null}
            <div className="modal__actions">
              <button type="button" className="button" onClick={closeDialog}>
                Cancel
              </button>
              <button type="submit" className="button button--primary" disabled={change.isPending}>
                {change.isPending ? 'Changing…' : 'Confirm change'}
              </button>
            </div>
          </form>
        </Modal>
      ) : null}
    </>
  );
}
