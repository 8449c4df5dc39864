/**
 * One record of a list as a card on a phone (phoneCards.ts, docs/API.md "Lists on phones"): its name (the row's
 * link) and status on top, then the lines the list gives. `cardColumn` makes it the grid's one column. A list whose
 * records have their own state words (a share's) gives its `badge` instead of a workflow `status`.
 */
import type { ReactNode } from 'react';
import { StatusBadge } from './StatusBadge';
import type { Column } from './VirtualTable';

export function RecordCard({
  name,
  status,
  badge,
  children,
}: {
  name: ReactNode;
  status?: string | undefined;
  badge?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="record-card">
      <div className="record-card__top">
        {name}
        {badge ?? <StatusBadge status={status} />}
      </div>
      {children}
    </div>
  );
}

/** The card column of a list: the whole row's width, read as `header` by a screen reader's column header. */
export function cardColumn<T>(header: string, render: (record: T) => ReactNode): Column<T> {
  return { id: 'card', header, width: 'minmax(0, 1fr)', render };
}
