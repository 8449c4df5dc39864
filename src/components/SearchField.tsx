/**
 * A list's search box (the filters' `filters__search` field): what is typed shows at once and is applied once typing
 * settles, or at once with Enter (`search` from lib/useSearchText.ts); an optional hint under it, tied to the box.
 */
import type { ReactNode } from 'react';

interface Props {
  id: string;
  search: { text: string; setText: (text: string) => void; commit: () => void };
  placeholder: string;
  hint?: ReactNode;
}

export function SearchField({ id, search, placeholder, hint }: Props) {
  const hintId = `${id}-hint`;
  return (
    <div className="filter-field filters__search">
      <label htmlFor={id}>Search</label>
      <input
        id={id}
        type="search"
        value={search.text}
        placeholder={placeholder}
        aria-describedby={hint ? hintId : undefined}
        onChange={(e) => search.setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') search.commit();
        }}
      />
      {hint ? (
        <p id={hintId} className="hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
