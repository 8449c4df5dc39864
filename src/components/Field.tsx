/** Label/value pairs for record pages: a <dl> laid out as a dense two-column grid. */
import type { ReactNode } from 'react';

export function Fields({ children, columns = 2 }: { children: ReactNode; columns?: 1 | 2 | 3 }) {
  return <dl className={`fields fields--${columns}`}>{children}</dl>;
}

export function Field({ label, children }: { label: string; children: ReactNode }) {
  const empty = children === undefined || children === null || children === '' || children === false;
  return (
    <div className="field">
      <dt>{label}</dt>
      <dd>{empty ? <span className="muted">—</span> : children}</dd>
    </div>
  );
}

export function YesNo({ value }: { value: boolean | undefined }) {
  if (value === undefined) return <span className="muted">—</span>;
  return <span className={value ? 'yes' : 'no'}>{value ? 'Yes' : 'No'}</span>;
}
