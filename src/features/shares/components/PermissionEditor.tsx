/**
 * One Permission record of a share, readable by people: access flags grouped and labelled in plain words
 * (the spec's key as secondary text), the previews setting, the sources (download, previews, requests,
 * social: original version, countries, languages) and the work-request groups. Editable for the sender and
 * admins; read-only text for everyone else. Unknown members of the record are kept as they are.
 */
import { useId, useState } from 'react';
import { accessFlagLabel, SOURCE_KINDS, type Permission } from '../../../api/schema/permission';
import { describeUnknown } from '../../../lib/format';
import {
  accessSummary,
  extraAccessFlags,
  FLAG_GROUPS,
  GROUP_SOURCES,
  listToText,
  oddCodes,
  previewChoices,
  SOURCE_TEXT,
  textToList,
  type SourceKind,
} from '../model/permissions';
import '../../../components/record.css';
import { GroupPicker } from './GroupPicker';
import { useChanged } from '../../../lib/useChanged';

interface Props {
  permission: Permission;
  /** Who the record is for, in words. */
  who: string;
  readOnly: boolean;
  onChange: (next: Permission) => void;
  defaultOpen?: boolean;
}

type Access = Record<string, unknown>;

export function PermissionEditor({ permission, who, readOnly, onChange, defaultOpen = false }: Props) {
  const access = (permission.access ?? {}) as Access;
  const { on, of } = accessSummary(permission);
  const previews = typeof access.previews === 'string' ? access.previews : undefined;
  const extras = extraAccessFlags(access);
  const setAccess = (key: string, value: unknown) => onChange({ ...permission, access: { ...access, [key]: value } });
  const setSource = (kind: SourceKind, field: 'ov' | 'countries' | 'languages', value: unknown) =>
    onChange({
      ...permission,
      sources: { ...permission.sources, [kind]: { ...permission.sources?.[kind], [field]: value } },
    });
  const setGroups = (key: 'manageWorkRequests' | 'adminWorkRequests', groups: string[]) =>
    onChange({
      ...permission,
      sources: { ...permission.sources, [key]: { ...permission.sources?.[key], groups } },
    });
  const previewLabel = previewChoices(previews).find((c) => c.value === previews)?.label;

  return (
    <details className="perm" open={defaultOpen}>
      <summary className="perm__summary">
        <span className="perm__who">{who}</span>
        <span className="perm__meta">
          {on} of {of} allowed · {previewLabel ?? 'Previews not set'}
          {permission.approved !== undefined ? ` · ${permission.approved ? 'approved' : 'not approved'}` : ''}
        </span>
      </summary>
      <div className="perm__body">
        <div className="perm__groups">
          {FLAG_GROUPS.map((group) => (
            <fieldset key={group.id} className="perm__group">
              <legend>{group.title}</legend>
              <ul className="perm__flags">
                {group.flags.map((flag) => (
                  <FlagRow
                    key={flag.key}
                    flagKey={flag.key}
                    label={flag.label}
                    help={flag.help}
                    value={access[flag.key]}
                    readOnly={readOnly}
                    onChange={(v) => setAccess(flag.key, v)}
                    who={who}
                  />
                ))}
                {group.id === 'assets' ? (
                  <li className="perm__flag perm__flag--select">
                    <PreviewsField
                      value={previews}
                      readOnly={readOnly}
                      onChange={(v) => setAccess('previews', v)}
                      who={who}
                    />
                  </li>
                ) : null}
              </ul>
            </fieldset>
          ))}
          {extras.length ? (
            <fieldset className="perm__group">
              <legend>Other (not in the spec)</legend>
              <ul className="perm__flags">
                {extras.map((key) => (
                  <FlagRow
                    key={key}
                    flagKey={key}
                    label={accessFlagLabel(key)}
                    help="A flag this console does not know; kept as it is."
                    value={access[key]}
                    readOnly={readOnly}
                    onChange={(v) => setAccess(key, v)}
                    who={who}
                  />
                ))}
              </ul>
            </fieldset>
          ) : null}
        </div>

        <h4 className="perm__heading">Sources</h4>
        <p className="hint">
          For each use, whether the original version (OV) is included, and which countries and languages. Separate codes
          with commas.
        </p>
        <div className="perm__table-wrap scroll-x">
          <table className="mini-table perm__sources">
            <thead>
              <tr>
                <th scope="col">Use</th>
                <th scope="col">Original version</th>
                <th scope="col">Countries</th>
                <th scope="col">Languages</th>
              </tr>
            </thead>
            <tbody>
              {SOURCE_KINDS.map((kind) => {
                const src = permission.sources?.[kind];
                return (
                  <tr key={kind}>
                    <th scope="row">{SOURCE_TEXT[kind].label}</th>
                    <td>
                      {readOnly ? (
                        <span>{src?.ov === undefined ? '—' : src.ov ? 'Included' : 'Not included'}</span>
                      ) : (
                        <label className="checkbox-inline">
                          <input
                            type="checkbox"
                            checked={src?.ov === true}
                            onChange={(e) => setSource(kind, 'ov', e.target.checked)}
                            aria-label={`${who}: ${SOURCE_TEXT[kind].label}: original version included`}
                          />
                          <span aria-hidden="true">OV</span>
                        </label>
                      )}
                    </td>
                    <td>
                      <ListField
                        value={src?.countries}
                        readOnly={readOnly}
                        label={`${who}: ${SOURCE_TEXT[kind].label}: countries`}
                        onChange={(v) => setSource(kind, 'countries', v)}
                      />
                    </td>
                    <td>
                      <ListField
                        value={src?.languages}
                        readOnly={readOnly}
                        label={`${who}: ${SOURCE_TEXT[kind].label}: languages`}
                        onChange={(v) => setSource(kind, 'languages', v)}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>

        <h4 className="perm__heading">Work request groups</h4>
        <div className="perm__groupsources">
          {GROUP_SOURCES.map(({ key, label }) => (
            <div key={key} className="perm__groupsource">
              <span className="perm__label" id={`${key}-${permission._id ?? permission.user ?? ''}`}>
                {label}
              </span>
              <GroupPicker
                value={permission.sources?.[key]?.groups}
                readOnly={readOnly}
                label={`${who}: ${label}`}
                onChange={(v) => setGroups(key, v)}
              />
            </div>
          ))}
        </div>

        <div className="perm__footer">
          {readOnly ? (
            <span>Approved: {permission.approved === undefined ? '—' : permission.approved ? 'yes' : 'no'}</span>
          ) : (
            <label className="checkbox-inline">
              <input
                type="checkbox"
                checked={permission.approved === true}
                onChange={(e) => onChange({ ...permission, approved: e.target.checked })}
              />
              Permission approved
            </label>
          )}
          <span className="hint">
            Covers {plainCount(permission.assets?.length, 'asset')}
            {permission.types?.length ? ` · types ${describeUnknown(permission.types)}` : ''}
          </span>
        </div>
      </div>
    </details>
  );
}

function plainCount(n: number | undefined, word: string): string {
  if (n === undefined) return `no ${word}s listed`;
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function FlagRow({
  flagKey,
  label,
  help,
  value,
  readOnly,
  onChange,
  who,
}: {
  flagKey: string;
  label: string;
  help: string;
  value: unknown;
  readOnly: boolean;
  onChange: (v: boolean) => void;
  who: string;
}) {
  const id = useId();
  const on = value === true;
  if (readOnly) {
    return (
      <li className={`perm__flag perm__flag--ro ${on ? 'is-on' : ''}`}>
        <span className={on ? 'yes' : 'no'} aria-hidden="true">
          {on ? '✓' : '–'}
        </span>
        <span className="perm__text">
          <span className="perm__label">
            {label}
            <span className="visually-hidden">: {on ? 'allowed' : 'not allowed'}</span>
          </span>
        </span>
      </li>
    );
  }
  return (
    <li className="perm__flag">
      <input
        id={id}
        type="checkbox"
        checked={on}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={`${id}-help`}
        data-flag={flagKey}
      />
      <label htmlFor={id} className="perm__text">
        <span className="perm__label">
          {label}
          <span className="visually-hidden"> for {who}</span>
        </span>
        <span id={`${id}-help`} className="perm__help">
          {help}
        </span>
      </label>
    </li>
  );
}

function PreviewsField({
  value,
  readOnly,
  onChange,
  who,
}: {
  value: string | undefined;
  readOnly: boolean;
  onChange: (v: string) => void;
  who: string;
}) {
  const id = useId();
  const choices = previewChoices(value);
  if (readOnly) {
    return (
      <span className="perm__text">
        <span className="perm__label">Previews: {choices.find((c) => c.value === value)?.label ?? 'not set'}</span>
      </span>
    );
  }
  return (
    <>
      <label htmlFor={id} className="perm__text">
        <span className="perm__label">
          Previews<span className="visually-hidden"> for {who}</span>
        </span>
      </label>
      <select id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
        {value === undefined ? (
          <option value="" disabled>
            Not set
          </option>
        ) : null}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </>
  );
}

/** A list of codes as comma-separated text; the text is kept while typing, the list follows it. */
function ListField({
  value,
  readOnly,
  label,
  onChange,
}: {
  value: readonly unknown[] | undefined;
  readOnly: boolean;
  label: string;
  onChange: (v: string[]) => void;
}) {
  const asText = listToText(value);
  const [text, setText] = useState(asText ?? '');
  const hintId = useId();
  // Follow outside changes (discard, re-apply after a conflict) without fighting the user's typing.
  const outsideChanged = useChanged(asText);
  if (outsideChanged && asText !== undefined && textToList(text).join(',') !== textToList(asText).join(','))
    setText(asText);
  if (readOnly || asText === undefined) {
    return (
      <span className="perm__list">{value?.length ? describeUnknown(value) : <span className="muted">None</span>}</span>
    );
  }
  const odd = oddCodes(textToList(text));
  return (
    <>
      <input
        type="text"
        className="perm__input"
        value={text}
        aria-label={label}
        aria-describedby={odd.length ? hintId : undefined}
        placeholder="None"
        spellCheck={false}
        onChange={(e) => {
          setText(e.target.value);
          onChange(textToList(e.target.value));
        }}
      />
      {odd.length ? (
        <span id={hintId} className="hint perm__odd">
          Check: {odd.join(', ')} doesn’t look like a code.
        </span>
      ) : null}
    </>
  );
}
