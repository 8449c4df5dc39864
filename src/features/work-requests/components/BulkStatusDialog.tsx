/**
 * "Change status" for the selected rows: the new statuses the workflow allows this user for at least one of them
 * (model/bulkMoves.ts; those every row allows first), the rows each would skip listed before confirming, and ONE
 * reason for all; then the run, its progress and summary (BulkDialog).
 */
import { useState, type FormEvent } from 'react';
import { updateWorkRequest } from '../../../api/workRequestRecord';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatCount, plural } from '../../../lib/format';
import { useSession } from '../../../lib/session/useSession';
import { statusLabel } from '../../../lib/statuses';
import type { WorkRequestStatus } from '../../../api/schema/workRequestRow';
import type { BulkSelectionState } from '../bulkSelectionState';
import { bulkMoveChoices } from '../model/bulkMoves';
import { BulkDialog, Notice, SkippedRows, type BulkFormProps } from './BulkDialog';
import { ReasonField } from './ReasonField';

export function BulkStatusDialog({ bulk, onClose }: { bulk: BulkSelectionState; onClose: () => void }) {
  return <BulkDialog bulk={bulk} title="Change status" onClose={onClose} form={StatusForm} />;
}

function StatusForm({ resolved, start, onClose }: BulkFormProps) {
  const user = useSession()?.user;
  const [target, setTarget] = useState<WorkRequestStatus>();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const choices = bulkMoveChoices(user, resolved.rows);
  const choice = choices.find((c) => c.to === target) ?? (choices.length === 1 ? choices[0] : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!choice || reason.trim() === '') return;
    const status = choice.to;
    const why = reason.trim();
    start({
      ids: choice.rows.map((r) => r._id),
      send: (id) => updateWorkRequest(id, { status, reason: why }),
      title: `Move to “${statusLabel(status)}”`,
      label: 'Changing statuses',
    });
  };

  if (choices.length === 0) {
    return (
      <Notice onClose={onClose}>
        <p>
          None of the {plural(resolved.rows.length, 'selected request')} can be moved by you: the workflow offers no
          status change from their statuses to your role.
        </p>
      </Notice>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
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
      {choice ? (
        <SkippedRows
          intro={
            <>
              {plural(choice.skipped.length, 'request')} will be skipped: the workflow has no move to “
              {statusLabel(choice.to)}” from {choice.skipped.length === 1 ? 'its' : 'their'} status for you.
            </>
          }
          rows={choice.skipped.map((row) => ({ row }))}
        />
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
  );
}
