/** How a user summary reads: name (or e-mail), and the first group. */
import type { UserSummary } from '../api/schema/common';

export function personName(user: UserSummary | undefined): string {
  return user?.name || user?.emailNormal || 'Unknown user';
}

export function personGroup(
  user: { groups?: { name?: string | undefined }[] | undefined } | undefined,
): string | undefined {
  return user?.groups?.find((g) => g.name)?.name;
}

/** Initials for an avatar tile. */
export function initials(text: string): string {
  const parts = text
    .replace(/@.*/, '')
    .split(/[\s._-]+/)
    .filter(Boolean);
  const first = parts[0]?.[0] ?? '?';
  const second = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + second).toUpperCase();
}
