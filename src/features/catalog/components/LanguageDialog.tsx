/**
 * Add a language (operation 16, POST /languages) or change one (extension PUT /languages/{id}, with If-Match): name,
 * codes and translation fonts. A language keeps its code (work requests name it): shown, not editable, once added.
 */
import type { Language } from '../../../api/schema/language';
import { getLanguage, postLanguage, putLanguageIfMatch } from '../../../api/languages';
import { EMPTY_LANGUAGE, formToLanguage, languageToForm, validateLanguage, type LanguageForm } from '../model/forms';
import type { PathToField } from '../../../components/serverErrors';
import { EditDialog } from './EditDialog';
import { TextField } from './FormControls';

const toField: PathToField = (path) => {
  const font = /^translationFonts\.(\d+)\.(face|size)$/.exec(path);
  if (font) return `fonts.${font[1]}.${font[2]}`;
  return ['name', 'code', 'dcpCode', 'isoCode'].includes(path)
    ? path
    : path.startsWith('translationFonts')
      ? 'fonts'
      : undefined;
};

export function LanguageDialog({
  language,
  onSaved,
  onClose,
}: {
  /** The language to change; none: a new one. */
  language?: Language | undefined;
  onSaved: (l: Language) => void;
  onClose: () => void;
}) {
  const id = language?._id;
  return (
    <EditDialog<Language, LanguageForm>
      title={id ? `Edit language “${language?.name ?? ''}”` : 'Add a language'}
      what="language"
      load={id ? (signal) => getLanguage(id, signal) : undefined}
      initial={language ?? {}}
      toForm={(l) => (id ? languageToForm(l) : EMPTY_LANGUAGE)}
      validate={validateLanguage}
      save={(_base, form, etag) =>
        id ? putLanguageIfMatch(id, formToLanguage(form), etag) : postLanguage(formToLanguage(form))
      }
      toField={toField}
      onSaved={onSaved}
      onClose={onClose}
      submitLabel={id ? 'Save language' : 'Add language'}
      wide
    >
      {({ form, set, errors, disabled, id: fid }) => {
        const setFont = (i: number, patch: Partial<{ face: string; size: string }>) =>
          set({ fonts: form.fonts.map((f, j) => (j === i ? { ...f, ...patch } : f)) });
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
                placeholder="French (Canada)"
              />
              <TextField
                id={fid('code')}
                label="Code"
                required
                value={form.code}
                onChange={(code) => set({ code })}
                error={errors.code}
                disabled={disabled || id !== undefined}
                placeholder="fr-CA"
                hint={
                  id
                    ? 'A language keeps its code: work requests, territories and people name it.'
                    : 'Unique; used on work requests. It cannot change once the language is added.'
                }
              />
            </div>
            <div className="form-row">
              <TextField
                id={fid('dcpCode')}
                label="DCP code"
                value={form.dcpCode}
                onChange={(dcpCode) => set({ dcpCode })}
                error={errors.dcpCode}
                disabled={disabled}
                placeholder="QFR"
              />
              <TextField
                id={fid('isoCode')}
                label="ISO code"
                value={form.isoCode}
                onChange={(isoCode) => set({ isoCode })}
                error={errors.isoCode}
                disabled={disabled}
                placeholder="fra"
              />
            </div>
            <fieldset className="checkgroup">
              <legend>Translation fonts</legend>
              {form.fonts.length === 0 ? <p className="hint">No fonts yet.</p> : null}
              {form.fonts.map((font, i) => (
                <div className="font-row" key={i}>
                  <TextField
                    id={fid(`fonts.${i}.face`)}
                    label={`Font ${i + 1} face`}
                    value={font.face}
                    onChange={(face) => setFont(i, { face })}
                    error={errors[`fonts.${i}.face`]}
                    disabled={disabled}
                    placeholder="Arial"
                  />
                  <TextField
                    id={fid(`fonts.${i}.size`)}
                    label={`Font ${i + 1} size`}
                    inputMode="numeric"
                    value={font.size}
                    onChange={(size) => setFont(i, { size })}
                    error={errors[`fonts.${i}.size`]}
                    disabled={disabled}
                    placeholder="42"
                  />
                  <button
                    type="button"
                    className="button button--small font-row__remove"
                    disabled={disabled}
                    onClick={() => set({ fonts: form.fonts.filter((_, j) => j !== i) })}
                  >
                    Remove<span className="visually-hidden"> font {i + 1}</span>
                  </button>
                </div>
              ))}
              {errors.fonts ? <p className="form-error">{errors.fonts}</p> : null}
              <button
                type="button"
                className="button button--small"
                disabled={disabled}
                onClick={() => set({ fonts: [...form.fonts, { face: '', size: '' }] })}
              >
                Add a font
              </button>
            </fieldset>
          </>
        );
      }}
    </EditDialog>
  );
}
