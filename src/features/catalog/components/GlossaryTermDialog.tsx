/** Add or edit a glossary term (extension POST /glossary, PUT /glossary/{id} with If-Match). */
import type { GlossaryTerm } from '../../../api/schema/glossary';
import { GLOSSARY_NOTES_MAX, GLOSSARY_TERM_MAX } from '../../../api/schema/glossary';
import { createGlossaryTerm, getGlossaryTerm, updateGlossaryTerm } from '../../../api/glossary';
import { firstSegment } from '../../../components/serverErrors';
import { formToTerm, termToForm, validateGlossaryTerm } from '../model/glossaryForm';
import { useProjectChoices } from '../queries';
import { EditDialog } from './EditDialog';
import { CheckboxField, SelectField, TextAreaField, TextField } from './FormControls';

const toField = firstSegment([
  'studio',
  'project',
  'language',
  'source',
  'translation',
  'notes',
  'forbidden',
  'caseSensitive',
]);

type Option = { value: string; label: string };

interface Props {
  term: GlossaryTerm | undefined;
  /** A new term's scope and language (the page's filters). */
  defaults: Partial<GlossaryTerm>;
  studios: Option[];
  languages: Option[];
  /** The studios or the languages are still loading: a term's own reads "Loading…" meanwhile. */
  studiosLoading?: boolean;
  languagesLoading?: boolean;
  onSaved: (t: GlossaryTerm) => void;
  onClose: () => void;
}

function ProjectField(props: {
  id: string;
  studio: string;
  value: string;
  onChange: (v: string) => void;
  disabled: boolean;
  error: string | undefined;
}) {
  const projects = useProjectChoices(props.studio, props.studio !== '');
  const options = (projects.data ?? []).map((p) => ({ value: p._id ?? '', label: p.name ?? p._id ?? '' }));
  return (
    <SelectField
      id={props.id}
      label="Project"
      value={props.value}
      onChange={props.onChange}
      options={options}
      loading={props.studio !== '' && projects.isPending}
      placeholder="— The whole studio —"
      error={props.error}
      disabled={props.disabled || props.studio === ''}
      hint="A project's term replaces the studio's term for the same source term in that project's translations."
    />
  );
}

export function GlossaryTermDialog(props: Props) {
  const { term, defaults, studios, languages, onSaved, onClose } = props;
  const id = term?._id;
  return (
    <EditDialog
      title={id ? `Edit the term “${term?.source ?? ''}”` : 'New glossary term'}
      what="glossary term"
      load={id ? (signal) => getGlossaryTerm(id, signal) : undefined}
      initial={term ?? defaults}
      toForm={termToForm}
      validate={validateGlossaryTerm}
      save={(base, form, etag) =>
        id ? updateGlossaryTerm(id, formToTerm(base, form), etag) : createGlossaryTerm(formToTerm(base, form))
      }
      toField={toField}
      onSaved={onSaved}
      onClose={onClose}
      submitLabel={id ? 'Save term' : 'Add term'}
      wide
    >
      {({ form, set, errors, disabled, id: fid }) => (
        <>
          <div className="form-row">
            <SelectField
              id={fid('studio')}
              label="Studio"
              required
              value={form.studio}
              onChange={(studio) => set({ studio, project: '' })}
              options={studios}
              loading={props.studiosLoading}
              placeholder="— Choose a studio —"
              error={errors.studio}
              disabled={disabled}
            />
            <ProjectField
              id={fid('project')}
              studio={form.studio}
              value={form.project}
              onChange={(project) => set({ project })}
              disabled={disabled}
              error={errors.project}
            />
          </div>
          <SelectField
            id={fid('language')}
            label="Target language"
            required
            value={form.language}
            onChange={(language) => set({ language })}
            options={languages}
            loading={props.languagesLoading}
            placeholder="— Choose a language —"
            error={errors.language}
            disabled={disabled}
          />
          <div className="form-row">
            <TextField
              id={fid('source')}
              label="Source term"
              required
              value={form.source}
              onChange={(source) => set({ source })}
              error={errors.source}
              disabled={disabled}
              autoFocus
              maxLength={GLOSSARY_TERM_MAX}
              hint="Found in the original on whole words."
            />
            <TextField
              id={fid('translation')}
              label="Approved translation"
              required
              value={form.translation}
              onChange={(translation) => set({ translation })}
              error={errors.translation}
              disabled={disabled}
              maxLength={GLOSSARY_TERM_MAX}
            />
          </div>
          <TextAreaField
            id={fid('forbidden')}
            label="Forbidden variants"
            value={form.forbidden}
            onChange={(forbidden) => set({ forbidden })}
            error={errors.forbidden}
            disabled={disabled}
            rows={3}
            hint="One per line. A translation using one is flagged as an error."
          />
          <TextAreaField
            id={fid('notes')}
            label="Notes for translators"
            value={form.notes}
            onChange={(notes) => set({ notes })}
            error={errors.notes}
            disabled={disabled}
            rows={3}
            maxLength={GLOSSARY_NOTES_MAX}
          />
          <CheckboxField
            id={fid('caseSensitive')}
            label="Case-sensitive"
            checked={form.caseSensitive}
            onChange={(caseSensitive) => set({ caseSensitive })}
            disabled={disabled}
            hint="Match the source term and check the translation with their capitals (a name, an acronym)."
          />
        </>
      )}
    </EditDialog>
  );
}
