/** Multi-select of statuses, as a disclosure with checkboxes (keyboard: Space/Enter opens, Tab moves, Escape closes). */
import { useEffect, useRef } from 'react';
import { WORK_REQUEST_STATUSES } from '../../../api/schema/workRequestRow';
import { statusLabel } from '../../../lib/statuses';

interface Props {
  value: readonly string[];
  onChange: (next: string[]) => void;
}

export function StatusFilter({ value, onChange }: Props) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const close = (event: MouseEvent) => {
      if (ref.current?.open && !ref.current.contains(event.target as Node)) ref.current.open = false;
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, []);
  const selected = new Set(value);
  const summary = value.length === 0 ? 'Any' : value.length === 1 ? statusLabel(value[0]) : `${value.length} selected`;
  const toggle = (status: string) => {
    const next = new Set(selected);
    if (next.has(status)) next.delete(status);
    else next.add(status);
    onChange([...next].sort());
  };
  return (
    <details
      ref={ref}
      className="menu"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && ref.current?.open) {
          ref.current.open = false;
          ref.current.querySelector('summary')?.focus();
        }
      }}
    >
      <summary className="filter-button" aria-label={`Status: ${summary}`}>
        {summary} <span aria-hidden="true">▾</span>
      </summary>
      <fieldset className="menu__panel">
        <legend className="visually-hidden">Statuses to show</legend>
        {WORK_REQUEST_STATUSES.map((status) => (
          <label key={status} className="menu__option">
            <input type="checkbox" checked={selected.has(status)} onChange={() => toggle(status)} />
            {statusLabel(status)}
          </label>
        ))}
        {value.length > 0 ? (
          <button type="button" className="link-button" onClick={() => onChange([])}>
            Clear statuses
          </button>
        ) : null}
      </fieldset>
    </details>
  );
}
