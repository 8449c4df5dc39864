/**
 * Where a user lands after sign-in: coordinators and admins on the dashboard, translators in their translations,
 * clients (requesters, press and partners) in what is shared with them: they read the catalog only as far as their
 * grants go (docs/API.md, "Who sees what: grants"); anyone else (groups unknown) in the work requests.
 */
import type { User } from '../api/schema/user';

/** Admins and coordinators: the people who run the orders (the dashboard is theirs). */
export function runsOrders(user: User | undefined): boolean {
  return (user?.groups ?? []).some((g) => g.type === 'admin' || g.type === 'coordinator');
}

/** Admins: the console's administration (the mail outbox) is theirs. */
export function isAdmin(user: User | undefined): boolean {
  return (user?.groups ?? []).some((g) => g.type === 'admin');
}

export function landingPath(user: User | undefined): string {
  if (runsOrders(user)) return '/dashboard';
  const types = new Set((user?.groups ?? []).map((g) => g.type));
  if (types.has('translator')) return '/translations';
  return types.has('client') ? '/shares' : '/work-requests';
}
