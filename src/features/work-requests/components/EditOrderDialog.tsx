/**
 * "Edit order": due date and delivery deadline (each on the wall clock of its own time zone), instructions, tags and
 * the materials checklist, in one dialog (docs/API.md "Orders"). It reads the latest version with its ETag when it
 * opens and saves only the changed fields with If-Match. A 409 (someone else saved meanwhile) keeps the form and
 * shows the conflict view: what they changed, what I changed, a choice per field both changed; my edits are then
 * re-applied onto their version and saved again. The server's 400 lands next to the fields its `details` name.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import type { WorkRequest } from '../../../api/schema/workRequest';
import { conflictRecord, type VersionedRecord } from '../../../api/versioned';
import { getWorkRequestVersioned, updateWorkRequest } from '../../../api/workRequestRecord';
import { workRequest as workRequestSchema } from '../../../api/schema/workRequest';
import { ConflictPanel } from '../../../components/ConflictPanel';
import { InstructionsField } from '../../../components/InstructionsField';
import { LatestVersionNotice } from '../../../components/LatestVersionNotice';
import { Modal } from '../../../components/Modal';
import { useLatestVersion } from '../../../components/useLatestVersion';
import { saveFailure, type SaveFailure } from '../../../components/serverErrors';
import { UnsavedChangesGuard } from '../../../components/UnsavedChangesGuard';
import { viewerTimeZone } from '../../../lib/dates';
import { plural } from '../../../lib/format';
import {
  buildOrderChange,
  changedFields,
  describeEdits,
  fieldOfPath,
  formFromRecord,
  rebaseOrderForm,
  summarizeConflict,
  validateOrderForm,
  valuesOfForm,
  valuesOfRecord,
  type EditedField,
  type OrderErrors,
  type OrderForm,
  type OrderValues,
} from '../model/orderEdit';
import { workRequestKeys } from '../queryOptions';
import { MaterialsEditor, TagsEditor, ZonedDateField } from './OrderFields';
import { SpecPicker } from '../../../components/SpecPicker';
import { studioSpecsOptions } from '../../../lib/specQueries';
import type { ChangeNames } from '../model/changeWords';
import '../orderEdit.css';

interface Props {
  id: string;
  /** The page's copy, shown while the latest version loads. */
  initial: WorkRequest;
  onClose: () => void;
}

interface Base {
  record: WorkRequest;
  values: OrderValues;
  etag: string | undefined;
}

interface Conflict {
  theirs: VersionedRecord<WorkRequest>;
  takeTheirs: Set<EditedField>;
}

const baseOf = (record: WorkRequest, etag: string | undefined): Base => ({
  record,
  values: valuesOfRecord(record),
  etag,
});

export function EditOrderDialog({ id, initial, onClose }: Props) {
  const client = useQueryClient();
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const viewerTz = viewerTimeZone();
  const [base, setBase] = useState<Base>(() => baseOf(initial, undefined));
  const [draft, setDraft] = useState<{ form: OrderForm; touched: boolean }>(() => ({
    form: formFromRecord(initial, viewerTz),
    touched: false,
  }));
  const form = draft.form;
  const [errors, setErrors] = useState<OrderErrors>({});
  const [failure, setFailure] = useState<SaveFailure>();
  const [conflict, setConflict] = useState<Conflict>();
  const [rebased, setRebased] = useState(false);
  const [saving, setSaving] = useState(false);
  const [confirmClose, setConfirmClose] = useState(false);

  const latest = useLatestVersion(
    (signal) => getWorkRequestVersioned(id, signal),
    (record) => {
      setBase(baseOf(record.data, record.etag));
      // The latest version replaces the form only while the user has not typed.
      setDraft((d) => (d.touched ? d : { form: formFromRecord(record.data, viewerTz), touched: false }));
    },
  );
  const loading = latest.loading;

  const values = useMemo(() => valuesOfForm(form), [form]);
  // Specs are named by their names in the summary and the conflict view (the picker's own list, one request).
  const studio = base.record.studio;
  const specs = useQuery({ ...studioSpecsOptions(studio ?? ''), enabled: studio !== undefined });
  const names = useMemo<ChangeNames>(() => {
    const byId = new Map((specs.data ?? []).map((s) => [s._id, s.name ?? 'Unnamed spec']));
    return { spec: (id) => byId.get(id) };
  }, [specs.data]);
  const edits = useMemo(() => describeEdits(base.values, values, names), [base.values, values, names]);
  const dirty = changedFields(base.values, values).length > 0;

  const set = (patch: Partial<OrderForm>) => {
    setDraft((d) => ({ form: { ...d.form, ...patch }, touched: true }));
    setConfirmClose(false);
    const keys = Object.keys(patch);
    setErrors((e) => {
      const next = Object.fromEntries(
        Object.entries(e).filter(([k]) => !keys.some((key) => k === key || k.startsWith(`${key}.`))),
      );
      return Object.keys(next).length === Object.keys(e).length ? e : next;
    });
  };

  const focusFirstInvalid = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  /** A 409: their version with its ETag, read now; the 409's own copy when that read fails. */
  const showConflict = async (error: unknown) => {
    let theirs: VersionedRecord<WorkRequest> | undefined;
    try {
      theirs = await getWorkRequestVersioned(id);
    } catch {
      const current = conflictRecord(workRequestSchema, error);
      if (current) theirs = { data: current, problems: [], etag: undefined };
    }
    if (theirs) setConflict({ theirs, takeTheirs: new Set() });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || conflict) return;
    const found = validateOrderForm(form, base.values, Math.floor(Date.now() / 1000));
    setErrors(found);
    setFailure(undefined);
    if (Object.keys(found).length) {
      focusFirstInvalid();
      return;
    }
    const change = buildOrderChange(base.values, form);
    if (Object.keys(change).length === 0) {
      onClose();
      return;
    }
    setSaving(true);
    try {
      const saved = await updateWorkRequest(id, change, base.etag);
      client.setQueryData(workRequestKeys.detail(id), { data: saved.data, problems: saved.problems });
      void client.invalidateQueries({ queryKey: workRequestKeys.lists() });
      onClose();
    } catch (error) {
      const f = saveFailure(error, fieldOfPath, 'order');
      if (f.conflict) await showConflict(error);
      setFailure(f);
      setErrors(f.fields);
      if (Object.keys(f.fields).length) focusFirstInvalid();
    } finally {
      setSaving(false);
    }
  };

  const reapply = () => {
    if (!conflict) return;
    const theirs = conflict.theirs;
    setDraft({
      form: rebaseOrderForm(base.values, form, theirs.data, conflict.takeTheirs, viewerTz),
      touched: true,
    });
    setBase(baseOf(theirs.data, theirs.etag));
    client.setQueryData(workRequestKeys.detail(id), { data: theirs.data, problems: theirs.problems });
    setConflict(undefined);
    setFailure(undefined);
    setRebased(true);
  };

  const discardMine = () => {
    if (conflict)
      client.setQueryData(workRequestKeys.detail(id), {
        data: conflict.theirs.data,
        problems: conflict.theirs.problems,
      });
    onClose();
  };

  const requestClose = () => {
    if (!dirty || confirmClose) {
      onClose();
      return;
    }
    setConfirmClose(true);
    // The safe answer gets the focus, so Enter keeps the edits.
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[data-keep-editing]')?.focus());
  };

  const summary = conflict
    ? summarizeConflict(base.values, form, valuesOfRecord(conflict.theirs.data), names)
    : undefined;
  const fieldId = (name: string) => `${formId}-${name.replace(/[^\w-]/g, '-')}`;
  const disabled = saving || !!conflict;

  return (
    <Modal title="Edit order" onClose={requestClose}>
      <UnsavedChangesGuard dirty={dirty} what={`${plural(edits.length, 'unsaved change')} to this order`} />
      <form
        ref={formRef}
        onSubmit={(e) => void submit(e)}
        noValidate
        className="order-edit"
        aria-busy={loading || saving}
      >
        <LatestVersionNotice loading={loading} error={latest.error} />
        {conflict && summary ? (
          <ConflictPanel
            what="order"
            theirChanges={summary.theirs}
            myChanges={summary.mine}
            theirsNone={summary.both.length ? 'Only the fields below.' : 'Nothing you can edit here (other fields).'}
            reapplyLabel="Re-apply my changes to their version"
            discardLabel="Discard mine, keep theirs"
            onReapply={reapply}
            onDiscard={discardMine}
            disabled={saving}
          >
            {summary.both.map((c) => (
              <fieldset key={c.field} className="order-edit__choice">
                <legend>{c.label}: both of you changed it</legend>
                <label className="checkbox-inline">
                  <input
                    type="radio"
                    name={`${formId}-choice-${c.field}`}
                    checked={!conflict.takeTheirs.has(c.field)}
                    onChange={() => {
                      const next = new Set(conflict.takeTheirs);
                      next.delete(c.field);
                      setConflict({ ...conflict, takeTheirs: next });
                    }}
                  />
                  <span>
                    Keep mine: <span className="order-edit__value">{c.mine}</span>
                  </span>
                </label>
                <label className="checkbox-inline">
                  <input
                    type="radio"
                    name={`${formId}-choice-${c.field}`}
                    checked={conflict.takeTheirs.has(c.field)}
                    onChange={() => setConflict({ ...conflict, takeTheirs: new Set(conflict.takeTheirs).add(c.field) })}
                  />
                  <span>
                    Take theirs: <span className="order-edit__value">{c.theirs}</span>
                  </span>
                </label>
              </fieldset>
            ))}
          </ConflictPanel>
        ) : null}
        {rebased ? (
          <p className="notice notice--info" role="status">
            Your changes are now on top of their version. Check them and save again.
          </p>
        ) : null}

        <fieldset className="order-edit__group" disabled={disabled}>
          <legend className="visually-hidden">Dates</legend>
          <div className="order-edit__dates">
            <ZonedDateField
              id={fieldId('due')}
              label="Due date"
              value={form.due}
              onChange={(due) => set({ due })}
              error={errors.due}
              required
            />
            <ZonedDateField
              id={fieldId('deliveryDeadline')}
              label="Delivery deadline"
              value={form.deliveryDeadline}
              onChange={(deliveryDeadline) => set({ deliveryDeadline })}
              error={errors.deliveryDeadline}
            />
          </div>
        </fieldset>
        <fieldset className="order-edit__group" disabled={disabled}>
          <legend className="visually-hidden">Instructions and tags</legend>
          <InstructionsField
            id={fieldId('instructions')}
            label="Instructions"
            value={form.instructions}
            error={errors.instructions}
            onChange={(instructions) => set({ instructions })}
          />
          <TagsEditor id={fieldId('tags')} tags={form.tags} onChange={(tags) => set({ tags })} error={errors.tags} />
          <SpecPicker
            studio={base.record.studio}
            project={base.record.project?._id}
            language={base.record.language}
            value={form.spec}
            onChange={(spec) => set({ spec })}
            error={errors.spec}
            disabled={disabled}
          />
        </fieldset>
        <MaterialsEditor
          id={fieldId('materials')}
          items={form.materials}
          onChange={(materials) => set({ materials })}
          errors={errors}
          disabled={disabled}
        />

        {failure?.general && !failure.conflict ? (
          <div className="form-error" role="alert">
            <p>{failure.general}</p>
          </div>
        ) : null}
        {confirmClose ? (
          <div className="notice notice--warning order-edit__confirm" role="alert">
            <p>Close without saving? {plural(edits.length, 'change')} will be lost.</p>
            <div className="conflict__actions form-actions">
              <button type="button" className="button" onClick={() => setConfirmClose(false)} data-keep-editing>
                Keep editing
              </button>
              <button type="button" className="button" onClick={onClose}>
                Discard changes
              </button>
            </div>
          </div>
        ) : null}
        <div className="modal__actions order-edit__actions">
          <p className="hint order-edit__summary" aria-live="polite">
            {edits.length ? edits.join(' · ') : 'No changes yet.'}
          </p>
          <button type="button" className="button" onClick={requestClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={disabled || loading}>
            {saving ? 'Saving…' : 'Save changes'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
