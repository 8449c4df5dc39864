/**
 * Users: the list (extension GET /users, admins and coordinators) with status flags; admins invite through
 * PUT /users (operation 3), getting the invitation link with `:code` resolved when the server tells the code,
 * and edit through PUT /users/{id} (operation 4).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import type { AdminUser } from '../../../api/users';
import { plural } from '../../../lib/format';
import { totalOf } from '../../../lib/pages';
import { CatalogLayout } from '../components/CatalogLayout';
import { ActionsCell, CatalogTable, RowAction } from '../components/CatalogTable';
import { ListState } from '../components/ListState';
import { UserDialog } from '../components/UserDialog';
import { resolveInvite } from '../model/access';
import { catalogKeys, loaded, useGroupList, useUserList } from '../queries';
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
            <span aria-hidden="true">{on ? '✓ ' : '– '}</span>{f.charAt(0).toUpperCase() + f.slice(1)}
            <span className="visually-hidden">{on ? ': yes' : ': no'}</span>
          </li>
        );
      })}
    </ul>
  );
}

function InviteLink({ user, onDismiss }: { user: AdminUser; onDismiss: () => void }) {
  const link = resolveInvite(user.invite, user.inviteCode, window.location.origin);
  const [copied, setCopied] = useState(false);
  return (
    <div className="notice notice--info invite" role="status">
      <strong>{user.name || user.emailNormal} was invited.</strong>
      {link?.resolved ? (
        <>
          <span>Send them this invitation link (it works once):</span>
          <div className="invite__row">
            <input type="text" readOnly value={link.url} aria-label="Invitation link" onFocus={(e) => e.target.select()} />
            <button type="button" className="button button--small" onClick={() => void navigator.clipboard?.writeText(link.url).then(() => setCopied(true), () => setCopied(false))}>
              {copied ? 'Copied' : 'Copy link'}
            </button>
          </div>
        </>
      ) : (
        <span>
          The server keeps the one-time invitation code to itself, so the link cannot be completed here
          {link ? <> (<code className="code">{link.url}</code>)</> : null}. The server sends the invitation.
        </span>
      )}
      <button type="button" className="link-button" onClick={onDismiss}>Dismiss</button>
    </div>
  );
}

export function UsersPage() {
  const access = useCatalogAccess();
  const [q, setQ] = useState('');
  const search = useDeferredValue(q.trim());
  const query = useUserList(search, access.canListUsers);
  const groupsQuery = useGroupList(access.isAdmin);
  const client = useQueryClient();
  const [editing, setEditing] = useState<AdminUser | 'new'>();
  const [invited, setInvited] = useState<AdminUser>();
  const users = loaded(query.data);
  const total = totalOf(query.data);

  // Groups to choose from: GET /groups when the server has it, else the groups seen on users.
  const fromServer = (groupsQuery.data?.items ?? []).flatMap((g) => (g.ok && g.data._id ? [g.data] : []));
  const seen = new Map<string, { _id?: string; name?: string; type?: string }>();
  for (const g of fromServer.length ? fromServer : users.flatMap((u) => u.groups ?? [])) if (g._id) seen.set(g._id, g);
  const groupOptions = [...seen.values()].map((g) => ({ value: g._id!, label: `${g.name ?? g._id}${g.type ? ` (${g.type})` : ''}` }));

  if (!access.canListUsers) {
    return (
      <CatalogLayout title="Users">
        <p className="notice" role="status">Only admins and coordinators see the user list.</p>
      </CatalogLayout>
    );
  }

  return (
    <CatalogLayout
      title="Users"
      meta={total !== undefined ? plural(total, 'user') : undefined}
      actions={access.isAdmin ? <button type="button" className="button button--primary" onClick={() => setEditing('new')}>Invite user</button> : undefined}
    >
      {access.isAdmin ? null : <p className="hint page__hint">Only admins invite and edit users.</p>}
      {invited ? <InviteLink user={invited} onDismiss={() => setInvited(undefined)} /> : null}
      <div className="filters">
        <div className="filter-field filters__search">
          <label htmlFor="user-search">Search</label>
          <input id="user-search" type="search" value={q} placeholder="Name or e-mail" onChange={(e) => setQ(e.target.value)} />
        </div>
      </div>
      <ListState query={query} what="users" route="GET /users" empty={<strong>No users{search ? ' match this search' : ''}.</strong>}>
        <CatalogTable caption="Users" columns={['Name', 'E-mail', 'Groups', 'Status', 'Territory']} actions={access.isAdmin}>
          {users.map((u) => (
            <tr key={u._id}>
              <th scope="row">{u.name || <span className="muted">No name</span>}</th>
              <td>{u.emailNormal ?? u.username ?? '—'}</td>
              <td>{u.groups?.length ? u.groups.map((g) => g.name ?? g._id).join(', ') : <span className="muted">None</span>}</td>
              <td><StatusFlags user={u} /></td>
              <td>{u.territory?.name ?? <span className="muted">—</span>}</td>
              <ActionsCell show={access.isAdmin}>
                <RowAction label="Edit" name={u.name} onClick={() => setEditing(u)} />
              </ActionsCell>
            </tr>
          ))}
        </CatalogTable>
      </ListState>
      {editing ? (
        <UserDialog
          user={editing === 'new' ? undefined : editing}
          groups={groupOptions}
          onSaved={(saved) => {
            if (editing === 'new') setInvited(saved);
            void client.invalidateQueries({ queryKey: catalogKeys.users() });
          }}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
    </CatalogLayout>
  );
}
