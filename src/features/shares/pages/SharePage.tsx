/**
 * One share: its assets (grid, each opening through the share's per-asset URL), recipients, groups, notes,
 * feedback, questions, approval and each recipient's Permission record. The sender and admins edit notes,
 * recipients, feedback, approval and permissions, then save once: PUT /shares/{id} with If-Match and only the
 * changed fields. Nothing is lost: a failed save keeps the edits; a 409 shows what the other person changed
 * and re-applies the edits onto their version for review. Recipients see the share read-only (the server
 * answers their PUT with 403 anyway).
 */
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { Share, ShareAsset } from '../../../api/schema/share';
import { DetailBreadcrumb, DetailFailed, DetailLoading } from '../../../components/DetailPage';
import { Field, Fields } from '../../../components/Field';
import { useDocumentTitle } from '../../../components/PageTitle';
import { Section } from '../../../components/Section';
import { RecordLinks } from '../../../components/RecordLinks';
import { UnsavedChangesGuard } from '../../../components/UnsavedChangesGuard';
import { formatDateTime } from '../../../lib/dates';
import { describeUnknown, plural } from '../../../lib/format';
import { useSession } from '../../../lib/session/useSession';
import { AssetDialog, AssetGrid } from '../components/AssetGrid';
import { RecipientsEditor } from '../components/RecipientsEditor';
import { DetailsEditor } from '../components/ShareDetailsEditor';
import { FeedbackSummary } from '../components/FeedbackSummary';
import { InviteAgain } from '../components/InviteAgain';
import { AddQueuedAssets, RemoveAssetDialog } from '../components/ManageAssets';
import { ShareNotices } from '../components/ShareNotices';
import { SharePermissions } from '../components/SharePermissions';
import { ShareSaveBar } from '../components/ShareSaveBar';
import { ApprovalBadge } from '../components/ShareTable';
import { useShareEditing, type VersionedShare } from '../hooks/useShareEditing';
import { recipientName } from '../model/describe';
import { tagLabels } from '../model/display';
import { addRecipient, recipientKey, removeRecipient } from '../model/draft';
import { assetIdFromSplat, otherUrls } from '../model/urls';
import { useProjectName, useShare } from '../queries';
import '../../../components/record.css';
import '../shares.css';

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

function ShareView({
  id,
  server,
  refreshing,
  assetId,
  onCloseAsset,
}: {
  id: string;
  server: VersionedShare;
  refreshing: boolean;
  assetId: string | undefined;
  onCloseAsset: () => void;
}) {
  const me = useSession()?.user;
  const editing = useShareEditing(id, server);
  const { draft, baseDraft, dirty, changes, changeWords, update } = editing;
  const share = server.data;

  const isAdmin = !!me?.groups?.some((g) => g.type === 'admin');
  const isSender = !!me?._id && share.from?._id === me._id;
  const canEdit = isAdmin || isSender;
  // Fields the server sent that could not be read fully are not written back (that could drop data).
  const unreadable = new Set(server.problems.map((p) => p.path.split('.')[0]));
  const lockTo = unreadable.has('to');
  const lockPermissions = unreadable.has('permissions');

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
  const [removing, setRemoving] = useState<ShareAsset>();
  const invitations = new Map(
    (share.to ?? []).flatMap((u) => (u._id && u.$invitation ? [[u._id, u.$invitation]] : [])),
  );

  return (
    <div className={`page share-page${dirty && canEdit ? ' share-page--dirty' : ''}`}>
      <Breadcrumb name={title} />
      <ShareHeader share={share} title={title} approved={draft.approved} isSender={isSender} refreshing={refreshing} />
      <ShareNotices
        share={share}
        server={server}
        editing={editing}
        canEdit={canEdit}
        locked={lockTo || lockPermissions}
      />

      <div className="detail-grid">
        <div className="detail-grid__main">
          <Section title="Assets" meta={`(${share.assets?.length ?? 0})`}>
            <AssetGrid
              share={share}
              shareId={id}
              projectNames={projectNames}
              onRemove={canEdit ? setRemoving : undefined}
              removeBlocked={dirty}
              viewerIsSender={isSender}
            />
            {canEdit ? <AddQueuedAssets shareId={id} share={share} blocked={dirty} /> : null}
          </Section>
          {canEdit || seesVotes(share, me?._id) ? <FeedbackSummary shareId={id} share={share} /> : null}
          <SharePermissions editing={editing} me={me} canEdit={canEdit} locked={lockPermissions} />
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
              onAdd={(u) => update((d) => addRecipient(d, u, editing.base.data))}
              onRemove={(u) => update((d) => removeRecipient(d, u))}
              about={(u) => {
                const invitation = u._id ? invitations.get(u._id) : undefined;
                return invitation && u._id ? (
                  <InviteAgain
                    shareId={id}
                    userId={u._id}
                    name={recipientName(u)}
                    invitation={invitation}
                    canInvite={canEdit}
                  />
                ) : null;
              }}
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
                <ValueList values={share.groups} />
              </Field>
              <Field label="Questions">
                <QuestionList questions={share.questions} />
              </Field>
            </Fields>
          </Section>
          <p>
            <Link className="button" to={`/shares/${encodeURIComponent(id)}/playlist`}>
              {isSender ? 'See the playlist as recipients do' : 'Open the playlist: watch, vote and answer'}
            </Link>
          </p>
          <RecordLinks links={links} />
        </aside>
      </div>

      {canEdit ? <ShareSaveBar editing={editing} /> : null}

      {removing ? (
        <RemoveAssetDialog shareId={id} share={share} asset={removing} onClose={() => setRemoving(undefined)} />
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

/** The title line: approval, how many assets, their category, who sent it when, its tags. */
function ShareHeader({
  share,
  title,
  approved,
  isSender,
  refreshing,
}: {
  share: Share;
  title: string;
  approved: boolean;
  isSender: boolean;
  refreshing: boolean;
}) {
  return (
    <header className="detail-header">
      <div className="detail-header__main">
        <h1 className="page__title">{title}</h1>
        <p className="detail-header__sub">
          <ApprovalBadge approved={approved} />
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
  );
}

const QUESTION_KINDS: Record<string, string> = { yesno: 'yes / no', choice: 'choice', text: 'free text' };

/** The share's questions as recipients read them, with their kind (and a choice's answers). */
function QuestionList({ questions }: { questions: Share['questions'] | undefined }) {
  if (!questions?.length) return <span className="muted">None</span>;
  return (
    <ul className="value-list">
      {questions.map((q, i) => (
        <li key={q._id ?? i}>
          {q.text}{' '}
          <span className="muted">
            ({QUESTION_KINDS[q.type] ?? q.type}
            {q.choices?.length ? `: ${q.choices.join(', ')}` : ''})
          </span>
        </li>
      ))}
    </ul>
  );
}

function ValueList({ values }: { values: unknown[] | undefined }) {
  if (!values?.length) return <span className="muted">None</span>;
  return (
    <ul className="value-list">
      {values.map((v, i) => (
        <li key={i}>{describeUnknown(v)}</li>
      ))}
    </ul>
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

/** Whether a recipient's Permission lets them see everyone's votes (the server decides; this only hides an empty box). */
function seesVotes(share: Share, me: string | undefined): boolean {
  return (share.permissions ?? []).some((p) => (!p.user || p.user === me) && p.access?.shareVotingView === true);
}
