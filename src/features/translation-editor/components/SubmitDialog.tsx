/** Submit (incomplete -> submitted): lists the lines that fail checks or are untranslated, then asks to confirm. */
import { Modal } from '../../../components/Modal';
import type { EditorDocument } from '../model/editorDocument';

interface Props {
  doc: EditorDocument;
  submitting: boolean;
  error: string | undefined;
  onConfirm: () => void;
  onJump: (index: number) => void;
  onClose: () => void;
}

export function SubmitDialog({ doc, submitting, error, onConfirm, onJump, onClose }: Props) {
  const rows = doc.problemRows();
  const untranslated = rows.filter((r) => r.problems.some((p) => p.rule === 'empty')).length;
  const failing = rows.length - untranslated;
  return (
    <Modal
      title="Submit this translation?"
      onClose={onClose}
      description="After submitting, the translation is read-only until it is sent back."
    >
      <div className="te-body">
        {rows.length === 0 ? (
          <p>All {doc.count} lines are translated and pass the checks.</p>
        ) : (
          <>
            <p data-testid="submit-summary">
              <strong>{untranslated}</strong> line{untranslated === 1 ? ' is' : 's are'} still untranslated and{' '}
              <strong>{failing}</strong> other line{failing === 1 ? '' : 's'} fail checks.
            </p>
            <ul className="submit__list">
              {rows.slice(0, 100).map(({ index, row, problems }) => (
                <li key={row.key}>
                  <button type="button" className="link-button" onClick={() => onJump(index)}>
                    Line {index + 1}
                  </button>
                  : {problems.map((p) => p.message).join('; ')}
                </li>
              ))}
            </ul>
            {rows.length > 100 ? <p className="hint">…and {rows.length - 100} more.</p> : null}
          </>
        )}
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="modal__actions te-actions">
        <button type="button" className="button button--quiet" onClick={onClose} data-autofocus>
          Keep working
        </button>
        <button type="button" className="button button--primary" onClick={onConfirm} disabled={submitting}>
          {submitting ? 'Submitting…' : rows.length > 0 ? 'Submit anyway' : 'Submit'}
        </button>
      </div>
    </Modal>
  );
}
