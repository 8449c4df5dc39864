/**
 * The frame of a bulk action's dialog (BulkStatusDialog, BulkAssignDialog): reads the selected rows (the selection
 * as the list has them, or every row of the filter, page by page), hands them to the action's form, and once the
 * form starts the run (model/bulkRun.ts: one request per row, at most 4 at a time, none sent twice) shows its
 * progress bar with Stop, then the summary naming each refused row with the server's reason, "Retry failed" (only
 * those rows) and "Send the rest" (after Stop); the list is refreshed after each try. Rows have no ETag in the
 * list, so the requests go without If-Match; the run's ledger keeps any row from being sent twice.
 */
import { useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../api/client';
import { describeError } from '../../../components/ErrorPanel';
import { Modal } from '../../../components/Modal';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatCount, plural } from '../../../lib/format';
import type { WorkRequestRow } from '../../../api/schema/workRequestRow';
import type { BulkSelectionState, ResolvedRows } from '../bulkSelectionState';
import { rowName } from '../model/rowName';
import { BulkRun, type BulkProgress } from '../model/bulkRun';
import { workRequestKeys } from '../queryOptions';

/** A refusal in the server's own words (a 403's or 409's message), else the usual description. */
const reasonOf = (error: unknown) => (isApiError(error) && error.message ? error.message : describeError(error));

/** How many skipped rows are named before "and N more". */
const NAMED = 8;

export interface RunRequest {
  ids: string[];
  send: (id: string) => Promise<unknown>;
  /** The dialog's title while and after it runs ("Move to “In progress”"). */
  title: string;
  /** The progress bar's name ("Changing statuses"). */
  label: string;
}

/** What the action's form is given: the rows, `start` (a second call is ignored: nothing is sent twice), Close. */
export interface BulkFormProps {
  resolved: ResolvedRows;
  start: (request: RunRequest) => void;
  onClose: () => void;
}

interface Props {
  bulk: BulkSelectionState;
  title: string;
  onClose: () => void;
  form: ComponentType<BulkFormProps>;
}

export function BulkDialog({ bulk, title, onClose, form: Form }: Props) {
  const queryClient = useQueryClient();
  const [resolved, setResolved] = useState<ResolvedRows>();
  const [loadError, setLoadError] = useState<string>();
  const [reading, setReading] = useState(0);
  const [running, setRunning] = useState<{ run: BulkRun; request: RunRequest }>();
  // Also kept in a ref: a second submit handled before the re-render still finds the run made.
  const made = useRef<BulkRun>(undefined);
  const [progress, setProgress] = useState<BulkProgress>();
  const bodyRef = useRef<HTMLDivElement>(null);
  const { resolve } = bulk;

  useEffect(() => {
    const abort = new AbortController();
    resolve({ signal: abort.signal, onProgress: setReading }).then(setResolved, (error: unknown) => {
      if (!abort.signal.aborted) setLoadError(describeError(error));
    });
    return () => abort.abort();
  }, [resolve]);

  // The rows (or the failure) arrive after the dialog opened: the focus then goes to the form's first control.
  useEffect(() => {
    if (resolved || loadError) bodyRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [resolved, loadError]);

  const names = useMemo(() => new Map(resolved?.rows.map((r) => [r._id, rowName(r)])), [resolved]);
  const afterTry = (result: BulkProgress) => {
    setProgress(result);
    void queryClient.invalidateQueries({ queryKey: workRequestKeys.all });
  };
  const start = (request: RunRequest) => {
    if (made.current) return;
    const run = new BulkRun(request.ids, request.send, { reasonOf, onChange: setProgress });
    made.current = run;
    setRunning({ run, request });
    void run.start().then(afterTry);
  };
  const close = () => {
    // Closing while rows are being sent stops the rest; the dialog stays until those in flight have answered.
    if (progress?.running) running?.run.cancel();
    else onClose();
  };

  return (
    <Modal title={running?.request.title ?? title} onClose={close}>
      <div ref={bodyRef} className="modal__body bulk-dialog">
        {running && progress ? (
          <RunView
            label={running.request.label}
            progress={progress}
            names={names}
            onStop={() => running.run.cancel()}
            onRetry={(unsent) => void running.run.retry({ unsent }).then(afterTry)}
            onClose={onClose}
          />
        ) : loadError ? (
          <Notice onClose={onClose}>
            <p className="form-error" role="alert">
              Could not read the selected requests: {loadError}
            </p>
          </Notice>
        ) : !resolved ? (
          <p role="status" className="bulk-reading">
            Reading the selected requests… {reading > 0 ? formatCount(reading) : ''}
          </p>
        ) : (
          <>
            {resolved.unreadable > 0 ? (
              <p className="hint">
                {plural(resolved.unreadable, 'record')} of the filter could not be read and{' '}
                {resolved.unreadable === 1 ? 'is' : 'are'} left out.
              </p>
            ) : null}
            <Form resolved={resolved} start={start} onClose={onClose} />
          </>
        )}
      </div>
    </Modal>
  );
}

/** The rows an action leaves as they are, named (up to NAMED), each with what it shows and why. */
export function SkippedRows({
  intro,
  rows,
}: {
  intro: ReactNode;
  rows: readonly { row: WorkRequestRow & { _id: string }; note?: string }[];
}) {
  if (rows.length === 0) return null;
  return (
    <div className="bulk-skipped">
      <p>{intro}</p>
      <ul aria-label="Skipped requests">
        {rows.slice(0, NAMED).map(({ row, note }) => (
          <li key={row._id}>
            {rowName(row)} <StatusBadge status={row.status} />
            {note ? <span className="muted"> — {note}</span> : null}
          </li>
        ))}
        {rows.length > NAMED ? <li>and {formatCount(rows.length - NAMED)} more</li> : null}
      </ul>
    </div>
  );
}

/** A message with only Close. */
export function Notice({ children, onClose }: { children: ReactNode; onClose: () => void }) {
  return (
    <>
      {children}
      <div className="modal__actions">
        <button type="button" className="button" onClick={onClose} data-autofocus>
          Close
        </button>
      </div>
    </>
  );
}

interface RunViewProps {
  label: string;
  progress: BulkProgress;
  names: ReadonlyMap<string, string>;
  onStop: () => void;
  onRetry: (unsent: boolean) => void;
  onClose: () => void;
}

function RunView({ label, progress, names, onStop, onRetry, onClose }: RunViewProps) {
  const finished = !progress.running;
  const summaryRef = useRef<HTMLDivElement>(null);
  // The summary takes the focus when a try ends, so it is read and Retry / Close are next.
  useEffect(() => {
    if (finished) summaryRef.current?.focus();
  }, [finished]);
  const { done, failed, unsent, sending, finished: answered } = progress;
  const summary = [
    `${formatCount(done)} changed`,
    failed.length > 0 ? `${formatCount(failed.length)} refused` : '',
    unsent.length > 0 ? `${formatCount(unsent.length)} not sent (stopped)` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <div className="bulk-run">
      <div
        className="bulk-progress"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={sending}
        aria-valuenow={answered}
        aria-valuetext={`${formatCount(answered)} of ${formatCount(sending)} answered`}
      >
        <div className="bulk-progress__bar" style={{ width: `${sending > 0 ? (answered / sending) * 100 : 100}%` }} />
      </div>
      {finished ? (
        <div ref={summaryRef} tabIndex={-1} className="bulk-summary" role="status">
          <p className="bulk-summary__line">{summary}.</p>
          {failed.length > 0 ? (
            <ul aria-label="Refused requests" className="bulk-refused">
              {failed.map((f) => (
                <li key={f.id}>
                  <strong>{names.get(f.id) ?? 'A request'}</strong>: {f.reason}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : (
        <p role="status">
          Changing… {formatCount(answered)} of {formatCount(sending)}
        </p>
      )}
      <div className="modal__actions">
        {finished ? (
          <>
            {failed.length > 0 ? (
              <button type="button" className="button" onClick={() => onRetry(false)}>
                Retry failed
              </button>
            ) : null}
            {unsent.length > 0 ? (
              <button type="button" className="button" onClick={() => onRetry(true)}>
                Send the rest
              </button>
            ) : null}
            <button type="button" className="button button--primary" onClick={onClose}>
              Close
            </button>
          </>
        ) : (
          <button type="button" className="button" onClick={onStop} data-autofocus>
            Stop
          </button>
        )}
      </div>
    </div>
  );
}
