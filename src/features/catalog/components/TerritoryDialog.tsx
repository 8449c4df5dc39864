/** Create or edit a territory (operation 17, PUT /territories): name, countries, languages, assigned languages. */
import type { Territory } from '../../../api/schema/territory';
import { getTerritory, putTerritoriesIfMatch } from '../../../api/territories';
import { formToTerritory, territoryToForm, validateTerritory } from '../model/forms';
import { firstSegment } from '../../../components/serverErrors';
import { EditDialog } from './EditDialog';
import { CheckboxGroup, TextField } from './FormControls';

const toField = firstSegment(['name', 'countries', 'languages', 'assignedLanguages']);

interface Props {
  territory: Territory | undefined;
  /** Language codes to choose from (GET /languages), with names. */
  languages: { value: string; label: string }[];
  onSaved: (t: Territory) => void;
  onClose: () => void;
}

export function TerritoryDialog({ territory, languages, onSaved, onClose }: Props) {
  const id = territory?._id;
  return (
    <EditDialog
      title={id ? `Edit territory “${territory?.name ?? ''}”` : 'New territory'}
      what="territory"
      load={id ? (signal) => getTerritory(id, signal) : undefined}
      initial={territory ?? {}}
      toForm={territoryToForm}
      validate={validateTerritory}
      save={(base, form, etag) => putTerritoriesIfMatch(formToTerritory(base, form), etag)}
      toField={toField}
      onSaved={onSaved}
      onClose={onClose}
      submitLabel={id ? 'Save territory' : 'Create territory'}
      wide
    >
      {({ form, set, errors, disabled, id: fid }) => {
        // Codes the record has that the language list lacks still show, so nothing is dropped unseen.
        const extra = [...form.languages, ...form.assignedLanguages].filter(
          (c, i, all) => all.indexOf(c) === i && !languages.some((l) => l.value === c),
        );
        const options = [...languages, ...extra.map((c) => ({ value: c, label: c }))];
        return (
          <>
            <div className="form-row">
              <TextField
                id={fid('name')}
                label="Name"
                required
                value={form.name}
                onChange={(name) => set({ name })}
                error={errors.name}
                disabled={disabled}
                autoFocus
                maxLength={200}
                placeholder="FR"
              />
              <TextField
                id={fid('countries')}
                label="Countries"
                value={form.countries}
                onChange={(countries) => set({ countries })}
                error={errors.countries}
                disabled={disabled}
                placeholder="FR, MC"
                hint="Two-letter codes, separated by commas."
              />
            </div>
            <CheckboxGroup
              id={fid('languages')}
              legend="Languages"
              options={options}
              values={form.languages}
              onChange={(languagesOn) => set({ languages: languagesOn })}
              error={errors.languages}
              disabled={disabled}
              hint="The languages spoken in this territory."
            />
            <CheckboxGroup
              id={fid('assignedLanguages')}
              legend="Assigned languages"
              options={options}
              values={form.assignedLanguages}
              onChange={(assigned) => set({ assignedLanguages: assigned })}
              error={errors.assignedLanguages}
              disabled={disabled}
              hint="The languages work for this territory is delivered in."
            />
          </>
        );
      }}
    </EditDialog>
  );
}
