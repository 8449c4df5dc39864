/**
 * The required "Reason" of a status change (it goes into the history): one status change (StatusChangeControl) or
 * many (BulkStatusDialog). Says what is missing once the form was submitted (`touched`).
 */
import { useId } from 'react';

interface Props {
  value: string;
  onChange: (value: string) => void;
  touched: boolean;
  /** What the error says when the reason is missing. */
  missingText: string;
  rows?: number;
  autoFocus?: boolean;
}

export function ReasonField({ value, onChange, touched, missingText, rows = 4, autoFocus = false }: Props) {
  const id = useId();
  const errorId = useId();
  const missing = touched && value.trim() === '';
  return (
    <div className="form-field">
      <label htmlFor={id}>
        Reason <span className="required">(required)</span>
      </label>
      <textarea
        id={id}
        rows={rows}
        maxLength={2000}
        value={value}
        required
        data-autofocus={autoFocus ? true : undefined}
        aria-invalid={missing ? true : undefined}
        aria-describedby={missing ? errorId : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {missing ? (
        <p id={errorId} className="form-error">
          {missingText}
        </p>
      ) : null}
    </div>
  );
}
