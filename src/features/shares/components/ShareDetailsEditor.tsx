/** A share's approval, feedback switch, end and notes: read as fields, or edited into the draft. */
import { Field, Fields } from '../../../components/Field';
import { formatDateTime } from '../../../lib/dates';
import { useNow } from '../../../lib/useNow';
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
  const now = useNow();
  if (readOnly) {
    return (
      <Fields columns={1}>
        <Field label="Approval">
          <ApprovalBadge approved={draft.approved} />
        </Field>
        <Field label="Feedback">{draft.feedbackEnabled ? 'On: recipients can vote on the assets' : 'Off'}</Field>
        <Field label="Ends">{endWords(draft.expires, now)}</Field>
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
          <span className="hint share-details__help">
            Recipients get what the share grants, and can give feedback, only while it is approved.
          </span>
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
      <ShareEnd expires={draft.expires} onChange={(expires) => update((d) => ({ ...d, expires }))} />
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

function endWords(expires: number | undefined, nowMs: number): string {
  if (expires === undefined) return 'No end';
  return `${expires <= nowMs / 1000 ? 'Ended' : 'Ends'} ${formatDateTime(expires)}`;
}

/** The day a date input shows for an end (the viewer's calendar), and the end a chosen day means (its last second). */
const dayOf = (seconds: number) => {
  const d = new Date(seconds * 1000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const endOfDay = (day: string) => Math.floor(new Date(`${day}T23:59:59`).getTime() / 1000);

/**
 * When the share ends: a day to extend it to or bring it forward, or "End now". Saved with the other changes
 * (`expires` on PUT /shares/{id}); after its end recipients see it read-only (docs/API.md "Share states").
 */
function ShareEnd({ expires, onChange }: { expires: number | undefined; onChange: (expires: number) => void }) {
  const id = 'share-end';
  // Read every second: "End now" ends the share this second, and the page says so at once.
  const now = useNow(1000);
  const ended = expires !== undefined && expires <= now / 1000;
  return (
    <div className="form-field">
      <label htmlFor={id}>Ends</label>
      <div className="share-end">
        <input
          id={id}
          type="date"
          value={expires === undefined ? '' : dayOf(expires)}
          aria-describedby={`${id}-hint`}
          onChange={(e) => {
            if (e.target.value) onChange(endOfDay(e.target.value));
          }}
        />
        <button
          type="button"
          className="button button--small"
          disabled={ended}
          onClick={() => onChange(Math.floor(Date.now() / 1000))}
        >
          End now
        </button>
      </div>
      <span id={`${id}-hint`} className="hint">
        {endWords(expires, now)}. Recipients keep what they saw, read-only, once it has ended.
      </span>
    </div>
  );
}
