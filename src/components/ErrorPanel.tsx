/** What went wrong, in words, with a way to try again. */
import { isApiError } from '../api/client';

interface Props {
  error: unknown;
  title?: string;
  onRetry?: () => void;
  compact?: boolean;
}

/** "Try again in 14 minutes." from a 429's `details.retryAfter` (seconds), or a vaguer sentence without it. */
function tryAgainIn(details: unknown): string {
  const seconds = (details as { retryAfter?: unknown } | undefined)?.retryAfter;
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) return 'Try again later.';
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

export function describeError(error: unknown): string {
  if (isApiError(error)) {
    switch (error.code) {
      case 'network':
        return error.message;
      case 'too_many_attempts':
        return `Too many failed sign-ins. ${tryAgainIn(error.details)}`;
      case 'account_disabled':
        return 'This account is disabled. Ask an administrator to enable it.';
      case 'busy':
        return 'The server is busy. Try again in a moment.';
      case 'forbidden':
        return `You don't have access to this. ${error.message}`;
      case 'not_found':
        return error.message || 'Not found.';
      default:
        return error.message;
    }
  }
  if (error instanceof Error) return error.message;
  return 'Something went wrong.';
}

export function ErrorPanel({ error, title = 'Could not load this', onRetry, compact = false }: Props) {
  const status = isApiError(error) && error.status > 0 ? ` (${error.status}${error.code ? ` ${error.code}` : ''})` : '';
  return (
    <div className={`error-panel${compact ? ' error-panel--compact' : ''}`} role="alert">
      <div className="error-panel__text">
        <strong>{title}</strong>
        <span>
          {describeError(error)}
          {status ? <span className="muted">{status}</span> : null}
        </span>
      </div>
      {onRetry ? (
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}
