/** Where a user lands after sign-in: translators in their translations, everyone else in the work requests. */
import type { User } from '../api/schema/user';

export function landingPath(user: User | undefined): string {
  const types = new Set((user?.groups ?? []).map((g) => g.type));
  const translatorOnly = types.has('translator') && !types.has('admin') && !types.has('coordinator');
  return translatorOnly ? '/translations' : '/work-requests';
}
