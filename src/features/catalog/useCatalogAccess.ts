/** The signed-in user's catalog rights (see model/access.ts). */
import { useSession } from '../../lib/session/useSession';
import { catalogAccess, type CatalogAccess } from './model/access';

export function useCatalogAccess(): CatalogAccess {
  return catalogAccess(useSession()?.user);
}
