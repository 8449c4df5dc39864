/**
 * One dialog for every catalog create/edit form. Editing loads the record's latest version with its ETag and
 * saves with If-Match; a stale ETag (409) keeps the user's edits in the form and offers to load the other
 * version or to save over it. Client validation first, then the server's 400 next to the field it names.
 * Nothing typed is lost on failure.
 */
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { VersionedRecord } from '../../../api/versioned';
import { LatestVersionNotice } from '../../../components/LatestVersionNotice';
import { Modal } from '../../../components/Modal';
import { useLatestVersion } from '../../../components/useLatestVersion';
import type { FieldErrors } from '../model/forms';
import { saveFailure, type PathToField, type SaveFailure } from '../../../components/serverErrors';

export interface FormContext<F> {
  form: F;
  set: (patch: Partial<F>) => void;
  errors: FieldErrors;
  disabled: boolean;
  /** A stable element id for a field name. */
  id: (name: string) => string;
}

interface Props<R, F> {
  title: string;
  /** Words for messages: "studio". */
  what: string;
  /** Edit: reads the latest version and its ETag. Create: omitted. */
  load?: (signal?: AbortSignal) => Promise<VersionedRecord<R>>;
  /** The record to start from (a list's copy while the latest loads; `{}` to create). */
  initial: R;
  initialEtag?: string | undefined;
  toForm: (record: R) => F;
  validate: (form: F) => FieldErrors;
  save: (base: R, form: F, etag: string | undefined) => Promise<{ data: R }>;
  toField: PathToField;
  onSaved: (saved: R) => void;
  onClose: () => void;
  submitLabel: string;
  description?: ReactNode;
  wide?: boolean;
  children: (ctx: FormContext<F>) => ReactNode;
}

export function EditDialog<R, F>(props: Props<R, F>) {
  const { load, toForm } = props;
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [base, setBase] = useState<R>(props.initial);
  const [etag, setEtag] = useState<string | undefined>(props.initialEtag);
  // The form and whether the user has edited it, in one state: the latest version, once loaded, replaces only an
  // untouched form (an update function sees the current flag; a ref written from `set` would be written during
  // the render that calls `children`).
  const [draft, setDraft] = useState<{ form: F; touched: boolean }>(() => ({
    form: toForm(props.initial),
    touched: false,
  }));
  const form = draft.form;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<SaveFailure>();
  const [saving, setSaving] = useState(false);

  const latest = useLatestVersion(props.initialEtag === undefined ? load : undefined, (record) => {
    setBase(record.data);
    setEtag(record.etag);
    setDraft((d) => (d.touched ? d : { form: toForm(record.data), touched: false }));
  });
  const loading = latest.loading;

  const focusFirstInvalid = () => {
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const submitWith = async (record: R, tag: string | undefined) => {
    setSaving(true);
    setFailure(undefined);
    try {
      const saved = await props.save(record, form, tag);
      props.onSaved(saved.data);
      props.onClose();
    } catch (error) {
      const f = saveFailure(error, props.toField, props.what);
      setFailure(f);
      setErrors(f.fields);
      if (Object.keys(f.fields).length) focusFirstInvalid();
    } finally {
      setSaving(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = props.validate(form);
    setErrors(found);
    if (Object.keys(found).length) {
      setFailure(undefined);
      focusFirstInvalid();
      return;
    }
    void submitWith(base, etag);
  };

  /** After a 409: read the latest version; either take it (drop my edits) or save my edits over it. */
  const resolveConflict = async (keepMine: boolean) => {
    if (!load) return;
    setSaving(true);
    try {
      const latest = await load();
      setBase(latest.data);
      setEtag(latest.etag);
      if (keepMine) {
        setSaving(false);
        await submitWith(latest.data, latest.etag);
        return;
      }
      setDraft({ form: toForm(latest.data), touched: false });
      setFailure(undefined);
      setErrors({});
    } catch (error) {
      setFailure(saveFailure(error, props.toField, props.what));
    } finally {
      setSaving(false);
    }
  };

  const ctx: FormContext<F> = {
    form,
    set: (patch) => {
      setDraft((d) => ({ form: { ...d.form, ...patch }, touched: true }));
      const keys = Object.keys(patch);
      setErrors((e) => {
        if (!keys.some((k) => e[k])) return e;
        const next = { ...e };
        for (const k of keys) delete next[k];
        return next;
      });
    },
    errors,
    disabled: saving,
    id: (name) => `${formId}-${name.replace(/[^\w-]/g, '-')}`,
  };

  return (
    <Modal title={props.title} onClose={props.onClose} description={props.description}>
      <form
        ref={formRef}
        onSubmit={submit}
        noValidate
        className={`catalog-form${props.wide ? ' catalog-form--wide' : ''}`}
        aria-busy={loading || saving}
      >
        <LatestVersionNotice loading={loading} error={latest.error} />
        {props.children(ctx)}
        {failure?.general ? (
          <div className={failure.conflict ? 'notice notice--warning' : 'form-error'} role="alert">
            <p>{failure.general}</p>
            {failure.conflict && load ? (
              <div className="conflict-actions">
                <button
                  type="button"
                  className="button button--small"
                  disabled={saving}
                  onClick={() => void resolveConflict(false)}
                >
                  Load their version (discard my edits)
                </button>
                <button
                  type="button"
                  className="button button--small"
                  disabled={saving}
                  onClick={() => void resolveConflict(true)}
                >
                  Save my edits over theirs
                </button>
              </div>
            ) : null}
          </div>
        ) : null}
        <div className="modal__actions">
          <button type="button" className="button" onClick={props.onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={saving || loading}>
            {saving ? 'Saving…' : props.submitLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
