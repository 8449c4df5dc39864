/**
 * The language and territory filters of the work-request list: a combobox (ARIA 1.2, list autocomplete) that takes
 * a code, a name or the start of either — "French" or "fr" finds fr-FR and fr-CA, "Fran" finds France — and
 * suggests the matching languages or territories by name. Picking a suggestion filters by its code; Enter or
 * leaving the field filters by the text as typed, which the URL keeps and the list asks the server for as the
 * codes it matches (filterChoices.ts, withPlaceCodes). Without the catalog lists it is a plain code field.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { useChanged } from '../../../lib/useChanged';
import { matchPlaces, type PlaceChoice } from '../model/placeMatch';
import './placeFilter.css';

export interface PlaceFilterProps {
  value: string | undefined;
  choices: readonly PlaceChoice[];
  onCommit: (value: string | undefined) => void;
  /** The field's label and placeholder (PlaceFilterSlot.tsx: LANGUAGE, TERRITORY). */
  label: string;
  placeholder: string;
}

/** At most this many suggestions at once (the catalog lists hold a few dozen). */
const MAX_OPTIONS = 50;

export function PlaceFilter({ label, placeholder, value, choices, onCommit }: PlaceFilterProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState(value ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const valueChanged = useChanged(value);
  if (valueChanged) setText(value ?? '');

  const options = (text.trim() ? matchPlaces(text, choices) : choices).slice(0, MAX_OPTIONS);
  const expanded = open && options.length > 0;
  const current = expanded && active >= 0 ? options[active] : undefined;
  // What the committed value stands for, read by screen readers after the label ("fr: French (Canada), …").
  const meaning = value ? matchPlaces(value, choices) : [];

  const commit = (next: string) => {
    setOpen(false);
    setActive(-1);
    setText(next);
    const v = next.trim() || undefined;
    if (v !== value) onCommit(v);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (options.length === 0 ? -1 : (i + step + options.length) % options.length));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      commit(current ? current.code : text);
    } else if (e.key === 'Escape') {
      if (expanded) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      } else setText(value ?? '');
    }
  };

  return (
    <div className="filter-field place-filter">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="place-filter__input"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={current ? `${id}-opt-${current.code}` : undefined}
        aria-describedby={meaning.length ? `${id}-meaning` : undefined}
        value={text}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(false)}
        onClick={() => setOpen((o) => !o)}
        onBlur={() => commit(text)}
        onKeyDown={onKeyDown}
      />
      {meaning.length ? (
        <span id={`${id}-meaning`} className="visually-hidden">
          {`Showing ${meaning.map((c) => c.name ?? c.code).join(', ')}`}
        </span>
      ) : null}
      <ul
        id={listId}
        role="listbox"
        aria-label={`${label} suggestions`}
        className="place-filter__list"
        hidden={!expanded}
      >
        {options.map((c, i) => (
          <li
            key={c.code}
            id={`${id}-opt-${c.code}`}
            role="option"
            aria-selected={i === active}
            className="place-filter__option"
            // Keep the focus in the field (its blur would commit the typed text first).
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => commit(c.code)}
          >
            <span>{c.name ?? c.code}</span>
            {c.name ? <span className="place-filter__code">{c.code}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
