/**
 * "Assign" for the selected rows: one person among those the rows' studio works with (AssigneePicker), or
 * Unassigned; the rows skipped before confirming (not the user's studio: only admins and the studio's coordinators
 * assign; or already assigned so: nothing to change), an optional note for the history; then the run, its
 * progress and summary (BulkDialog). The server checks each assignment (a person not working with a row's studio
 * is refused for that row, and named in the summary).
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { updateWorkRequest } from '../../../api/workRequestRecord';
import { plural } from '../../../lib/format';
import { useSession } from '../../../lib/session/useSession';
import type { BulkSelectionState } from '../bulkSelectionState';
import type { AssigneeValue } from '../model/assignees';
import { bulkAssignPlan, commonStudio, mayAssign } from '../model/bulkAssign';
import { AssigneePicker } from './AssigneePicker';
import { BulkDialog, Notice, SkippedRows, type BulkFormProps } from './BulkDialog';

const SKIP_NOTE = { 'not-yours': 'not your studio', already: 'already so' } as const;

export function BulkAssignDialog({ bulk, onClose }: { bulk: BulkSelectionState; onClose: () => void }) {
  return <BulkDialog bulk={bulk} title="Assign" onClose={onClose} form={AssignForm} />;
}

function AssignForm({ resolved, start, onClose }: BulkFormProps) {
  const user = useSession()?.user;
  const [picked, setPicked] = useState<{ value: AssigneeValue }>();
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const noteId = useId();
  const pickerRef = useRef<HTMLDivElement>(null);
  // The form appears once the rows are read: the focus goes to the picker.
  useEffect(() => pickerRef.current?.querySelector('input')?.focus(), []);
  const assignable = resolved.rows.filter((r) => mayAssign(user, r));
  const studio = commonStudio(assignable);
  const studios = new Set(assignable.map((r) => r.studio)).size;
  const plan = picked ? bulkAssignPlan(user, resolved.rows, picked.value) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!picked || !plan || plan.rows.length === 0) return;
    const assignee = picked.value?._id ?? null;
    const reason = note.trim() || undefined;
    start({
      ids: plan.rows.map((r) => r._id),
      send: (id) => updateWorkRequest(id, { assignee, reason }),
      title: picked.value ? `Assign to ${picked.value.name ?? 'the person chosen'}` : 'Unassign',
      label: 'Assigning',
    });
  };

  if (assignable.length === 0) {
    return (
      <Notice onClose={onClose}>
        <p>
          You may not assign any of the {plural(resolved.rows.length, 'selected request')}: only admins and the
          coordinators of a request’s studio assign it.
        </p>
      </Notice>
    );
  }
  const verb = picked && picked.value === null ? 'Unassign' : 'Assign';
  return (
    <form onSubmit={submit} noValidate>
      <div className="form-field" ref={pickerRef}>
        <AssigneePicker
          studio={studio}
          value={picked?.value ?? null}
          onChange={(value) => setPicked({ value })}
          label={`Assign ${plural(resolved.rows.length, 'selected request')} to`}
          hint={
            studios > 1
              ? `The requests belong to ${studios} studios: someone who does not work with a request’s studio is refused for it.`
              : undefined
          }
        />
        {touched && !picked ? <p className="form-error">Choose a person, or Unassigned.</p> : null}
      </div>
      {plan ? (
        <SkippedRows
          intro={<>{plural(plan.skipped.length, 'request')} will be skipped:</>}
          rows={plan.skipped.map(({ row, why }) => ({ row, note: SKIP_NOTE[why] }))}
        />
      ) : null}
      <div className="form-field">
        <label htmlFor={noteId}>
          Note <span className="muted">(optional, goes into each request’s history)</span>
        </label>
        <input id={noteId} type="text" maxLength={2000} value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      {touched && plan && plan.rows.length === 0 ? (
        <p className="form-error">Nothing to change: every selected request is skipped.</p>
      ) : null}
      <div className="modal__actions">
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button button--primary">
          {plan ? `${verb} ${plural(plan.rows.length, 'request')}` : verb}
        </button>
      </div>
    </form>
  );
}
