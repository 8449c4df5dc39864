/**
 * A picker for one choice among many, found by typing: a search box over a group of radio buttons (arrow keys move
 * between them, as in any radio group). Shows names, with the code after them; the search matches the start of
 * a word of the name or of the code (model/pickers.ts).
 */
import { describedByOf, FieldError, FieldHint } from '../../../components/FieldError';
import { useId, useState, type ReactNode } from 'react';
import { matchesChoice, type Choice } from '../model/pickers';

interface Props {
  /** The field's id: the group's error is `${id}-error`. */
  id: string;
  label: string;
  choices: readonly Choice[];
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
  /** Shown instead of the code after a name ("FR"); by default the value. */
  showCode?: boolean;
  /** What one is called in "No language matches “xx”." */
  noun: string;
  /** Told what is typed in the search box (a list the server searches when it is not read whole). */
  onQueryChange?: (query: string) => void;
  /**
   * What the server's search is doing ("Searching all projects…", or that it failed): read out as a status, and shown
   * in the list instead of "No … matches" while nothing is listed.
   */
  searching?: string | undefined;
}

export function ChoiceList({
  id,
  label,
  choices,
  value,
  onChange,
  error,
  hint,
  showCode = true,
  noun,
  onQueryChange,
  searching,
}: Props) {
  const [query, setQuery] = useState('');
  const labelId = useId();
  const shown = choices.filter((c) => matchesChoice(c, query) || c.value === value);
  const describedBy = describedByOf(id, hint, error);
  return (
    <div className="choice-list">
      <span id={labelId} className="choice-list__label">
        {label} <span className="required">(required)</span>
      </span>
      <input
        id={id}
        type="search"
        className="choice-list__search"
        value={query}
        aria-label={`Find a ${noun} by name or code`}
        placeholder="Type a name or a code"
        autoComplete="off"
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          setQuery(e.target.value);
          onQueryChange?.(e.target.value);
        }}
      />
      <FieldHint id={id} hint={hint} />
      {onQueryChange ? (
        <p className="visually-hidden" role="status">
          {searching}
        </p>
      ) : null}
      <div
        role="radiogroup"
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        className="choice-list__options"
      >
        {shown.length === 0 ? (
          <p className="muted choice-list__empty" aria-hidden={searching ? true : undefined}>
            {searching ?? `No ${noun} matches “${query}”.`}
          </p>
        ) : (
          shown.map((c) => (
            <label key={c.value} className="choice-list__option">
              <input
                type="radio"
                name={id}
                value={c.value}
                checked={c.value === value}
                onChange={() => onChange(c.value)}
              />
              <span>{c.label}</span>
              {showCode && c.label !== c.value ? <code className="code">{c.value}</code> : null}
            </label>
          ))
        )}
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}
