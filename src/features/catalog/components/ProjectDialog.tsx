/** Create or edit a project (operation 13, PUT /projects). */
import type { Project } from '../../../api/schema/project';
import { getProject, putProjectsIfMatch } from '../../../api/projects';
import { formToProject, projectToForm, validateProject } from '../model/forms';
import { firstSegment } from '../../../components/serverErrors';
import { EditDialog } from './EditDialog';
import { LogoField } from './LogoField';
import { CheckboxField, SelectField, TextField } from './FormControls';

const toField = firstSegment(['studio', 'name', 'slug', 'filePrefix', 'importName', 'logo', 'archived']);

interface Props {
  project: Project | undefined;
  studios: { value: string; label: string }[];
  /** The studios are still loading (the project's own studio reads "Loading…" meanwhile). */
  studiosLoading?: boolean;
  /** A new project's studio (the list's filter). */
  defaultStudio?: string | undefined;
  onSaved: (p: Project) => void;
  onClose: () => void;
}

export function ProjectDialog({ project, studios, studiosLoading, defaultStudio, onSaved, onClose }: Props) {
  const id = project?._id;
  return (
    <EditDialog
      title={id ? `Edit project “${project?.name ?? ''}”` : 'New project'}
      what="project"
      load={id ? (signal) => getProject(id, signal) : undefined}
      initial={project ?? (defaultStudio ? { studio: defaultStudio } : {})}
      toForm={projectToForm}
      validate={validateProject}
      save={(base, form, etag) => putProjectsIfMatch(formToProject(base, form), etag)}
      toField={toField}
      onSaved={onSaved}
      onClose={onClose}
      submitLabel={id ? 'Save project' : 'Create project'}
    >
      {({ form, set, errors, disabled, id: fid }) => (
        <>
          <SelectField
            id={fid('studio')}
            label="Studio"
            required
            value={form.studio}
            onChange={(studio) => set({ studio })}
            options={studios}
            loading={studiosLoading}
            placeholder="— Choose a studio —"
            error={errors.studio}
            disabled={disabled}
          />
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
          <div className="form-row">
            <TextField
              id={fid('slug')}
              label="Slug"
              value={form.slug}
              onChange={(slug) => set({ slug })}
              error={errors.slug}
              disabled={disabled}
              hint="Empty: derived from the name."
            />
            <TextField
              id={fid('filePrefix')}
              label="File prefix"
              value={form.filePrefix}
              onChange={(filePrefix) => set({ filePrefix })}
              error={errors.filePrefix}
              disabled={disabled}
            />
          </div>
          <div className="form-row">
            <TextField
              id={fid('importName')}
              label="Import name"
              value={form.importName}
              onChange={(importName) => set({ importName })}
              error={errors.importName}
              disabled={disabled}
            />
            <LogoField
              id={fid('logo')}
              value={form.logo}
              onChange={(logo) => set({ logo })}
              error={errors.logo}
              disabled={disabled}
              target={id ? { project: id } : undefined}
              what="project"
              studio={form.studio || undefined}
            />
          </div>
          <CheckboxField
            id={fid('archived')}
            label="Archived"
            checked={form.archived}
            onChange={(archived) => set({ archived })}
            disabled={disabled}
            hint="Archived projects are hidden from the default project list."
          />
        </>
      )}
    </EditDialog>
  );
}
