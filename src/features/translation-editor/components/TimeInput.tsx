/**
 * A timecode field in the editor's form (frames `HH:MM:SS:FF` or `HH:MM:SS,mmm`: timecodeContext.ts), checked on
 * Enter or leaving the field; Escape restores it. `value` is the line's stored `HH:MM:SS,mmm`.
 */
import { useState, type KeyboardEvent } from 'react';
import { parseTimecode } from '../model/timecode';
import { useChanged } from '../../../lib/useChanged';
import { useTimecoder } from './timecodeContext';

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

export function TimeInput({ id, label, value: stored, readOnly, onCommit, onEscape, tabIndex }: Props) {
  const coder = useTimecoder();
  const storedMs = parseTimecode(stored);
  const value = storedMs === undefined ? stored : coder.format(storedMs);
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | undefined>();
  const valueChanged = useChanged(value);
  if (valueChanged) {
    setDraft(value);
    setError(undefined);
  }

  const commit = () => {
    if (draft === value) return;
    const parsed = coder.parse(draft);
    setError(parsed.ok ? onCommit(parsed.ms) : parsed.message);
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
        title={coder.pattern}
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
