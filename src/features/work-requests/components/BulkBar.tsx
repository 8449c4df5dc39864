/**
 * The selection bar above the list (loaded by SelectionStatus once a row is selected): how many rows are selected, "Select all N matching" (the whole filter, up to
 * BULK_LIMIT), Clear, and the bulk actions: change status (BulkStatusDialog), assign (BulkAssignDialog: offered to
 * admins and coordinators), export the selection as CSV, and put the selected orders' assets in the share queue
 * (lib/shareQueue.ts: admins and coordinators; a search's results shared in one step). A labelled region (SelectionStatus announces its count).
 * Dialogs give the focus back to the button that opened them.
 */
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { describeError } from '../../../components/ErrorPanel';
import { formatCount, plural } from '../../../lib/format';
import { useSession } from '../../../lib/session/useSession';
import { shareQueue } from '../../../lib/shareQueue';
import { BULK_LIMIT, selectionText, type BulkSelectionState } from '../bulkSelectionState';
import { studioNamesFor } from '../filterChoices';
import './bulk.css';

const BulkStatusDialog = lazy(() => import('./BulkStatusDialog').then((m) => ({ default: m.BulkStatusDialog })));
const BulkAssignDialog = lazy(() => import('./BulkAssignDialog').then((m) => ({ default: m.BulkAssignDialog })));

interface Props {
  bulk: BulkSelectionState;
  /** The filter's total (Content-Range), when the server says it. */
  total: number | undefined;
}

export function BulkBar({ bulk, total }: Props) {
  const [dialog, setDialog] = useState<'status' | 'assign'>();
  const [message, setMessage] = useState<{ text: string; error?: boolean }>();
  const statusButton = useRef<HTMLButtonElement>(null);
  const assignButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef<HTMLButtonElement>(null);
  // After the dialog has closed (its element gone, the page no longer inert), the focus goes back to its button.
  useEffect(() => {
    if (dialog || !returnFocus.current) return;
    returnFocus.current.focus();
    returnFocus.current = null;
  }, [dialog]);
  // Assigning is for admins and coordinators (the server checks each row's studio).
  const client = useQueryClient();
  const groups = useSession()?.user?.groups ?? [];
  const mayAssign = groups.some((g) => g.type === 'admin' || g.type === 'coordinator');
  const closeDialog = () => {
    returnFocus.current = dialog === 'assign' ? assignButton.current : statusButton.current;
    setDialog(undefined);
  };
  const { count, selection } = bulk;

  const exportSelection = async () => {
    setMessage({ text: 'Exporting the selection…' });
    try {
      const [{ downloadCsv }, resolved, studioName] = await Promise.all([
        import('../exportList'),
        bulk.resolve(),
        studioNamesFor(client),
      ]);
      const fileName = downloadCsv(resolved.rows, 'selection', studioName);
      setMessage({ text: `Exported ${plural(resolved.rows.length, 'work request')} to ${fileName}.` });
    } catch (error) {
      setMessage({ text: `Could not export: ${describeError(error)}`, error: true });
    }
  };

  const queueAssets = async () => {
    setMessage({ text: 'Reading the selection…' });
    try {
      const { rows } = await bulk.resolve();
      const ids = [...new Set(rows.flatMap((r) => (r.asset?._id ? [r.asset._id] : [])))];
      shareQueue.add(...ids);
      setMessage({
        text: `Added ${plural(ids.length, 'asset')} of ${plural(rows.length, 'selected request')} to the share queue (${formatCount(shareQueue.ids().length)} queued: send them from Shares → New share).`,
      });
    } catch (error) {
      setMessage({ text: `Could not read the selection: ${describeError(error)} Nothing was queued.`, error: true });
    }
  };

  const canSelectAll = !selection.allMatching && total !== undefined && total > count && total <= BULK_LIMIT;
  const tooManyToSelectAll = !selection.allMatching && total !== undefined && total > BULK_LIMIT && count < total;

  return (
    <>
      <section className="bulk-bar" aria-label="Selection">
        <p className="bulk-bar__count">{selectionText(bulk)}</p>
        {canSelectAll ? (
          <button type="button" className="link-button" onClick={bulk.selectAllMatching}>
            Select all {formatCount(total)} matching
          </button>
        ) : null}
        {tooManyToSelectAll ? (
          <span className="hint">
            Bulk actions take up to {formatCount(BULK_LIMIT)} requests: narrow the filters to select all.
          </span>
        ) : null}
        <button type="button" className="link-button" onClick={bulk.clear}>
          Clear selection
        </button>
        <div className="bulk-bar__actions">
          <button ref={statusButton} type="button" className="button button--small" onClick={() => setDialog('status')}>
            Change status…
          </button>
          {mayAssign ? (
            <button
              ref={assignButton}
              type="button"
              className="button button--small"
              onClick={() => setDialog('assign')}
            >
              Assign…
            </button>
          ) : null}
          <button type="button" className="button button--small" onClick={() => void exportSelection()}>
            Export selection
          </button>
          {mayAssign ? (
            <button type="button" className="button button--small" onClick={() => void queueAssets()}>
              Add their assets to share
            </button>
          ) : null}
        </div>
        {message ? (
          <p
            className={`bulk-bar__message${message.error ? ' inline-error' : ''}`}
            role={message.error ? 'alert' : 'status'}
          >
            {message.text}
          </p>
        ) : null}
        {dialog ? (
          <Suspense fallback={null}>
            {dialog === 'status' ? (
              <BulkStatusDialog bulk={bulk} onClose={closeDialog} />
            ) : (
              <BulkAssignDialog bulk={bulk} onClose={closeDialog} />
            )}
          </Suspense>
        ) : null}
      </section>
    </>
  );
}
