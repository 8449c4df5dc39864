/**
 * Who may place orders (docs/API.md "Orders"), read from the signed-in user's groups, and where the order wizard
 * lives: the catalog's asset and project pages and the work-request list link to it; the wizard itself is the
 * orders feature.
 */
import type { User } from '../api/schema/user';

function groupTypes(user: User | undefined): Set<string> {
  return new Set((user?.groups ?? []).flatMap((g) => (g.type ? [g.type] : [])));
}

/** Admins, coordinators and requesters (a `client` group) place orders; translators never do. */
export function canPlaceOrders(user: User | undefined): boolean {
  const types = groupTypes(user);
  return types.has('admin') || types.has('coordinator') || types.has('client');
}

/** Only admins and coordinators choose the translator of an order (a requester's order is assigned later). */
export function canAssignOrders(user: User | undefined): boolean {
  const types = groupTypes(user);
  return types.has('admin') || types.has('coordinator');
}

/** The wizard's address, starting from an asset (preselected) or a project (its first step picks an asset). */
export function newOrderPath(from?: { asset: string } | { project: string }): string {
  if (!from) return '/work-requests/new';
  const [key, value] = 'asset' in from ? ['asset', from.asset] : ['project', from.project];
  return `/work-requests/new?${new URLSearchParams({ [key]: value }).toString()}`;
}
