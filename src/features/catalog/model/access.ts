/** Who may do what in the catalog (docs/API.md "Who may do what"), read from the signed-in user's groups. */
import type { User } from '../../../api/schema/user';

export interface CatalogAccess {
  /** Admins and coordinators create and edit catalog records (coordinators: of their studios; the server filters). */
  canEdit: boolean;
  /** Only admins create studios (a new studio is in no coordinator's scope until an admin puts it in a group). */
  canCreateStudios: boolean;
  /** Admins create and edit users. */
  isAdmin: boolean;
  /** Admins and coordinators may list users (GET /users). */
  canListUsers: boolean;
}

export function catalogAccess(user: User | undefined): CatalogAccess {
  const types = new Set((user?.groups ?? []).map((g) => g.type));
  const isAdmin = types.has('admin');
  const canEdit = isAdmin || types.has('coordinator');
  return { canEdit, canCreateStudios: isAdmin, isAdmin, canListUsers: canEdit };
}

/** The invitation link of a user, resolved as far as it truly can be: `:code` replaced only when the code is known. */
export function resolveInvite(
  invite: string | undefined,
  code: string | undefined,
  origin: string,
): { url: string; resolved: boolean } | undefined {
  if (!invite) return undefined;
  const hasPlaceholder = invite.includes(':code');
  const filled = code && hasPlaceholder ? invite.replaceAll(':code', encodeURIComponent(code)) : invite;
  let url = filled;
  try {
    url = new URL(filled, origin).toString();
  } catch {
    // keep it as sent
  }
  return { url, resolved: !hasPlaceholder || Boolean(code) };
}

/** Read by the catalog's pages too: one place (lib/previewPlayback.ts). */
export { signedLinkExpiry } from '../../../lib/previewPlayback';
