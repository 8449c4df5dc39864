/**
 * Users: the list (extension GET /users, admins and coordinators) with status flags; admins invite through
 * PUT /users (operation 3), getting the invitation link with `:code` resolved when the server tells the code,
 * see a pending invitation's link and when it lapses again, issue a new link (extension
 * POST /users/{id}/invitation), and edit through PUT /users/{id} (operation 4).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { getUserVersioned, putUserIfMatch, renewInvitation, type AdminUser } from '../../../api/users';
import { describeError } from '../../../components/ErrorPanel';
import { Modal } from '../../../components/Modal';
import { RowAction } from '../../../components/RowAction';
import type { Column } from '../../../components/VirtualTable';
import { formatDateTime } from '../../../lib/dates';
import { plural } from '../../../lib/format';
import { totalOf } from '../../../lib/pages';
import { CatalogLayout } from '../components/CatalogLayout';
import { CatalogList, withActions } from '../components/CatalogList';
import { UserDialog } from '../components/UserDialog';
import { resolveInvite } from '../model/access';
import { withdrawnUser } from '../model/forms';
import { loaded, useGroupList, useUserList } from '../queries';
import { userSaved } from '../../../lib/userRecords';
import { useCatalogAccess } from '../useCatalogAccess';
import '../catalog.css';

const FLAGS = ['invited', 'approved', 'registered', 'confirmed'] as const;

function StatusFlags({ user }: { user: AdminUser }) {
  return (
    <ul className="chips" aria-label="Status">
      {FLAGS.map((f) => {
        const on = user.status?.[f] === true;
        return (
          <li key={f} className={`chip ${on ? 'chip--on' : 'chip--off'}`}>
            <span aria-hidden="true">{on ? '✓ ' : '– '}</span>
            {f.charAt(0).toUpperCase() + f.slice(1)}
            <span className="visually-hidden">{on ? ': yes' : ': no'}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** An invitation not accepted yet (and not withdrawn): the admin can show its link, issue a new one or withdraw it. */
const isPendingInvite = (u: AdminUser) =>
  u.status?.registered !== true && u.status?.approved !== false && Boolean(u.invite);
/** An invitation withdrawn before it was accepted: the admin can invite again (a new link). */
const isWithdrawnInvite = (u: AdminUser) =>
  u.status?.registered !== true && u.status?.approved === false && u.status?.invited === true;

/** Withdraws with the record read just before (If-Match), so an edit made meanwhile is a clear conflict, not lost. */
async function withdrawInvitation(id: string): Promise<AdminUser> {
  const { data, etag } = await getUserVersioned(id);
  return (await putUserIfMatch(id, withdrawnUser(data), etag)).data;
}
const hasLapsed = (u: AdminUser, nowMs = Date.now()) => u.inviteExpires !== undefined && u.inviteExpires * 1000 < nowMs;

function InvitationExpiry({ user }: { user: AdminUser }) {
  if (user.inviteExpires === undefined || !isPendingInvite(user)) return null;
  return hasLapsed(user) ? (
    <span className="invite__expiry invite__expiry--lapsed">
      Invitation expired {formatDateTime(user.inviteExpires)}
    </span>
  ) : (
    <span className="invite__expiry">Invitation open until {formatDateTime(user.inviteExpires)}</span>
  );
}

interface Shown {
  user: AdminUser;
  /** How the panel came to be: a user just invited, opened from their row, a new link just issued, or withdrawn. */
  reason: 'invited' | 'opened' | 'renewed' | 'withdrawn';
}

interface InviteLinkProps {
  shown: Shown;
  onChanged: (user: AdminUser, reason: 'renewed' | 'withdrawn') => void;
  onDismiss: () => void;
}

function InviteLink({ shown, onChanged, onDismiss }: InviteLinkProps) {
  const { user, reason } = shown;
  const link = resolveInvite(user.invite, user.inviteCode, window.location.origin);
  const [confirming, setConfirming] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const renew = useMutation({
    mutationFn: () => renewInvitation(user._id ?? ''),
    onSuccess: ({ data }) => onChanged(data, 'renewed'),
  });
  const withdraw = useMutation({
    mutationFn: () => withdrawInvitation(user._id ?? ''),
    onSuccess: (data) => {
      setConfirming(false);
      onChanged(data, 'withdrawn');
    },
  });
  const lapsed = hasLapsed(user);
  const withdrawn = isWithdrawnInvite(user);
  const who = user.name || user.emailNormal;
  // "Copied" belongs to the link it was said of: a renewed or withdrawn invitation shows "Copy link" again.
  const shownFor = `${user.inviteCode ?? ''} ${reason} ${withdrawn}`;
  const [copiedFor, setCopiedFor] = useState<string>();
  const copied = copiedFor === shownFor;
  // Opened from a row or renewed: the panel (above the table) takes the focus, so keyboard and screen-reader users land on it.
  useEffect(() => {
    if (reason !== 'invited') panel.current?.focus();
  }, [user.inviteCode, reason, withdrawn]);
  return (
    <div
      ref={panel}
      tabIndex={-1}
      className={`notice ${lapsed || withdrawn ? 'notice--warning' : 'notice--info'} invite`}
      role="region"
      aria-label={`Invitation for ${who}`}
    >
      <strong>
        {reason === 'invited'
          ? `${who} was invited.`
          : reason === 'renewed'
            ? `A new invitation link for ${who}.`
            : `Invitation for ${who}.`}
      </strong>
      {reason === 'renewed' ? <span role="status">The previous link no longer works.</span> : null}
      {withdrawn ? (
        <span role={reason === 'withdrawn' ? 'status' : undefined}>
          The invitation was withdrawn: its link no longer works. Invite them again to send a new one.
        </span>
      ) : link?.resolved && !lapsed ? (
        <>
          <span>It was e-mailed to them; you can also send this link yourself (it works once):</span>
          <div className="invite__row">
            <input
              type="text"
              readOnly
              value={link.url}
              aria-label="Invitation link"
              onFocus={(e) => e.target.select()}
            />
            <button
              type="button"
              className="button button--small"
              onClick={() =>
                void navigator.clipboard?.writeText(link.url).then(
                  () => setCopiedFor(shownFor),
                  () => setCopiedFor(undefined),
                )
              }
            >
              {copied ? 'Copied' : 'Copy link'}
            </button>
          </div>
        </>
      ) : lapsed ? (
        <span>The link has expired and no longer opens the invitation. Issue a new one to send them.</span>
      ) : (
        <span>
          The server keeps the one-time invitation code to itself, so the link cannot be completed here
          {link ? (
            <>
              {' '}
              (<code className="code">{link.url}</code>)
            </>
          ) : null}
          . The server sends the invitation.
        </span>
      )}
      <InvitationExpiry user={user} />
      <div className="invite__row">
        {user._id && (user.inviteCode !== undefined || withdrawn) ? (
          <button
            type="button"
            className="button button--small"
            disabled={renew.isPending}
            onClick={() => renew.mutate()}
          >
            {renew.isPending ? 'Issuing a new link…' : withdrawn ? 'Invite again' : 'Issue a new link'}
          </button>
        ) : null}
        {user.inviteCode !== undefined && !lapsed && !withdrawn ? (
          <span className="hint">A new link replaces this one.</span>
        ) : null}
        {user._id && !withdrawn ? (
          <button
            type="button"
            className="button button--small"
            onClick={() => {
              withdraw.reset();
              setConfirming(true);
            }}
          >
            Withdraw invitation
          </button>
        ) : null}
        <button type="button" className="link-button" onClick={onDismiss}>
          Dismiss
        </button>
      </div>
      {renew.error ? (
        <p className="form-error" role="alert">
          Could not issue a new link: {describeError(renew.error)}
        </p>
      ) : null}
      {confirming ? (
        <Modal
          title="Withdraw the invitation?"
          onClose={() => setConfirming(false)}
          description={<p>The link sent to {who} stops working. You can invite them again later with a new link.</p>}
        >
          <div className="modal__body">
            {withdraw.error ? (
              <p className="form-error" role="alert">
                Could not withdraw: {describeError(withdraw.error)}
              </p>
            ) : null}
            <div className="modal__actions">
              <button type="button" className="button" data-autofocus onClick={() => setConfirming(false)}>
                Keep the invitation
              </button>
              <button
                type="button"
                className="button button--primary"
                disabled={withdraw.isPending}
                onClick={() => withdraw.mutate()}
              >
                {withdraw.isPending ? 'Withdrawing…' : 'Withdraw invitation'}
              </button>
            </div>
          </div>
        </Modal>
      ) : null}
    </div>
  );
}

const muted = (text: string) => <span className="muted">{text}</span>;

const COLUMNS: Column<AdminUser>[] = [
  {
    id: 'name',
    header: 'Name',
    width: 'minmax(140px, 1.5fr)',
    render: (u) => <strong className="catalog-list__name">{u.name || muted('No name')}</strong>,
  },
  { id: 'email', header: 'E-mail', width: 'minmax(150px, 1.5fr)', render: (u) => u.emailNormal ?? u.username ?? '—' },
  {
    id: 'groups',
    header: 'Groups',
    width: 'minmax(120px, 1.5fr)',
    render: (u) => (u.groups?.length ? u.groups.map((g) => g.name ?? g._id).join(', ') : muted('None')),
  },
  {
    id: 'status',
    header: 'Status',
    width: 'minmax(370px, 3fr)',
    render: (u) => (
      <>
        <StatusFlags user={u} />
        <InvitationExpiry user={u} />
      </>
    ),
  },
  { id: 'territory', header: 'Territory', width: 'minmax(90px, 1fr)', render: (u) => u.territory?.name ?? muted('—') },
];

export function UsersPage() {
  const access = useCatalogAccess();
  const [q, setQ] = useState('');
  const search = useDeferredValue(q.trim());
  const query = useUserList(search, access.canListUsers);
  const groupsQuery = useGroupList(access.isAdmin);
  const client = useQueryClient();
  const [editing, setEditing] = useState<AdminUser | 'new'>();
  const [shown, setShown] = useState<Shown>();
  const users = loaded(query.data);
  const total = totalOf(query.data);

  // Groups to choose from: GET /groups when the server has it, else the groups seen on users.
  const fromServer = (groupsQuery.data ?? []).filter((g) => g._id);
  const seen = new Map<string, { _id?: string; name?: string; type?: string }>();
  for (const g of fromServer.length ? fromServer : users.flatMap((u) => u.groups ?? [])) if (g._id) seen.set(g._id, g);
  const groupOptions = [...seen.values()].map((g) => ({
    value: g._id!,
    label: `${g.name ?? g._id}${g.type ? ` (${g.type})` : ''}`,
  }));

  const { isAdmin } = access;
  const columns = useMemo(
    (): Column<AdminUser>[] =>
      withActions(
        COLUMNS,
        '170px',
        isAdmin
          ? (u) => (
              <>
                <RowAction inGrid label="Edit" name={u.name} onClick={() => setEditing(u)} />
                {isPendingInvite(u) || isWithdrawnInvite(u) ? (
                  <RowAction
                    inGrid
                    label="Invitation"
                    name={u.name || u.emailNormal}
                    onClick={() => setShown({ user: u, reason: 'opened' })}
                  />
                ) : null}
              </>
            )
          : undefined,
      ),
    [isAdmin],
  );
  const open = useCallback((u: AdminUser) => (isAdmin ? setEditing(u) : undefined), [isAdmin]);

  if (!access.canListUsers) {
    return (
      <CatalogLayout title="Users">
        <p className="notice" role="status">
          Only admins and coordinators see the user list.
        </p>
      </CatalogLayout>
    );
  }

  return (
    <CatalogLayout
      list
      title="Users"
      meta={total !== undefined ? plural(total, 'user') : undefined}
      actions={
        access.isAdmin ? (
          <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
            Invite user
          </button>
        ) : undefined
      }
    >
      {access.isAdmin ? null : <p className="hint page__hint">Only admins invite and edit users.</p>}
      {shown ? (
        <InviteLink
          shown={shown}
          onChanged={(changed, reason) => {
            setShown({ user: changed, reason });
            void userSaved(client, { data: changed, problems: [] });
          }}
          onDismiss={() => setShown(undefined)}
        />
      ) : null}
      <div className="filters">
        <div className="filter-field filters__search">
          <label htmlFor="user-search">Search</label>
          <input
            id="user-search"
            type="search"
            value={q}
            placeholder="Name or e-mail"
            onChange={(e) => setQ(e.target.value)}
          />
        </div>
      </div>
      <CatalogList
        query={query}
        what="users"
        noun="user"
        route="GET /users"
        label="Users"
        columns={columns}
        rowHeight={56}
        onOpen={open}
        empty={<strong>No users{search ? ' match this search' : ''}.</strong>}
      />
      {editing ? (
        <UserDialog
          user={editing === 'new' ? undefined : editing}
          groups={groupOptions}
          onSaved={(saved) => {
            if (editing === 'new') setShown({ user: saved, reason: 'invited' });
            // The saved user everywhere at once (their own shell too, when it is the admin's record).
            void userSaved(client, { data: saved, problems: [] });
          }}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
    </CatalogLayout>
  );
}
