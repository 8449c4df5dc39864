/** The share's Permission records: every recipient's for the sender and admins, a recipient's own for them. */
import type { User } from '../../../api/schema/user';
import { Section } from '../../../components/Section';
import { recipientName } from '../model/describe';
import { replacePermission } from '../model/draft';
import type { ShareEditing } from '../hooks/useShareEditing';
import { PermissionEditor } from './PermissionEditor';

interface Props {
  editing: ShareEditing;
  me: User | undefined;
  canEdit: boolean;
  /** Some of the permissions could not be read: not editable here. */
  locked: boolean;
}

export function SharePermissions({ editing, me, canEdit, locked }: Props) {
  const { draft, baseDraft, update } = editing;
  const nameOfUser = (userId: string | undefined) => {
    if (!userId) return 'No user named';
    if (me?._id === userId)
      return `${recipientName(draft.to.find((u) => u._id === userId) ?? { name: me.name, emailNormal: me.emailNormal })} (you)`;
    const u = [...draft.to, ...baseDraft.to].find((x) => x._id === userId);
    return u ? recipientName(u) : `User ${userId}`;
  };
  // A recipient sees their own Permission record only.
  const visible = draft.permissions.map((p, index) => ({ p, index })).filter(({ p }) => canEdit || p.user === me?._id);
  return (
    <Section
      title={canEdit ? 'Permissions' : 'Your permissions'}
      meta={canEdit ? `(${draft.permissions.length})` : undefined}
    >
      {canEdit ? (
        <p className="hint share-perms__hint">
          One record per recipient: what they may do with the shared assets.{' '}
          {locked ? 'Not editable: some of it could not be read.' : 'Changes are saved with the share.'}
        </p>
      ) : null}
      {visible.length === 0 ? (
        <p className="muted">
          {canEdit ? 'No permission records. Adding a recipient adds one.' : 'The share lists no permissions for you.'}
        </p>
      ) : (
        <div className="perms">
          {visible.map(({ p, index }) => (
            <PermissionEditor
              key={p._id ?? `user-${p.user ?? index}`}
              permission={p}
              who={nameOfUser(p.user)}
              readOnly={!canEdit || locked}
              defaultOpen={visible.length === 1}
              onChange={(next) => update((d) => replacePermission(d, index, next))}
            />
          ))}
        </div>
      )}
    </Section>
  );
}
