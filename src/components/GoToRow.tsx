/**
 * "Go to row" under a list of known total (VirtualTable): a labelled number input; a number out of range, or not a
 * number, is said next to the input and nothing moves. A good one moves the grid's active row there (its page loads
 * if it is not loaded) and puts focus on the grid, so the arrow keys go on from that row.
 */
import { useId, useState, type FormEvent } from 'react';
import { formatCount } from '../lib/format';
import { parseRowNumber } from '../lib/sparsePages';
// Its styles (goToRow.css) load with the app's first stylesheet (main.tsx).

interface Props {
  total: number;
  /** Moves to the 0-based row index. */
  onGo: (index: number) => void;
  /** Rows past what a browser can scroll are not laid out (lib/sparsePages.ts rowSpace): said here. */
  reachable: number;
}

export function GoToRow({ total, onGo, reachable }: Props) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseRowNumber(text, reachable);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    setError(undefined);
    onGo(parsed.index);
  };
  return (
    <form className="goto-row" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-input`}>Go to row</label>
      <input
        id={`${id}-input`}
        className="goto-row__input"
        type="number"
        inputMode="numeric"
        min={1}
        max={reachable}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-of`}
        onChange={(event) => {
          setText(event.target.value);
          setError(undefined);
        }}
      />
      <span id={`${id}-of`} className="goto-row__of">
        of {formatCount(total)}
      </span>
      <button type="submit" className="button button--small">
        Go
      </button>
      {reachable < total ? (
        <span className="hint">
          Scrolling reaches the first {formatCount(reachable)} rows; filter or sort to reach the rest.
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className="inline-error" role="alert">
          {error}
        </span>
      ) : null}
    </form>
  );
}
