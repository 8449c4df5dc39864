/** Edit a preview's label and revision (operation 10, PUT /previews/{id}). */
import type { Preview } from '../../../api/schema/preview';
import { getPreview, putPreviewIfMatch } from '../../../api/previews';
import { formToPreview, previewToForm, validatePreview } from '../model/forms';
import { firstSegment } from '../../../components/serverErrors';
import { EditDialog } from './EditDialog';
import { TextField } from './FormControls';

const toField = firstSegment(['label', 'revision']);

export function PreviewDialog({
  preview,
  onSaved,
  onClose,
}: {
  preview: Preview & { _id: string };
  onSaved: (p: Preview) => void;
  onClose: () => void;
}) {
  return (
    <EditDialog
      title={`Edit preview “${preview.label ?? preview.revision ?? ''}”`}
      what="preview"
      load={(signal) => getPreview(preview._id, signal)}
      initial={preview}
      toForm={previewToForm}
      validate={validatePreview}
      save={(base, form, etag) => putPreviewIfMatch(preview._id, formToPreview(base, form), etag)}
      toField={toField}
      onSaved={onSaved}
      onClose={onClose}
      submitLabel="Save preview"
    >
      {({ form, set, errors, disabled, id: fid }) => (
        <>
          <TextField
            id={fid('label')}
            label="Label"
            required
            value={form.label}
            onChange={(label) => set({ label })}
            error={errors.label}
            disabled={disabled}
            autoFocus
            maxLength={200}
          />
          <TextField
            id={fid('revision')}
            label="Revision"
            value={form.revision}
            onChange={(revision) => set({ revision })}
            error={errors.revision}
            disabled={disabled}
            maxLength={100}
            placeholder="v2"
          />
        </>
      )}
    </EditDialog>
  );
}
