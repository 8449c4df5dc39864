/**
 * Time-limited signed links (offline downloads, media), bound to a person (docs/API.md, "Signed links"): an HMAC-SHA256
 * over the path, the expiry, the user the link was made for, the link's issue id and its use. Changing any of them
 * (another user's id, say) breaks the signature. Who may still use a link is checked on each use (http/linkAccess.ts).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DomainError, forbidden } from './errors';
import { RECORD_ID } from '../storage/store';

export const LINK_LIFETIME_SECONDS = 3600;
/**
 * Media links are signed from the start of the current 10-minute window, so a page shown again within it gets the
 * same URL and the browser's cached bytes (their lifetime is 50–60 minutes).
 */
export const STABLE_LINK_WINDOW_SECONDS = 600;

/** How many stable links one window keeps (a page of 50 work requests signs 50 thumbnails). */
const STABLE_LINKS_KEPT = 20_000;

/**
 * What a link is for, under the signature: `get` (a download or a view: recorded, http/transferLog.ts) or
 * `thumbnail` (an asset's picture in lists: checked like any link, not recorded as a download).
 */
export type LinkUse = 'get' | 'thumbnail';

/** Whom a link is made for and what for. */
export interface LinkHolder {
  /** The user id of the person the link is issued to. */
  user: string;
  use?: LinkUse;
}

/** A link that passed its signature and expiry: whom it was made for, its issue, its expiry (Unix seconds). */
export interface VerifiedLink {
  expires: number;
  user: string;
  /** The link's issue id: one issued link (stable links: one per person, path and window; docs/API.md). */
  issue: string;
  use: LinkUse;
}

const ISSUE = /^[0-9a-f]{16}$/;
const invalid = () => forbidden('this link is not valid');

/** One query parameter as a string (a repeated or missing one is not). */
function one(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export class LinkSigner {
  /** The stable links made in the current window, by person and path: an HMAC costs more than a row's shaping. */
  private stable = { window: -1, links: new Map<string, string>() };

  constructor(private readonly key: Buffer) {}

  private sig(path: string, expires: number, user: string, issue: string, use: LinkUse): string {
    return createHmac('sha256', this.key).update(`${path}\n${expires}\n${user}\n${issue}\n${use}`).digest('hex');
  }

  private link(path: string, expires: number, holder: LinkHolder, issue: string): string {
    const use = holder.use ?? 'get';
    const useParam = use === 'get' ? '' : `&use=${use}`;
    const sig = this.sig(path, expires, holder.user, issue, use);
    return `${path}?expires=${expires}&user=${holder.user}&link=${issue}${useParam}&sig=${sig}`;
  }

  /** `path?expires=…&user=…&link=…&sig=…` for `holder`, valid for `lifetime` seconds from `now`: a new issue id. */
  sign(path: string, holder: LinkHolder, now = Date.now(), lifetime = LINK_LIFETIME_SECONDS): string {
    const expires = Math.floor(now / 1000) + lifetime;
    return this.link(path, expires, holder, randomBytes(8).toString('hex'));
  }

  /**
   * `sign` from the start of the current window (STABLE_LINK_WINDOW_SECONDS): one URL per person, path and window,
   * the same on every instance (its issue id is derived from them with the key), so the browser's cache keeps working.
   */
  signStable(path: string, holder: LinkHolder, now = Date.now(), variant = ''): string {
    const windowMs = STABLE_LINK_WINDOW_SECONDS * 1000;
    const start = now - (now % windowMs);
    if (this.stable.window !== start) this.stable = { window: start, links: new Map() };
    const use = holder.use ?? 'get';
    const key = `${holder.user}\n${use}\n${path}\n${variant}`;
    let link = this.stable.links.get(key);
    if (link === undefined) {
      const expires = Math.floor(start / 1000) + LINK_LIFETIME_SECONDS;
      // `variant` (what the link serves, when that can change within a window: a film's sound, then its picture)
      // gives another issue id, so another URL and no cached copy of the other content; the signature is as ever.
      const issue = createHmac('sha256', this.key)
        .update(`issue\n${path}\n${expires}\n${holder.user}\n${use}${variant ? `\n${variant}` : ''}`)
        .digest('hex')
        .slice(0, 16);
      link = this.link(path, expires, holder, issue);
      if (this.stable.links.size < STABLE_LINKS_KEPT) this.stable.links.set(key, link);
    }
    return link;
  }

  /**
   * Checks a link's query against `path`: 403 for a tampered one (any signed part changed, or missing), 410 for an
   * expired one. Whether its person may still use it is the caller's to check (http/linkAccess.ts).
   */
  verify(path: string, query: Record<string, unknown>, now = Date.now()): VerifiedLink {
    const sig = one(query.sig);
    const user = one(query.user);
    const issue = one(query.link);
    const useParam = query.use === undefined ? 'get' : one(query.use);
    const exp = Number(one(query.expires));
    if (
      sig === undefined ||
      !/^[0-9a-f]{64}$/.test(sig) ||
      !Number.isInteger(exp) ||
      user === undefined ||
      !RECORD_ID.test(user) ||
      issue === undefined ||
      !ISSUE.test(issue) ||
      (useParam !== 'get' && useParam !== 'thumbnail')
    ) {
      throw invalid();
    }
    const expected = Buffer.from(this.sig(path, exp, user, issue, useParam), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(sig, 'hex'))) throw invalid();
    if (exp < Math.floor(now / 1000)) throw new DomainError('expired', 'this link has expired: ask for a new one');
    return { expires: exp, user, issue, use: useParam };
  }
}
