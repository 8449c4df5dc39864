/**
 * Who may be assigned a studio's work (docs/API.md, "Orders: Assignment" and "Assignable people"): the users of a
 * `translator` group (a vendor) whose `studios` name the studio, unless their account is disabled. One rule for the
 * assignment itself (orders.ts) and for the list of people a coordinator picks from (`GET /users?assignableTo=`).
 */
import type { GroupDoc, UserDoc } from './types';
import { isDisabled } from './auth';

/** The vendors (translator groups) among `groups` that work with one of the studios. */
export function vendorGroupsFor(groups: readonly GroupDoc[], studios: readonly string[]): GroupDoc[] {
  return groups.filter((g) => g.type === 'translator' && (g.studios ?? []).some((s) => studios.includes(s)));
}

/**
 * Why the user (with their groups) may not be assigned work of the studios (any one of them), in words after their
 * name, or undefined when they may.
 */
export function whyNotAssignable(
  user: UserDoc,
  groups: readonly GroupDoc[],
  studios: readonly string[],
): string | undefined {
  if (vendorGroupsFor(groups, studios).length === 0) return 'is not a translator working with this studio';
  if (isDisabled(user)) return 'has a disabled account';
  return undefined;
}
