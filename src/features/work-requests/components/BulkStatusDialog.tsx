/**
 * "Change status" for the selected rows: the new statuses the workflow allows this user for at least one of them
 * (model/bulkMoves.ts; those every row allows first), the rows each would skip listed before confirming, ONE
 * reason for all; then one PUT per row, at most 4 at a time (model/bulkRun.ts) with a progress bar and Stop, and
 * a summary naming each refused row with the server's reason, "Retry failed" (only those rows) and the list
 * refreshed. Rows have no ETag in the list, so the PUTs go without If-Match; the run's ledger keeps any row from
 * being sent twice.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../api/client';
import { updateWorkRequest } from '../../../api/workRequestRecord';
import { describeError } from '../../../components/ErrorPanel';
import { Modal } from '../../../components/Modal';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatCount, plural } from '../../../lib/format';
import { useSession } from '../../../lib/session/useSession';
import { statusLabel } from '../../../lib/statuses';
import type { WorkRequestStatus } from '../../../api/schema/workRequestRow';
import type { BulkSelectionState, ResolvedRows } from '../bulkSelectionState';
import { bulkMoveChoices, rowName } from '../model/bulkMoves';
import { BulkRun, type BulkProgress } from '../model/bulkRun';
import { workRequestKeys } from '../queryOptions';
import { ReasonField } from './ReasonField';

/** A refusal in the server's own words (a 403's or 409's message), else the usual description. */
const reasonOf = (error: unknown) => (isApiError(error) && error.message ? error.message : describeError(error));

/** How many skipped rows are named before "and N more". */
const NAMED = 8;

export function BulkStatusDialog({ bulk, onClose }: { bulk: BulkSelectionState; onClose: () => void }) {
  const user = useSession()?.user;
  const queryClient = useQueryClient();
  const [resolved, setResolved] = useState<ResolvedRows>();
  const [loadError, setLoadError] = useState<string>();
  const [reading, setReading] = useState(0);
  const [target, setTarget] = useState<WorkRequestStatus>();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [run, setRun] = useState<BulkRun>();
  // Also kept in a ref: a second submit handled before the re-render still finds the run made.
  const made = useRef<BulkRun>(undefined);
  const [progress, setProgress] = useState<BulkProgress>();
  const bodyRef = useRef<HTMLDivElement>(null);
  const { resolve } = bulk;

  // The rows: the selection as the list has them, or the whole filter read page by page.
  useEffect(() => {
    const abort = new AbortController();
    resolve({ signal: abort.signal, onProgress: setReading }).then(setResolved, (error: unknown) => {
      if (!abort.signal.aborted) setLoadError(describeError(error));
    });
    return () => abort.abort();
  }, [resolve]);

  // The rows (or the failure) arrive after the dialog opened: the focus then goes to the first choice (or Close).
  useEffect(() => {
    if (resolved || loadError) bodyRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [resolved, loadError]);

  const choices = useMemo(() => (resolved ? bulkMoveChoices(user, resolved.rows) : []), [user, resolved]);
  const choice = choices.find((c) => c.to === target) ?? (choices.length === 1 ? choices[0] : undefined);
  const names = useMemo(() => new Map(resolved?.rows.map((r) => [r._id, rowName(r)])), [resolved]);
  const running = progress?.running ?? false;
  const finished = progress !== undefined && !progress.running;

  const refresh = () => void queryClient.invalidateQueries({ queryKey: workRequestKeys.all });
  const afterTry = (result: BulkProgress) => {
    setProgress(result);
    refresh();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    // A second submit (a double click) finds the run made: nothing is sent twice.
    if (made.current || !choice || reason.trim() === '') return;
    const status = choice.to;
    const why = reason.trim();
    const next = new BulkRun(
      choice.rows.map((r) => r._id),
      (id) => updateWorkRequest(id, { status, reason: why }),
      { reasonOf, onChange: setProgress },
    );
    made.current = next;
    setRun(next);
    void next.start().then(afterTry);
  };

  const close = () => {
    // Closing while rows are being sent stops the rest; the dialog stays until those in flight have answered.
    if (running) run?.cancel();
    else onClose();
  };

  const title = choice && run ? `Move to “${statusLabel(choice.to)}”` : 'Change status';
  return (
    <Modal title={title} onClose={close}>
      <div ref={bodyRef} className="modal__body bulk-dialog">
        {run && progress ? (
          <RunView
            progress={progress}
            names={names}
            onStop={() => run.cancel()}
            onRetry={(unsent) => void run.retry({ unsent }).then(afterTry)}
            onClose={onClose}
            finished={finished}
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
        ) : choices.length === 0 ? (
          <Notice onClose={onClose}>
            <p>
              None of the {plural(resolved.rows.length, 'selected request')} can be moved by you: the workflow offers no
              status change from their statuses to your role.
            </p>
          </Notice>
        ) : (
          <form onSubmit={submit} noValidate>
            {resolved.unreadable > 0 ? (
              <p className="hint">
                {plural(resolved.unreadable, 'record')} of the filter could not be read and{' '}
                {resolved.unreadable === 1 ? 'is' : 'are'} left out.
              </p>
            ) : null}
            <fieldset className="bulk-targets">
              <legend>New status for {plural(resolved.rows.length, 'selected request')}</legend>
              {choices.map((c, i) => (
                <label key={c.to} className="bulk-target">
                  <input
                    type="radio"
                    name="bulk-target"
                    value={c.to}
                    checked={choice?.to === c.to}
                    onChange={() => setTarget(c.to)}
                    data-autofocus={i === 0 ? true : undefined}
                  />
                  <StatusBadge status={c.to} />
                  <span className="bulk-target__count">
                    {c.skipped.length === 0
                      ? `all ${formatCount(c.rows.length)}`
                      : `${formatCount(c.rows.length)} of ${formatCount(resolved.rows.length)}`}
                  </span>
                </label>
              ))}
            </fieldset>
            {choice && choice.skipped.length > 0 ? (
              <div className="bulk-skipped">
                <p>
                  {plural(choice.skipped.length, 'request')} will be skipped: the workflow has no move to “
                  {statusLabel(choice.to)}” from {choice.skipped.length === 1 ? 'its' : 'their'} status for you.
                </p>
                <ul aria-label="Skipped requests">
                  {choice.skipped.slice(0, NAMED).map((r) => (
                    <li key={r._id}>
                      {rowName(r)} <StatusBadge status={r.status} />
                    </li>
                  ))}
                  {choice.skipped.length > NAMED ? (
                    <li>and {formatCount(choice.skipped.length - NAMED)} more</li>
                  ) : null}
                </ul>
              </div>
            ) : null}
            <ReasonField
              value={reason}
              onChange={setReason}
              touched={touched}
              missingText="Say why the statuses change; it goes into each request’s history."
              rows={3}
            />
            {touched && !choice ? <p className="form-error">Choose the new status.</p> : null}
            <div className="modal__actions">
              <button type="button" className="button" onClick={onClose}>
                Cancel
              </button>
              <button type="submit" className="button button--primary">
                {choice ? `Move ${plural(choice.rows.length, 'request')}` : 'Move'}
              </button>
            </div>
          </form>
        )}
      </div>
    </Modal>
  );
}

/** A message with only Close. */
function Notice({ children, onClose }: { children: ReactNode; onClose: () => void }) {
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
  progress: BulkProgress;
  names: ReadonlyMap<string, string>;
  finished: boolean;
  onStop: () => void;
  onRetry: (unsent: boolean) => void;
  onClose: () => void;
}

function RunView({ progress, names, finished, onStop, onRetry, onClose }: RunViewProps) {
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
        aria-label="Changing statuses"
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
