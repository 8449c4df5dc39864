/**
 * Submit (incomplete -> submitted; docs/API.md "Submitting a translation"): lists what blocks it (untranslated
 * lines, errors by rule; warnings apart), takes a note to the reviewer, and with blockers a reason, without which it
 * does not submit. A clean translation opens with Submit focused: Enter submits.
 */
import { useId, useState } from 'react';
import { Modal } from '../../../components/Modal';
import type { Submission } from '../../../api/schema/translation';
import type { EditorDocument } from '../model/editorDocument';
import { needsReason, ruleLabel, submitCheck } from '../model/submitCheck';
import { withoutAccepted } from '../model/qc/accepted';
import type { AcceptedRef } from '../../../api/schema/qc/check';

interface Props {
  doc: EditorDocument;
  /** Problems the translator accepted: not counted, as the server does not count them. */
  accepted: readonly AcceptedRef[];
  submitting: boolean;
  error: string | undefined;
  onConfirm: (submission: Pick<Submission, 'note' | 'reason' | 'errors'>) => void;
  onJump: (index: number) => void;
  onClose: () => void;
}

const LISTED = 100;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function SubmitDialog({ doc, accepted, submitting, error, onConfirm, onJump, onClose }: Props) {
  const id = useId();
  const all = doc.problemRows();
  const rows = withoutAccepted(all, accepted);
  const acceptedCount =
    all.reduce((n, r) => n + r.problems.length, 0) - rows.reduce((n, r) => n + r.problems.length, 0);
  const check = submitCheck(rows);
  const blocked = needsReason(check);
  const [note, setNote] = useState('');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const missingReason = blocked && reason.trim() === '';

  const confirm = () => {
    setTried(true);
    if (missingReason) {
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    onConfirm({
      errors: check.errors,
      ...(note.trim() ? { note: note.trim() } : {}),
      ...(blocked ? { reason: reason.trim() } : {}),
    });
  };

  return (
    <Modal
      title="Submit this translation?"
      onClose={onClose}
      description="After submitting, the translation is read-only until it is sent back."
    >
      <form
        className="te-body submit"
        onSubmit={(e) => {
          e.preventDefault();
          confirm();
        }}
      >
        {!blocked ? (
          <p data-testid="submit-summary">
            All {doc.count} lines are translated and pass the checks
            {check.warningCount > 0 ? ` (${plural(check.warningCount, 'warning', 'warnings')})` : ''}.
          </p>
        ) : (
          <div data-testid="submit-summary">
            <p>
              <strong>This submit has problems the reviewer will see:</strong>
            </p>
            <ul className="submit__blockers">
              {check.untranslated.length > 0 ? (
                <li>
                  {plural(check.untranslated.length, 'line is', 'lines are')} still untranslated (first:{' '}
                  <button type="button" className="link-button" onClick={() => onJump(check.untranslated[0]!)}>
                    line {check.untranslated[0]! + 1}
                  </button>
                  )
                </li>
              ) : null}
              {Object.entries(check.errors).map(([rule, count]) => (
                <li key={rule}>
                  {plural(count, 'error', 'errors')}: {ruleLabel(rule)}
                </li>
              ))}
            </ul>
            {check.warningCount > 0 ? (
              <p className="hint">
                {plural(check.warningCount, 'warning', 'warnings')} too (not blocking), listed below.
              </p>
            ) : null}
          </div>
        )}
        {acceptedCount > 0 ? (
          <p className="hint" data-testid="submit-accepted">
            {plural(acceptedCount, 'accepted problem', 'accepted problems')} not counted: the reviewer sees your
            reasons.
          </p>
        ) : null}
        {rows.length > 0 ? (
          <details className="submit__details" open={blocked && rows.length <= 20}>
            <summary>Lines with problems ({rows.length})</summary>
            <ul className="submit__list" tabIndex={0}>
              {rows.slice(0, LISTED).map(({ index, row, problems }) => (
                <li key={row.key}>
                  <button type="button" className="link-button" onClick={() => onJump(index)}>
                    Line {index + 1}
                  </button>
                  : {problems.map((p) => p.message).join('; ')}
                </li>
              ))}
            </ul>
            {rows.length > LISTED ? <p className="hint">…and {rows.length - LISTED} more.</p> : null}
          </details>
        ) : null}
        {blocked ? (
          <div className="field">
            <label htmlFor={`${id}-reason`}>Reason for submitting with problems (required)</label>
            <textarea
              id={`${id}-reason`}
              rows={2}
              maxLength={2000}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              aria-invalid={tried && missingReason ? true : undefined}
              aria-describedby={tried && missingReason ? `${id}-reason-error` : undefined}
              data-autofocus
            />
            {tried && missingReason ? (
              <p id={`${id}-reason-error`} className="form-error">
                Say why it goes with problems: the reviewer reads it.
              </p>
            ) : null}
          </div>
        ) : null}
        <div className="field">
          <label htmlFor={`${id}-note`}>Note to the reviewer (optional)</label>
          <textarea
            id={`${id}-note`}
            rows={2}
            maxLength={2000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="modal__actions te-actions">
          <button type="button" className="button button--quiet" onClick={onClose}>
            Keep working
          </button>
          <button
            type="submit"
            className="button button--primary"
            disabled={submitting}
            {...(blocked ? {} : { 'data-autofocus': true })}
          >
            {submitting ? 'Submitting…' : blocked ? 'Submit with problems' : 'Submit'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
