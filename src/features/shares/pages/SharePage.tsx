/**
 * One share: its assets (grid, each opening through the share's per-asset URL), recipients, groups, notes,
 * feedback, questions, approval and each recipient's Permission record. The sender and admins edit notes,
 * recipients, feedback, approval and permissions, then save once: PUT /shares/{id} with If-Match and only the
 * changed fields. Nothing is lost: a failed save keeps the edits; a 409 shows what the other person changed
 * and re-applies the edits onto their version for review. Recipients see the share read-only (the server
 * answers their PUT with 403 anyway).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../api/client';
import type { Share } from '../../../api/schema/share';
import { shareConflictCurrent } from '../../../api/shares';
import { ConflictPanel } from '../../../components/ConflictPanel';
import type { VersionedRecord } from '../../../api/versioned';
import { DetailBreadcrumb, DetailFailed, DetailLoading } from '../../../components/DetailPage';
import { describeError } from '../../../components/ErrorPanel';
import { Field, Fields } from '../../../components/Field';
import { useDocumentTitle } from '../../../components/PageTitle';
import { Section } from '../../../components/Section';
import { RecordLinks } from '../../../components/RecordLinks';
import { UnsavedChangesGuard } from '../../../components/UnsavedChangesGuard';
import { formatDateTime } from '../../../lib/dates';
import { describeUnknown, plural } from '../../../lib/format';
import { useSession } from '../../../lib/session/useSession';
import { useRecordNames } from '../../../lib/useRecordNames';
import { AssetDialog, AssetGrid } from '../components/AssetGrid';
import { PermissionEditor } from '../components/PermissionEditor';
import { RecipientsEditor } from '../components/RecipientsEditor';
import { ApprovalBadge } from '../components/ShareTable';
import { describeDraftChanges, recipientName } from '../model/describe';
import { tagLabels } from '../model/display';
import {
  addRecipient,
  buildPutBody,
  changedFields,
  draftFrom,
  NOTES_MAX,
  recipientKey,
  removeRecipient,
  replacePermission,
  validateDraft,
  type ShareDraft,
} from '../model/draft';
import { rebaseDraft } from '../model/merge';
import { assetIdFromSplat, otherUrls } from '../model/urls';
import { shareOptions, useProjectName, useSaveShare, useShare } from '../queries';
import '../../../components/record.css';
import '../shares.css';

type Versioned = VersionedRecord<Share>;

interface Editing {
  /** The version the edits started from (its ETag goes out as If-Match). */
  base: Versioned;
  draft: ShareDraft;
}

export function SharePage() {
  const { id = '', '*': splat } = useParams();
  const navigate = useNavigate();
  const query = useShare(id);
  const share = query.data?.data;
  useDocumentTitle(share ? `Share — ${share.projectNames?.join(', ') || 'untitled'}` : 'Share');

  if (query.isPending) {
    return (
      <DetailLoading breadcrumb={<Breadcrumb />} labels={['Loading share', 'Loading assets', 'Loading recipients']} />
    );
  }
  if (query.isError || !query.data || !share) {
    return (
      <DetailFailed
        breadcrumb={<Breadcrumb />}
        error={query.error}
        onRetry={() => void query.refetch()}
        title="Could not load this share"
        heading="Share"
        notFound={{
          title: 'Share not found',
          text: (
            <>
              There is no share <code className="code">{id}</code>, or you neither sent nor received it.
            </>
          ),
          back: { to: '/shares', label: 'Back to shares' },
        }}
      />
    );
  }
  return (
    <ShareView
      key={id}
      id={id}
      server={query.data}
      refreshing={query.isFetching}
      assetId={assetIdFromSplat(splat)}
      onCloseAsset={() => void navigate(`/shares/${encodeURIComponent(id)}`)}
    />
  );
}

function Breadcrumb({ name }: { name?: string | undefined }) {
  return <DetailBreadcrumb to="/shares" label="Shares" name={name} />;
}

interface ConflictState {
  theirs: Versioned;
}

function ShareView({
  id,
  server,
  refreshing,
  assetId,
  onCloseAsset,
}: {
  id: string;
  server: Versioned;
  refreshing: boolean;
  assetId: string | undefined;
  onCloseAsset: () => void;
}) {
  const session = useSession();
  const me = session?.user;
  const client = useQueryClient();
  const save = useSaveShare(id);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [conflict, setConflict] = useState<ConflictState | null>(null);
  const [rebased, setRebased] = useState<string[] | null>(null);
  const [savedAt, setSavedAt] = useState<number>();
  const sent = useRef<ShareDraft | null>(null);

  const share = server.data;
  const base = editing?.base ?? server;
  const baseDraft = useMemo(() => draftFrom(base.data), [base]);
  const draft = editing?.draft ?? baseDraft;
  const changes = useMemo(() => changedFields(baseDraft, draft), [baseDraft, draft]);
  const dirty = changes.length > 0;
  const groupName = useRecordNames('groups');
  const changeWords = useMemo(
    () => (dirty ? describeDraftChanges(baseDraft, draft, groupName) : []),
    [dirty, baseDraft, draft, groupName],
  );
  const problems = validateDraft(draft);

  const isAdmin = !!me?.groups?.some((g) => g.type === 'admin');
  const isSender = !!me?._id && share.from?._id === me._id;
  const canEdit = isAdmin || isSender;
  // Fields the server sent that could not be read fully are not written back (that could drop data).
  const unreadable = new Set(server.problems.map((p) => p.path.split('.')[0]));
  const lockTo = unreadable.has('to');
  const lockPermissions = unreadable.has('permissions');

  const update = useCallback(
    (fn: (d: ShareDraft) => ShareDraft) => {
      setSavedAt(undefined);
      setEditing((current) => {
        const b = current?.base ?? server;
        const next = fn(current?.draft ?? draftFrom(b.data));
        return changedFields(draftFrom(b.data), next).length ? { base: b, draft: next } : null;
      });
    },
    [server],
  );

  /** A 409: their version and its ETag, read together; the 409's own copy when the read fails. */
  const showConflict = async (error: unknown) => {
    let theirs: Versioned | undefined;
    try {
      theirs = await client.fetchQuery({ ...shareOptions(id), staleTime: 0 });
    } catch {
      const current = shareConflictCurrent(error);
      if (current) theirs = { data: current, problems: [], etag: undefined };
    }
    if (theirs) setConflict({ theirs });
  };

  const doSave = () => {
    if (!dirty || problems.length || save.isPending || conflict) return;
    sent.current = draft;
    setRebased(null);
    save.mutate(
      { body: buildPutBody(base.data, draft), etag: base.etag },
      {
        onSuccess: (saved) => {
          setSavedAt(Date.now());
          // Edits made while the save was on its way stay, now on top of the saved version.
          setEditing((current) => {
            if (!current || current.draft === sent.current) return null;
            return changedFields(draftFrom(saved.data), current.draft).length
              ? { base: saved, draft: current.draft }
              : null;
          });
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 409) void showConflict(error);
        },
      },
    );
  };

  const reapply = () => {
    if (!conflict) return;
    const result = rebaseDraft(baseDraft, draft, draftFrom(conflict.theirs.data));
    const still = changedFields(draftFrom(conflict.theirs.data), result.draft).length > 0;
    setEditing(still ? { base: conflict.theirs, draft: result.draft } : null);
    setRebased(result.conflicts);
    setConflict(null);
    save.reset();
  };
  const discard = () => {
    setEditing(null);
    setConflict(null);
    setRebased(null);
    save.reset();
  };

  const projectIds = useMemo(
    () => [...new Set((share.assets ?? []).map((a) => a.project).filter((p): p is string => !!p))],
    [share.assets],
  );
  const needNames = projectIds.length > 1 || (share.projectNames?.length ?? 0) !== 1;
  const projectNames = useProjectNames(projectIds, needNames);

  const title = share.projectNames?.length ? share.projectNames.join(', ') : 'Untitled share';
  const assetIds = new Set((share.assets ?? []).map((a) => a._id).filter((x): x is string => !!x));
  const links = otherUrls(share.urls, assetIds, id, window.location.origin);
  const savedKeys = new Set(baseDraft.to.map(recipientKey));
  const nameOfUser = (userId: string | undefined) => {
    if (!userId) return 'No user named';
    if (me?._id === userId)
      return `${recipientName(draft.to.find((u) => u._id === userId) ?? { name: me.name, emailNormal: me.emailNormal })} (you)`;
    const u = [...draft.to, ...baseDraft.to].find((x) => x._id === userId);
    return u ? recipientName(u) : `User ${userId}`;
  };
  // A recipient sees their own Permission record only.
  const visiblePermissions = draft.permissions
    .map((p, index) => ({ p, index }))
    .filter(({ p }) => canEdit || p.user === me?._id);
  const staleBase = !!editing && !!server.etag && !!editing.base.etag && server.etag !== editing.base.etag && !conflict;
  const saveError = save.error && !(isApiError(save.error) && save.error.status === 409) ? save.error : null;

  return (
    <div className={`page share-page${dirty && canEdit ? ' share-page--dirty' : ''}`}>
      <Breadcrumb name={title} />
      <header className="detail-header">
        <div className="detail-header__main">
          <h1 className="page__title">{title}</h1>
          <p className="detail-header__sub">
            <ApprovalBadge approved={draft.approved} />
            <span>{plural(share.assetsCount ?? share.assets?.length ?? 0, 'asset')}</span>
            {share.assetCategory ? (
              <>
                <span aria-hidden="true">·</span>
                <span>{share.assetCategory}</span>
              </>
            ) : null}
            <span aria-hidden="true">·</span>
            <span>
              Sent by {isSender ? 'you' : recipientName(share.from)}
              {share.created ? ` on ${formatDateTime(share.created)}` : ''}
            </span>
            {tagLabels(share.tags).map((t) => (
              <span key={t} className="tag">
                {t}
              </span>
            ))}
            {refreshing ? (
              <span className="muted" role="status">
                Refreshing…
              </span>
            ) : null}
          </p>
        </div>
      </header>

      {!canEdit ? (
        <div className="notice notice--info" role="note">
          <strong>Read-only for you.</strong>
          <span>
            {recipientName(share.from)} sent you this share. Only the sender or an admin can change its notes,
            recipients, feedback, approval and permissions.
          </span>
        </div>
      ) : null}
      {server.problems.length ? (
        <div className="notice notice--warning" role="status">
          <strong>Some fields of this share could not be read and are left out:</strong>{' '}
          {server.problems
            .slice(0, 5)
            .map((p) => `${p.path || 'record'} (${p.message})`)
            .join('; ')}
          .{lockTo || lockPermissions ? ' They are not editable here, so saving cannot drop what the server has.' : ''}
        </div>
      ) : null}
      {conflict ? (
        <ShareConflict
          baseDraft={baseDraft}
          mine={draft}
          theirs={conflict.theirs}
          onReapply={reapply}
          onDiscard={discard}
        />
      ) : null}
      {rebased ? (
        <div className="notice notice--info" role="status">
          <strong>Your changes were re-applied onto the new version.</strong>
          <span>Review them and save again.</span>
          {rebased.length ? (
            <span>
              Both of you changed {rebased.join('; ')}. Your version is kept there; change it back if theirs was right.
            </span>
          ) : null}
        </div>
      ) : null}
      {staleBase ? (
        <div className="notice notice--warning" role="status">
          Someone changed this share on the server since you started editing. Saving will show what they changed and let
          you re-apply your edits.
        </div>
      ) : null}

      <div className="detail-grid">
        <div className="detail-grid__main">
          <Section title="Assets" meta={`(${share.assets?.length ?? 0})`}>
            <AssetGrid share={share} shareId={id} projectNames={projectNames} />
          </Section>
          <Section
            title={canEdit ? 'Permissions' : 'Your permissions'}
            meta={canEdit ? `(${draft.permissions.length})` : undefined}
          >
            {canEdit ? (
              <p className="hint share-perms__hint">
                One record per recipient: what they may do with the shared assets.{' '}
                {lockPermissions ? 'Not editable: some of it could not be read.' : 'Changes are saved with the share.'}
              </p>
            ) : null}
            {visiblePermissions.length === 0 ? (
              <p className="muted">
                {canEdit
                  ? 'No permission records. Adding a recipient adds one.'
                  : 'The share lists no permissions for you.'}
              </p>
            ) : (
              <div className="perms">
                {visiblePermissions.map(({ p, index }) => (
                  <PermissionEditor
                    key={p._id ?? `user-${p.user ?? index}`}
                    permission={p}
                    who={nameOfUser(p.user)}
                    readOnly={!canEdit || lockPermissions}
                    defaultOpen={visiblePermissions.length === 1}
                    onChange={(next) => update((d) => replacePermission(d, index, next))}
                  />
                ))}
              </div>
            )}
          </Section>
        </div>
        <aside className="detail-grid__side" aria-label="Share details">
          <Section title="Details">
            <DetailsEditor draft={draft} readOnly={!canEdit} update={update} />
          </Section>
          <Section title="Recipients" meta={`(${draft.to.length})`}>
            <RecipientsEditor
              draft={draft}
              savedKeys={savedKeys}
              readOnly={!canEdit || lockTo || lockPermissions}
              me={me?._id}
              onAdd={(u) => update((d) => addRecipient(d, u, base.data))}
              onRemove={(u) => update((d) => removeRecipient(d, u))}
            />
            {canEdit && !lockTo ? (
              <p className="hint">
                New recipients start with watermarked previews and notes only; set the rest under Permissions. They are
                notified when you save.
              </p>
            ) : null}
          </Section>
          <Section title="Groups and questions">
            <Fields columns={1}>
              <Field label="Groups">
                {share.groups?.length ? (
                  <ul className="value-list">
                    {share.groups.map((g, i) => (
                      <li key={i}>{describeUnknown(g)}</li>
                    ))}
                  </ul>
                ) : (
                  <span className="muted">None</span>
                )}
              </Field>
              <Field label="Questions">
                {share.questions?.length ? (
                  <ul className="value-list">
                    {share.questions.map((q, i) => (
                      <li key={i}>{describeUnknown(q)}</li>
                    ))}
                  </ul>
                ) : (
                  <span className="muted">None</span>
                )}
              </Field>
            </Fields>
          </Section>
          <RecordLinks links={links} />
        </aside>
      </div>

      {canEdit && (dirty || save.isPending || savedAt || saveError) ? (
        <div className="savebar" role="region" aria-label="Unsaved changes">
          <div className="savebar__text" aria-live="polite">
            {save.isPending ? (
              <strong>Saving…</strong>
            ) : dirty ? (
              <>
                <strong>{plural(changeWords.length || changes.length, 'unsaved change')}</strong>
                <span className="savebar__list">
                  {changeWords.slice(0, 3).join(' · ')}
                  {changeWords.length > 3 ? ` · and ${changeWords.length - 3} more` : ''}
                </span>
              </>
            ) : savedAt ? (
              <strong className="yes">Saved.</strong>
            ) : null}
            {problems.map((p) => (
              <span key={p.field} className="form-error" role="alert">
                {p.message}
              </span>
            ))}
            {saveError ? (
              <span className="form-error" role="alert">
                Not saved:{' '}
                {isApiError(saveError) && saveError.status === 403
                  ? `you may not make this change (${saveError.message}).`
                  : describeError(saveError)}{' '}
                Your changes are still here.
              </span>
            ) : null}
          </div>
          <div className="savebar__actions">
            {dirty ? (
              <button type="button" className="button" onClick={discard} disabled={save.isPending}>
                Discard changes
              </button>
            ) : null}
            {dirty ? (
              <button
                type="button"
                className="button button--primary"
                onClick={doSave}
                disabled={save.isPending || problems.length > 0 || !!conflict}
              >
                {save.isPending ? 'Saving…' : saveError ? 'Try again' : 'Save changes'}
              </button>
            ) : null}
          </div>
        </div>
      ) : null}

      {assetId ? (
        <AssetDialog share={share} assetId={assetId} projectNames={projectNames} onClose={onCloseAsset} />
      ) : null}
      <UnsavedChangesGuard
        dirty={dirty}
        what={`${plural(changeWords.length || changes.length, 'unsaved change')} to this share`}
        // Opening an asset of the share (/shares/:id/assets/:assetId) stays on the page with its edits.
        staysOnPage={(next) => next.pathname.startsWith(`/shares/${encodeURIComponent(id)}`)}
      />
    </div>
  );
}

function useProjectNames(ids: string[], enabled: boolean): ReadonlyMap<string, string> {
  // At most a handful of projects per share; each name is cached for the session.
  const a = useProjectName(ids[0], enabled);
  const b = useProjectName(ids[1], enabled);
  const c = useProjectName(ids[2], enabled);
  return useMemo(() => {
    const m = new Map<string, string>();
    [a.data, b.data, c.data].forEach((name, i) => {
      if (name && ids[i]) m.set(ids[i], name);
    });
    return m;
  }, [a.data, b.data, c.data, ids]);
}

function DetailsEditor({
  draft,
  readOnly,
  update,
}: {
  draft: ShareDraft;
  readOnly: boolean;
  update: (fn: (d: ShareDraft) => ShareDraft) => void;
}) {
  const notesId = 'share-notes';
  const countId = 'share-notes-count';
  if (readOnly) {
    return (
      <Fields columns={1}>
        <Field label="Approval">
          <ApprovalBadge approved={draft.approved} />
        </Field>
        <Field label="Feedback">{draft.feedbackEnabled ? 'On: recipients can vote on the assets' : 'Off'}</Field>
        <Field label="Notes">{draft.notes ? <p className="prose">{draft.notes}</p> : undefined}</Field>
      </Fields>
    );
  }
  const over = draft.notes.length > NOTES_MAX;
  return (
    <div className="share-details">
      <label className="checkbox-field">
        <input
          type="checkbox"
          checked={draft.approved}
          onChange={(e) => {
            const v = e.target.checked;
            update((d) => ({ ...d, approved: v }));
          }}
        />
        <span>
          <span className="share-details__label">Approved</span>
          <span className="hint share-details__help">The shared assets are approved for use.</span>
        </span>
      </label>
      <label className="checkbox-field">
        <input
          type="checkbox"
          checked={draft.feedbackEnabled}
          onChange={(e) => {
            const v = e.target.checked;
            update((d) => ({ ...d, feedbackEnabled: v }));
          }}
        />
        <span>
          <span className="share-details__label">Feedback on</span>
          <span className="hint share-details__help">Recipients can vote on the assets.</span>
        </span>
      </label>
      <div className="form-field">
        <label htmlFor={notesId}>Notes</label>
        <textarea
          id={notesId}
          rows={5}
          value={draft.notes}
          aria-describedby={countId}
          aria-invalid={over ? true : undefined}
          onChange={(e) => {
            const v = e.target.value;
            update((d) => ({ ...d, notes: v }));
          }}
        />
        <span id={countId} className={over ? 'form-error' : 'hint'}>
          {draft.notes.length.toLocaleString()} / {NOTES_MAX.toLocaleString()} characters
        </span>
      </div>
    </div>
  );
}

function ShareConflict({
  baseDraft,
  mine,
  theirs,
  onReapply,
  onDiscard,
}: {
  baseDraft: ShareDraft;
  mine: ShareDraft;
  theirs: Versioned;
  onReapply: () => void;
  onDiscard: () => void;
}) {
  const theirDraft = draftFrom(theirs.data);
  const groupName = useRecordNames('groups');
  return (
    <ConflictPanel
      what="share"
      theirChanges={describeDraftChanges(baseDraft, theirDraft, groupName)}
      myChanges={describeDraftChanges(baseDraft, mine, groupName)}
      onReapply={onReapply}
      onDiscard={onDiscard}
      theirVersion={
        <Fields columns={1}>
          <Field label="Approval">
            <ApprovalBadge approved={theirDraft.approved} />
          </Field>
          <Field label="Feedback">{theirDraft.feedbackEnabled ? 'On' : 'Off'}</Field>
          <Field label="Recipients">{theirDraft.to.map(recipientName).join(', ') || undefined}</Field>
          <Field label="Notes">{theirDraft.notes ? <p className="prose">{theirDraft.notes}</p> : undefined}</Field>
        </Fields>
      }
    />
  );
}
