/**
 * Settings (spec GET and PUT /users/{id}): profile name, the e-mail master switch and a frequency per kind of
 * event, muted projects, ingest defaults. Save and Cancel; validation next to the fields; preference keys and
 * values the app does not know are shown as they are and written back unchanged.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { isAdmin } from '../../../lib/landing';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { isUnavailable } from '../../../api/client';
import { MAIL_PREFERENCE_KEYS } from '../../../api/schema/user';
import { isVersionConflict } from '../../../api/versioned';
import { describeError, ErrorPanel } from '../../../components/ErrorPanel';
import { Field, Fields } from '../../../components/Field';
import { useDocumentTitle } from '../../../components/PageTitle';
import { Section } from '../../../components/Section';
import { SkeletonLines } from '../../../components/Skeleton';
import { Unavailable } from '../../../components/Unavailable';
import { UnsavedChangesGuard } from '../../../components/UnsavedChangesGuard';
import { useSession } from '../../../lib/session/useSession';
import { userRecordKeys, type UserRecord } from '../../../lib/userRecordKeys';
import {
  draftFromUser,
  FREQUENCIES,
  frequencyKey,
  frequencyLabel,
  isDirty,
  MAIL_LABELS,
  MAX_UPLOADS_LIMIT,
  preferencesFromDraft,
  readFrequency,
  toggleMuted,
  validateDraft,
  type Frequency,
  type SettingsDraft,
} from '../model/preferences';
import { useProjectChoices, useSaveSettings, useSettingsUser } from '../queries';
import { PasswordForm } from '../components/PasswordForm';
import { TimeZoneField } from '../components/TimeZoneField';
import '../settings.css';

export function SettingsPage() {
  useDocumentTitle('Settings');
  const session = useSession();
  const id = session?.userId ?? '';
  const query = useSettingsUser(id);
  const client = useQueryClient();
  // Kept here: saving reads the record again, which starts the form afresh.
  const [justSaved, setJustSaved] = useState(false);
  // The version the form edits: the first read, then the one after a save or a reload. A newer version read meanwhile
  // (the shell's refresh, a save in the catalog) does not throw away what is being typed: saving it then is a
  // conflict, which offers the reload.
  const [editing, setEditing] = useState<{ record: UserRecord; n: number }>();
  const read = query.data?.fromRead ? query.data : undefined;
  if (!editing && read) setEditing({ record: read, n: 0 });
  const edit = (record: UserRecord | undefined) => {
    if (record?.fromRead) setEditing((e) => ({ record, n: (e?.n ?? 0) + 1 }));
  };

  return (
    <div className="page page--narrow settings-page">
      <h1 className="page__title">Settings</h1>
      {editing ? (
        <SettingsForm
          key={editing.n}
          record={editing.record}
          saved={justSaved}
          setSaved={setJustSaved}
          onSaved={() => edit(client.getQueryData<UserRecord>(userRecordKeys.user(id)))}
          onReload={() => void query.refetch().then((r) => edit(r.data))}
        />
      ) : query.isError ? (
        <ErrorPanel error={query.error} title="Could not load your settings" onRetry={() => void query.refetch()} />
      ) : (
        <SkeletonLines lines={8} label="Loading your settings" />
      )}
      {editing && session ? <PasswordForm userId={id} username={session.username} /> : null}
      {isAdmin(session?.user) ? (
        <Section title="Administration">
          <ul className="settings-admin-links">
            <li>
              <Link to="/admin/outbox">Mail outbox</Link>
              <span className="hint"> — every mail sent or kept, and the mail jobs waiting or failed</span>
            </li>
            <li>
              <Link to="/catalog/users">People and invitations</Link>
            </li>
          </ul>
        </Section>
      ) : null}
    </div>
  );
}

function SettingsForm({
  record,
  onReload,
  onSaved,
  saved,
  setSaved,
}: {
  record: UserRecord;
  onReload: () => void;
  onSaved: () => void;
  saved: boolean;
  setSaved: (saved: boolean) => void;
}) {
  const user = record.data;
  const start = useMemo(
    () => draftFromUser(user.name, record.rawPreferences, user.timeZone),
    [user.name, record.rawPreferences, user.timeZone],
  );
  const [draft, setDraft] = useState<SettingsDraft>(start);
  const [submitted, setSubmitted] = useState(false);
  const save = useSaveSettings();
  const errors = validateDraft(draft);
  const showErrors = submitted ? errors : {};
  const dirty = isDirty(start, draft);
  const ids = { name: useId(), timeZone: useId(), uploads: useId(), errors: useId() };

  const change = (patch: Partial<SettingsDraft>) => {
    setSaved(false);
    setDraft((d) => ({ ...d, ...patch }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validateDraft(draft)).length > 0) {
      const first = errors.name ? ids.name : errors.timeZone ? ids.timeZone : ids.uploads;
      document.getElementById(first)?.focus();
      return;
    }
    save.mutate(
      {
        userId: user._id ?? '',
        name: draft.name.trim(),
        timeZone: draft.timeZone.trim(),
        preferences: preferencesFromDraft(record.rawPreferences, draft),
        etag: record.etag,
      },
      {
        onSuccess: () => {
          setSaved(true);
          onSaved();
        },
      },
    );
  };

  const onCancel = () => {
    setDraft(start);
    setSubmitted(false);
    setSaved(false);
    save.reset();
  };

  return (
    <form className="settings-form" onSubmit={onSubmit} noValidate aria-describedby={ids.errors}>
      <Section title="Profile">
        <div className="form-field settings-name">
          <label htmlFor={ids.name}>Name</label>
          <input
            id={ids.name}
            type="text"
            value={draft.name}
            autoComplete="name"
            maxLength={400}
            aria-invalid={showErrors.name ? true : undefined}
            aria-describedby={showErrors.name ? `${ids.name}-error` : undefined}
            onChange={(e) => change({ name: e.target.value })}
          />
          {showErrors.name ? (
            <span id={`${ids.name}-error`} className="field-error">
              {showErrors.name}
            </span>
          ) : null}
        </div>
        <TimeZoneField
          id={ids.timeZone}
          value={draft.timeZone}
          error={showErrors.timeZone}
          onChange={(timeZone) => change({ timeZone })}
        />
        <Fields columns={2}>
          <Field label="E-mail">{user.emailNormal ?? user.username}</Field>
          <Field label="Groups">
            {user.groups
              ?.map((g) => g.name)
              .filter(Boolean)
              .join(', ')}
          </Field>
        </Fields>
      </Section>

      <Section title="E-mail notifications">
        <div className="checkbox-field">
          <input
            id="mail-enabled"
            type="checkbox"
            checked={draft.mailEnabled}
            onChange={(e) => change({ mailEnabled: e.target.checked })}
          />
          <div>
            <label htmlFor="mail-enabled">Send me e-mail</label>
            <p className="hint">
              When off, no e-mail is sent whatever the settings below say. The inbox keeps every notification either
              way.
            </p>
          </div>
        </div>
        <fieldset className="settings-frequencies" disabled={!draft.mailEnabled}>
          <legend className="visually-hidden">How often to e-mail about each kind of event</legend>
          {MAIL_PREFERENCE_KEYS.map((key) => (
            <FrequencySelect
              key={key}
              id={`mail-${key}`}
              label={MAIL_LABELS[key]}
              value={draft.mail[key]}
              original={start.mail[key]}
              onChange={(f) => change({ mail: { ...draft.mail, [key]: f } })}
            />
          ))}
        </fieldset>
      </Section>

      <MutedProjects draft={draft} onChange={(muted) => change({ muted })} />

      <Section title="Ingest">
        <div className="form-field settings-uploads">
          <label htmlFor={ids.uploads}>Uploads at the same time</label>
          <input
            id={ids.uploads}
            type="text"
            inputMode="numeric"
            value={draft.maxUploads}
            aria-invalid={showErrors.maxUploads ? true : undefined}
            aria-describedby={`${ids.uploads}-hint${showErrors.maxUploads ? ` ${ids.uploads}-error` : ''}`}
            onChange={(e) => change({ maxUploads: e.target.value })}
          />
          <span id={`${ids.uploads}-hint`} className="hint">
            1 to {MAX_UPLOADS_LIMIT}; empty leaves the server's default.
          </span>
          {showErrors.maxUploads ? (
            <span id={`${ids.uploads}-error`} className="field-error">
              {showErrors.maxUploads}
            </span>
          ) : null}
        </div>
        <div className="checkbox-field">
          <input
            id="skip-scratch"
            type="checkbox"
            checked={draft.skipScratchPreview}
            onChange={(e) => change({ skipScratchPreview: e.target.checked })}
          />
          <label htmlFor="skip-scratch">Skip the scratch preview when ingesting</label>
        </div>
      </Section>

      <div className="settings-actions">
        <div id={ids.errors} className="settings-actions__status">
          {save.isError ? (
            <span className="inline-error" role="alert">
              {isVersionConflict(save.error)
                ? 'Your settings were changed elsewhere (another tab?) since this page loaded. '
                : `Could not save: ${describeError(save.error)} `}
              {isVersionConflict(save.error) ? (
                <button type="button" className="link-button" onClick={onReload}>
                  Load the latest (discards your changes here)
                </button>
              ) : null}
            </span>
          ) : submitted && Object.keys(errors).length > 0 ? (
            <span className="inline-error" role="alert">
              Fix the {Object.keys(errors).length === 1 ? 'field' : 'fields'} marked above.
            </span>
          ) : saved && !dirty ? (
            <span className="settings-saved" role="status">
              Saved.
            </span>
          ) : dirty ? (
            <span className="muted" role="status">
              Unsaved changes
            </span>
          ) : null}
        </div>
        <button type="button" className="button" onClick={onCancel} disabled={!dirty || save.isPending}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={!dirty || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </button>
      </div>
      <UnsavedChangesGuard dirty={dirty && !save.isPending} what="unsaved changes to your settings" />
    </form>
  );
}

function FrequencySelect({
  id,
  label,
  value,
  original,
  onChange,
}: {
  id: string;
  label: string;
  value: Frequency;
  original: Frequency;
  onChange: (f: Frequency) => void;
}) {
  // The standard choices, plus whatever the record held that is not one of them (kept selectable).
  const options: Frequency[] = FREQUENCIES.map((f) => ({ kind: 'seconds', value: f.value }));
  const extra = [original, value].filter((f) => !options.some((o) => frequencyKey(o) === frequencyKey(f)));
  for (const f of extra) if (!options.some((o) => frequencyKey(o) === frequencyKey(f))) options.push(f);
  return (
    <div className="settings-frequency">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={frequencyKey(value)}
        onChange={(e) => {
          const key = e.target.value;
          const picked = options.find((o) => frequencyKey(o) === key);
          onChange(picked ?? readFrequency(Number(key)));
        }}
      >
        {options.map((o) => (
          <option key={frequencyKey(o)} value={frequencyKey(o)}>
            {frequencyLabel(o)}
          </option>
        ))}
      </select>
    </div>
  );
}

function MutedProjects({
  draft,
  onChange,
}: {
  draft: SettingsDraft;
  onChange: (muted: SettingsDraft['muted']) => void;
}) {
  const projects = useProjectChoices();
  const [filter, setFilter] = useState('');
  const mutedIds = new Set(draft.muted.flatMap((m) => (m.id ? [m.id] : [])));
  const known = new Set(projects.data?.map((p) => p._id) ?? []);
  const unknown = draft.muted.filter((m) => !m.id || (projects.isSuccess && !known.has(m.id)));
  const shown = (projects.data ?? []).filter(
    (p) => !filter || (p.name ?? '').toLowerCase().includes(filter.toLowerCase()),
  );

  return (
    <Section title="Muted projects" meta={draft.muted.length > 0 ? `${draft.muted.length} muted` : undefined}>
      <p className="hint settings-muted__hint">You get no notifications about muted projects.</p>
      {projects.isPending ? (
        <SkeletonLines lines={3} label="Loading projects" />
      ) : projects.isError ? (
        isUnavailable(projects.error) ? (
          <Unavailable what="The project list">Muted projects cannot be named here; you can unmute them.</Unavailable>
        ) : (
          <ErrorPanel
            compact
            error={projects.error}
            title="Could not load the projects"
            onRetry={() => void projects.refetch()}
          />
        )
      ) : (
        <>
          <div className="filter-field settings-muted__filter">
            <label htmlFor="muted-filter">Find a project</label>
            <input id="muted-filter" type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
          </div>
          <ul className="settings-muted" aria-label="Projects to mute">
            {shown.map((p) => (
              <li key={p._id}>
                <label className="checkbox-inline">
                  <input
                    type="checkbox"
                    checked={p._id ? mutedIds.has(p._id) : false}
                    onChange={(e) => p._id && onChange(toggleMuted(draft.muted, p._id, e.target.checked))}
                  />
                  {p.name ?? p._id}
                  {p.archived ? <span className="tag">Archived</span> : null}
                </label>
              </li>
            ))}
            {shown.length === 0 ? <li className="muted">No project matches.</li> : null}
          </ul>
        </>
      )}
      {unknown.length > 0 || (projects.isError && draft.muted.length > 0) ? (
        <ul className="settings-muted settings-muted--unknown" aria-label="Muted entries not in the project list">
          {(projects.isError ? draft.muted : unknown).map((m, i) => (
            <li key={m.id ?? `raw-${i}`}>
              {/* Ids are never shown (docs/API.md "Names"): the project is not in the caller's list, or the list is
                  unavailable; an entry without an id is kept as stored. */}
              <span>
                {!m.id
                  ? 'An entry this app does not read'
                  : projects.isError
                    ? `Muted project ${i + 1}`
                    : 'A project no longer in your list'}
              </span>
              {m.id ? (
                <button
                  type="button"
                  className="link-button"
                  onClick={() => onChange(toggleMuted(draft.muted, m.id!, false))}
                >
                  Unmute
                </button>
              ) : (
                <span className="muted"> (kept as it is)</span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </Section>
  );
}
