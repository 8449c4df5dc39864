/** What went wrong, in words, with a way to try again. */
import { isApiError } from '../api/client';

interface Props {
  error: unknown;
  title?: string;
  onRetry?: () => void;
  compact?: boolean;
}

export function describeError(error: unknown): string {
  if (isApiError(error)) {
    switch (error.code) {
      case 'network': return error.message;
      case 'forbidden': return `You don't have access to this. ${error.message}`;
      case 'not_found': return error.message || 'Not found.';
      default: return error.message;
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
        <span>{describeError(error)}{status ? <span className="muted">{status}</span> : null}</span>
      </div>
      {onRetry ? (
        <button type="button" className="button" onClick={onRetry}>Try again</button>
      ) : null}
    </div>
  );
}
