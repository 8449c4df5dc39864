/**
 * Before Memories fill anything (docs/API.md, "Translation memory"): how many empty lines would be filled and a
 * preview of them, and the lines whose match uses a term the glossary forbids, which are not filled. Fill writes
 * them as one undoable step; Don't fill writes nothing (the matches of each line stay offered).
 */
import { Modal } from '../../../components/Modal';
import { SafeText } from '../../../components/SafeText';
import type { EditorDocument } from '../model/editorDocument';
import type { FillPlan } from '../model/memoryFill';
import { plainText } from '../model/text';
import { ForbiddenNote } from './ForbiddenNote';

interface Props {
  doc: EditorDocument;
  plan: FillPlan;
  onConfirm: () => void;
  onClose: () => void;
}

/** Lines shown in the preview; the count says how many more. */
const SHOWN = 50;

export function MemoryFillDialog({ doc, plan, onConfirm, onClose }: Props) {
  const n = plan.edits.length;
  const originalAt = (index: number) => {
    const line = doc.row(index)?.line;
    return line ? plainText(doc.originalOf(line) ?? '') : '';
  };
  return (
    <Modal
      title={n > 0 ? `Fill ${n.toLocaleString()} empty line${n === 1 ? '' : 's'} from the memory?` : 'Nothing to fill'}
      onClose={onClose}
      description="Exact matches of approved translations. Lines with text are never changed; Undo takes the fill back."
    >
      <div className="te-body memory-fill">
        {n === 0 ? <p>No empty line has an exact match{plan.flagged.length > 0 ? ' that can be used' : ''}.</p> : null}
        {n > 0 ? (
          <ol className="memory-fill__list" tabIndex={0} aria-label="Lines that would be filled">
            {plan.edits.slice(0, SHOWN).map((e) => (
              <li key={e.index} value={e.index + 1}>
                <span className="memory-fill__original">{originalAt(e.index)}</span>
                <span aria-hidden="true"> → </span>
                <span className="visually-hidden">would read: </span>
                <SafeText text={e.line.text ?? ''} />
              </li>
            ))}
          </ol>
        ) : null}
        {n > SHOWN ? <p className="hint">…and {(n - SHOWN).toLocaleString()} more.</p> : null}
        {plan.flagged.length > 0 ? (
          <>
            <h3 className="memory-fill__heading">
              Not filled: {plan.flagged.length} line{plan.flagged.length === 1 ? '' : 's'} whose match uses a forbidden
              term
            </h3>
            <ol className="memory-fill__list" tabIndex={0} aria-label="Lines not filled">
              {plan.flagged.slice(0, SHOWN).map((f) => (
                <li key={f.index} value={f.index + 1}>
                  <SafeText text={f.text} />
                  <ForbiddenNote flag={f.forbidden} />
                </li>
              ))}
            </ol>
          </>
        ) : null}
      </div>
      <div className="modal__actions te-actions">
        <button
          type="button"
          className="button button--quiet"
          onClick={onClose}
          {...(n === 0 ? { 'data-autofocus': true } : {})}
        >
          {n > 0 ? "Don't fill" : 'Close'}
        </button>
        {n > 0 ? (
          <button type="button" className="button button--primary" onClick={onConfirm} data-autofocus>
            Fill {n.toLocaleString()} line{n === 1 ? '' : 's'}
          </button>
        ) : null}
      </div>
    </Modal>
  );
}
