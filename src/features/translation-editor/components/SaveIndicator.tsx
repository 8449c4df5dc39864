/** The autosave state in words and a symbol (never colour alone), announced politely. */
import type { SaveStatus } from '../hooks/useTranslationSync';

const TEXT: Record<SaveStatus, { symbol: string; label: string }> = {
  saved: { symbol: '✓', label: 'Saved' },
  saving: { symbol: '↻', label: 'Saving…' },
  unsaved: { symbol: '●', label: 'Unsaved changes' },
  offline: { symbol: '⚡', label: 'Offline: edits kept in this browser' },
  conflict: { symbol: '⇄', label: 'Conflict: someone else saved' },
  error: { symbol: '!', label: 'Not saved' },
};

export function SaveIndicator({
  status,
  error,
  readOnly,
}: {
  status: SaveStatus;
  error?: string | undefined;
  readOnly: boolean;
}) {
  const t = readOnly && status === 'saved' ? { symbol: '🔒', label: 'Read-only' } : TEXT[status];
  return (
    <p
      className={`save-indicator save-indicator--${readOnly && status === 'saved' ? 'readonly' : status}`}
      role="status"
      aria-live="polite"
      data-save-status={status}
    >
      <span aria-hidden="true" className="save-indicator__symbol">
        {t.symbol}
      </span>{' '}
      {t.label}
      {status === 'error' && error ? <span className="save-indicator__detail">: {error}</span> : null}
    </p>
  );
}
