/** Invite a user (operation 3, PUT /users) or edit one (operation 4, PUT /users/{id}): name, e-mail, groups. */
import type { AdminUser } from '../../../api/users';
import { getUserVersioned, putUserIfMatch, putUsersAsAdmin } from '../../../api/users';
import { formToUser, userToForm, validateUser } from '../model/forms';
import { firstSegment } from '../../../components/serverErrors';
import { EditDialog } from './EditDialog';
import { CheckboxGroup, TextField } from './FormControls';

const toField = firstSegment(['name', 'groups'], { emailNormal: 'email', username: 'email' });

interface Props {
  user: AdminUser | undefined;
  groups: { value: string; label: string }[];
  onSaved: (u: AdminUser) => void;
  onClose: () => void;
}

export function UserDialog({ user, groups, onSaved, onClose }: Props) {
  const id = user?._id;
  return (
    <EditDialog
      title={id ? `Edit user “${user?.name ?? user?.emailNormal ?? ''}”` : 'Invite a user'}
      what="user"
      load={id ? (signal) => getUserVersioned(id, signal) : undefined}
      initial={user ?? {}}
      toForm={userToForm}
      validate={validateUser}
      save={(base, form, etag) =>
        id ? putUserIfMatch(id, formToUser(base, form), etag) : putUsersAsAdmin(formToUser(base, form))
      }
      toField={toField}
      onSaved={onSaved}
      onClose={onClose}
      submitLabel={id ? 'Save user' : 'Invite user'}
      description={
        id ? undefined : (
          <p className="hint">The new user is created as invited; you get the invitation link to send them.</p>
        )
      }
      wide
    >
      {({ form, set, errors, disabled, id: fid }) => (
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
            />
            <TextField
              id={fid('email')}
              type="email"
              label="E-mail"
              required
              value={form.email}
              onChange={(email) => set({ email })}
              error={errors.email}
              disabled={disabled}
              autoComplete="off"
            />
          </div>
          {groups.length > 0 ? (
            <CheckboxGroup
              id={fid('groups')}
              legend="Groups"
              columns={2}
              options={groups}
              values={form.groups}
              onChange={(g) => set({ groups: g })}
              error={errors.groups}
              disabled={disabled}
            />
          ) : (
            <p className="hint">No groups are known to this page; the user can be added to groups later.</p>
          )}
        </>
      )}
    </EditDialog>
  );
}
