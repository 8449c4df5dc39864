/** A share's approval, feedback switch and notes: read as fields, or edited into the draft. */
import { Field, Fields } from '../../../components/Field';
import { NOTES_MAX, type ShareDraft } from '../model/draft';
import { ApprovalBadge } from './ShareTable';

export function DetailsEditor({
  draft,
  readOnly,
  update,
}: {
  draft: ShareDraft;
  readOnly: boolean;
  update: (fn: (d: ShareDraft) => ShareDraft) => void;
}) {
  const notesId = 'share-notes';
  const countId = 'share-notes-count';
  if (readOnly) {
    return (
      <Fields columns={1}>
        <Field label="Approval">
          <ApprovalBadge approved={draft.approved} />
        </Field>
        <Field label="Feedback">{draft.feedbackEnabled ? 'On: recipients can vote on the assets' : 'Off'}</Field>
        <Field label="Notes">{draft.notes ? <p className="prose">{draft.notes}</p> : undefined}</Field>
      </Fields>
    );
  }
  const over = draft.notes.length > NOTES_MAX;
  return (
    <div className="share-details">
      <label className="checkbox-field">
        <input
          type="checkbox"
          checked={draft.approved}
          onChange={(e) => {
            const v = e.target.checked;
            update((d) => ({ ...d, approved: v }));
          }}
        />
        <span>
          <span className="share-details__label">Approved</span>
          <span className="hint share-details__help">The shared assets are approved for use.</span>
        </span>
      </label>
      <label className="checkbox-field">
        <input
          type="checkbox"
          checked={draft.feedbackEnabled}
          onChange={(e) => {
            const v = e.target.checked;
            update((d) => ({ ...d, feedbackEnabled: v }));
          }}
        />
        <span>
          <span className="share-details__label">Feedback on</span>
          <span className="hint share-details__help">Recipients can vote on the assets.</span>
        </span>
      </label>
      <div className="form-field">
        <label htmlFor={notesId}>Notes</label>
        <textarea
          id={notesId}
          rows={5}
          value={draft.notes}
          aria-describedby={countId}
          aria-invalid={over ? true : undefined}
          onChange={(e) => {
            const v = e.target.value;
            update((d) => ({ ...d, notes: v }));
          }}
        />
        <span id={countId} className={over ? 'form-error' : 'hint'}>
          {draft.notes.length.toLocaleString()} / {NOTES_MAX.toLocaleString()} characters
        </span>
      </div>
    </div>
  );
}
