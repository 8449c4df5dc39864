/**
 * Where the list says what is selected: a live region, always there, that announces each change of the count (and
 * a selection cleared by a filter change), and the selection bar (BulkBar, with its dialogs and styles) loaded only
 * once a row is selected, so the list's first load carries none of it.
 */
import { lazy, Suspense } from 'react';
import { selectionText, type BulkSelectionState } from '../bulkSelectionState';

const BulkBar = lazy(() => import('./BulkBar').then((m) => ({ default: m.BulkBar })));
const CLEARED = 'The selection was cleared: the filters changed.';

export function SelectionStatus({ bulk, total }: { bulk: BulkSelectionState; total: number | undefined }) {
  const { count } = bulk;
  return (
    <>
      <p className="visually-hidden" role="status">
        {count > 0 ? selectionText(bulk) : bulk.clearedByFilters ? CLEARED : ''}
      </p>
      {count > 0 ? (
        <Suspense fallback={null}>
          <BulkBar bulk={bulk} total={total} />
        </Suspense>
      ) : bulk.clearedByFilters ? (
        <p className="hint selection-note" aria-hidden="true">
          {CLEARED}
        </p>
      ) : null}
    </>
  );
}
