/** Create or edit a studio (operation 14, PUT /studios). */
import type { Studio } from '../../../api/schema/studio';
import { getStudio, putStudiosIfMatch } from '../../../api/studios';
import { formToStudio, studioToForm, validateStudio } from '../model/forms';
import { firstSegment } from '../../../components/serverErrors';
import { useGroupList } from '../queries';
import { EditDialog } from './EditDialog';
import { LogoField } from './LogoField';
import { SelectField, TextField } from './FormControls';

const toField = firstSegment(['name', 'slug', 'logo', 'coordinator', 'previewWatermarkFormat']);

export function StudioDialog({
  studio,
  onSaved,
  onClose,
}: {
  studio: Studio | undefined;
  onSaved: (s: Studio) => void;
  onClose: () => void;
}) {
  const groups = useGroupList(true);
  const options = (groups.data ?? []).flatMap((g) =>
    g._id ? [{ value: g._id, label: `${g.name ?? g._id}${g.type ? ` (${g.type})` : ''}` }] : [],
  );
  const id = studio?._id;
  return (
    <EditDialog
      title={id ? `Edit studio “${studio?.name ?? ''}”` : 'New studio'}
      what="studio"
      load={id ? (signal) => getStudio(id, signal) : undefined}
      initial={studio ?? {}}
      toForm={studioToForm}
      validate={validateStudio}
      save={(base, form, etag) => putStudiosIfMatch(formToStudio(base, form), etag)}
      toField={toField}
      onSaved={onSaved}
      onClose={onClose}
      submitLabel={id ? 'Save studio' : 'Create studio'}
    >
      {({ form, set, errors, disabled, id: fid }) => (
        <>
          <TextField
            id={fid('name')}
            label="Name"
            required
            value={form.name}
            onChange={(name) => set({ name })}
            error={errors.name}
            disabled={disabled}
            autoFocus
            maxLength={300}
          />
          <TextField
            id={fid('slug')}
            label="Slug"
            value={form.slug}
            onChange={(slug) => set({ slug })}
            error={errors.slug}
            disabled={disabled}
            hint="Leave empty to derive it from the name."
          />
          {!groups.isError ? (
            <SelectField
              id={fid('coordinator')}
              label="Coordinator group"
              value={form.coordinator}
              onChange={(coordinator) => set({ coordinator })}
              options={options}
              placeholder={groups.isPending ? 'Loading groups…' : undefined}
              error={errors.coordinator}
              disabled={disabled}
              hint="The group whose members coordinate this studio’s work."
            />
          ) : (
            <TextField
              id={fid('coordinator')}
              label="Coordinator group (id)"
              value={form.coordinator}
              onChange={(coordinator) => set({ coordinator })}
              error={errors.coordinator}
              disabled={disabled}
              hint={
                groups.isError ? 'The group list is not available on this server: enter the group’s id.' : undefined
              }
            />
          )}
          <LogoField
            id={fid('logo')}
            value={form.logo}
            onChange={(logo) => set({ logo })}
            error={errors.logo}
            disabled={disabled}
            target={id ? { studio: id } : undefined}
            what="studio"
            studio={id}
          />
          <TextField
            id={fid('previewWatermarkFormat')}
            label="Preview watermark format"
            value={form.previewWatermarkFormat}
            onChange={(previewWatermarkFormat) => set({ previewWatermarkFormat })}
            error={errors.previewWatermarkFormat}
            disabled={disabled}
            placeholder="{user.email} {date}"
            hint="Text burnt into previews; placeholders such as {user.name}, {user.email}, {date}, {time}."
          />
        </>
      )}
    </EditDialog>
  );
}
