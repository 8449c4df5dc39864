/** Edit a file (operation 11, PUT /files/{id}): language, country, tags, embargo, transfer user. */
import type { File } from '../../../api/schema/file';
import { getFile, putFileIfMatch } from '../../../api/files';
import { viewerTimeZone } from '../../../lib/dates';
import { fileToForm, formToFile, validateFile } from '../model/forms';
import { firstSegment } from '../../../components/serverErrors';
import { EditDialog } from './EditDialog';
import { UserEmailSuggestions } from './UserEmailSuggestions';
import { CheckboxField, TextField } from './FormControls';

const toField = firstSegment(['language', 'country', 'tags'], {
  'embargo.end': 'embargoEnd',
  'embargo.event': 'embargoEvent',
  embargo: 'embargoEnd',
  'transfer.username': 'transferUser',
  transfer: 'transferUser',
});

interface Props {
  file: File & { _id: string };
  languages: string[];
  countries: string[];
  /** Whether the signed-in user may list users (admins, coordinators): the transfer user's suggestions. */
  canListUsers: boolean;
  onSaved: (f: File) => void;
  onClose: () => void;
}

export function FileDialog({ file, languages, countries, canListUsers, onSaved, onClose }: Props) {
  return (
    <EditDialog
      title={`Edit file “${file.name ?? file._id}”`}
      what="file"
      load={(signal) => getFile(file._id, signal)}
      initial={file}
      toForm={fileToForm}
      validate={validateFile}
      save={(base, form, etag) => putFileIfMatch(file._id, formToFile(base, form), etag)}
      toField={toField}
      onSaved={onSaved}
      onClose={onClose}
      submitLabel="Save file"
      wide
    >
      {({ form, set, errors, disabled, id: fid }) => (
        <>
          <datalist id={fid('languages')}>
            {languages.map((l) => (
              <option key={l} value={l} />
            ))}
          </datalist>
          <datalist id={fid('countries')}>
            {countries.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
          <UserEmailSuggestions id={fid('users')} text={form.transferUser} enabled={canListUsers} />
          <div className="form-row">
            <TextField
              id={fid('language')}
              label="Language"
              value={form.language}
              onChange={(language) => set({ language })}
              list={fid('languages')}
              error={errors.language}
              disabled={disabled}
              autoFocus
              placeholder="fr-FR"
            />
            <TextField
              id={fid('country')}
              label="Country"
              value={form.country}
              onChange={(country) => set({ country })}
              list={fid('countries')}
              error={errors.country}
              disabled={disabled}
              placeholder="FR"
            />
          </div>
          <TextField
            id={fid('tags')}
            label="Tags"
            value={form.tags}
            onChange={(tags) => set({ tags })}
            error={errors.tags}
            disabled={disabled}
            hint="Separate tags with commas."
          />
          <fieldset className="checkgroup">
            <legend>Embargo</legend>
            <CheckboxField
              id={fid('embargoEvent')}
              label="Embargoed until an event"
              checked={form.embargoEvent}
              onChange={(embargoEvent) => set({ embargoEvent })}
              disabled={disabled}
            />
            <TextField
              id={fid('embargoEnd')}
              type="datetime-local"
              label="Embargo ends"
              value={form.embargoEnd}
              onChange={(embargoEnd) => set({ embargoEnd })}
              error={errors.embargoEnd}
              disabled={disabled}
              hint={`In your time zone (${viewerTimeZone()}). Empty: no end date.`}
            />
          </fieldset>
          <TextField
            id={fid('transferUser')}
            type="email"
            label="Transfer user"
            value={form.transferUser}
            onChange={(transferUser) => set({ transferUser })}
            list={fid('users')}
            error={errors.transferUser}
            disabled={disabled}
            hint="The e-mail of the user the file is transferred to."
          />
        </>
      )}
    </EditDialog>
  );
}
