/**
 * A field's hint and message, and the aria-describedby that names them (`${id}-hint`, `${id}-error`): the order
 * wizard, the sign-in.
 */
import type { ReactNode } from 'react';

export function describedByOf(id: string, hint: ReactNode, error: string | undefined): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

export function FieldHint({ id, hint }: { id: string; hint: ReactNode }) {
  return hint ? (
    <p id={`${id}-hint`} className="hint">
      {hint}
    </p>
  ) : null;
}

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className="form-error field-error">
      {error}
    </p>
  ) : null;
}
