/** The bar at the foot of a share being edited: what is unsaved, what is wrong, Save and Discard. */
import { isApiError } from '../../../api/client';
import { describeError } from '../../../components/ErrorPanel';
import { plural } from '../../../lib/format';
import type { ShareEditing } from '../hooks/useShareEditing';

export function ShareSaveBar({ editing }: { editing: ShareEditing }) {
  const { dirty, saving, savedAt, saveError, changeWords, changes, problems, conflict } = editing;
  if (!(dirty || saving || savedAt || saveError)) return null;
  return (
    <div className="savebar" role="region" aria-label="Unsaved changes">
      <div className="savebar__text" aria-live="polite">
        {saving ? (
          <strong>Saving…</strong>
        ) : dirty ? (
          <>
            <strong>{plural(changeWords.length || changes.length, 'unsaved change')}</strong>
            <span className="savebar__list">
              {changeWords.slice(0, 3).join(' · ')}
              {changeWords.length > 3 ? ` · and ${changeWords.length - 3} more` : ''}
            </span>
          </>
        ) : savedAt ? (
          <strong className="yes">Saved.</strong>
        ) : null}
        {problems.map((p) => (
          <span key={p.field} className="form-error" role="alert">
            {p.message}
          </span>
        ))}
        {saveError ? (
          <span className="form-error" role="alert">
            Not saved:{' '}
            {isApiError(saveError) && saveError.status === 403
              ? `you may not make this change (${saveError.message}).`
              : describeError(saveError)}{' '}
            Your changes are still here.
          </span>
        ) : null}
      </div>
      <div className="savebar__actions">
        {dirty ? (
          <button type="button" className="button" onClick={editing.discard} disabled={saving}>
            Discard changes
          </button>
        ) : null}
        {dirty ? (
          <button
            type="button"
            className="button button--primary"
            onClick={editing.submit}
            disabled={saving || problems.length > 0 || !!conflict}
          >
            {saving ? 'Saving…' : saveError ? 'Try again' : 'Save changes'}
          </button>
        ) : null}
      </div>
    </div>
  );
}
