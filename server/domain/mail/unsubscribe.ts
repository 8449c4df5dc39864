/**
 * One-click unsubscribe (docs/API.md "Mail", RFC 8058): a link signed for its user (domain/signing.ts) that turns
 * one kind of mail off (`preferences.mail[kind] = -1`), or, from a digest's List-Unsubscribe header, all mail
 * (`enabled: false`). Valid for a year: mails are read late.
 */
import type { MailPreferenceKey } from '../../../src/api/schema/user';
import type { LinkSigner } from '../signing';
import { isMailKind } from './preferences';

export type UnsubscribeTarget = MailPreferenceKey | 'all';

export const UNSUBSCRIBE_LIFETIME_SECONDS = 365 * 86_400;

export function unsubscribePath(target: UnsubscribeTarget): string {
  return `/api/mail/unsubscribe/${target}`;
}

export function isUnsubscribeTarget(value: string): value is UnsubscribeTarget {
  return value === 'all' || isMailKind(value);
}

export function unsubscribeLink(
  signer: LinkSigner,
  origin: string,
  user: string,
  target: UnsubscribeTarget,
  now: number,
): string {
  return origin + signer.sign(unsubscribePath(target), { user }, now, UNSUBSCRIBE_LIFETIME_SECONDS);
}

/** The mail preferences with `target` turned off. */
export function turnedOff(
  mail: Record<string, unknown> | undefined,
  target: UnsubscribeTarget,
): Record<string, unknown> {
  return target === 'all' ? { ...mail, enabled: false } : { ...mail, [target]: -1 };
}
