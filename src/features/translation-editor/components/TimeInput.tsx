/** A timecode field: HH:MM:SS,mmm, checked on Enter or leaving the field; Escape restores it. */
import { useState, type KeyboardEvent } from 'react';
import { parseTimecode } from '../model/timecode';
import { useChanged } from '../../../lib/useChanged';

interface Props {
  id: string;
  label: string;
  value: string;
  readOnly: boolean;
  /** Returns an error message when the value cannot be used (e.g. stop before start). */
  onCommit: (ms: number) => string | undefined;
  onEscape: () => void;
  /** -1 outside the line being edited: the grid is one stop in the Tab order. */
  tabIndex?: number;
}

export function TimeInput({ id, label, value, readOnly, onCommit, onEscape, tabIndex }: Props) {
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | undefined>();
  const valueChanged = useChanged(value);
  if (valueChanged) {
    setDraft(value);
    setError(undefined);
  }

  const commit = () => {
    if (draft === value) return;
    const ms = parseTimecode(draft);
    const problem = ms === undefined ? 'Use HH:MM:SS,mmm' : onCommit(ms);
    setError(problem);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setDraft(value);
      setError(undefined);
      onEscape();
    }
  };

  return (
    <span className="time-input">
      <input
        id={id}
        className={`time-input__field${error ? ' is-invalid' : ''}`}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        value={draft}
        readOnly={readOnly}
        tabIndex={tabIndex}
        spellCheck={false}
        inputMode="numeric"
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={onKeyDown}
      />
      {error ? (
        <span id={`${id}-error`} className="time-input__error">
          {error}
        </span>
      ) : null}
    </span>
  );
}
