/**
 * Where a user lands after sign-in: coordinators and admins on the dashboard, translators in their translations,
 * anyone else (a requester, groups unknown) in the work requests.
 */
import type { User } from '../api/schema/user';

/** Admins and coordinators: the people who run the orders (the dashboard is theirs). */
export function runsOrders(user: User | undefined): boolean {
  return (user?.groups ?? []).some((g) => g.type === 'admin' || g.type === 'coordinator');
}

export function landingPath(user: User | undefined): string {
  if (runsOrders(user)) return '/dashboard';
  const translator = (user?.groups ?? []).some((g) => g.type === 'translator');
  return translator ? '/translations' : '/work-requests';
}
