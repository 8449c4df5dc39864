/** Time-limited signed links (offline downloads, preview viewing): HMAC-SHA256 over path and expiry. */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { HttpError } from '../http/errors';

export const LINK_LIFETIME_SECONDS = 3600;
/**
 * Media links are signed from the start of the current 10-minute window, so a page shown again within it gets the
 * same URL and the browser's cached bytes (their lifetime is 50–60 minutes).
 */
export const STABLE_LINK_WINDOW_SECONDS = 600;

/** How many stable links one window keeps (a page of 50 work requests signs 50 thumbnails). */
const STABLE_LINKS_KEPT = 20_000;

export class LinkSigner {
  /** The stable links made in the current window, by path: an HMAC each costs more than the rest of a row's shaping. */
  private stable = { window: -1, links: new Map<string, string>() };

  constructor(private readonly key: Buffer) {}

  private sig(path: string, expires: number): string {
    return createHmac('sha256', this.key).update(`${path}\n${expires}`).digest('hex');
  }

  /** `path?expires=…&sig=…`, valid for `lifetime` seconds from `now`. */
  sign(path: string, now = Date.now(), lifetime = LINK_LIFETIME_SECONDS): string {
    const expires = Math.floor(now / 1000) + lifetime;
    return `${path}?expires=${expires}&sig=${this.sig(path, expires)}`;
  }

  /** `sign` from the start of the current window (STABLE_LINK_WINDOW_SECONDS): one URL per window. */
  signStable(path: string, now = Date.now()): string {
    const windowMs = STABLE_LINK_WINDOW_SECONDS * 1000;
    const start = now - (now % windowMs);
    if (this.stable.window !== start) this.stable = { window: start, links: new Map() };
    let link = this.stable.links.get(path);
    if (link === undefined) {
      link = this.sign(path, start);
      if (this.stable.links.size < STABLE_LINKS_KEPT) this.stable.links.set(path, link);
    }
    return link;
  }

  /** Throws 403 for a tampered link and 410 for an expired one; returns the link's expiry (Unix seconds). */
  verify(path: string, expires: unknown, sig: unknown, now = Date.now()): number {
    const exp = Number(expires);
    if (typeof sig !== 'string' || !/^[0-9a-f]{64}$/.test(sig) || !Number.isInteger(exp)) {
      throw new HttpError(403, 'forbidden', 'this link is not valid');
    }
    const expected = Buffer.from(this.sig(path, exp), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(sig, 'hex')))
      throw new HttpError(403, 'forbidden', 'this link is not valid');
    if (exp < Math.floor(now / 1000)) throw new HttpError(410, 'gone', 'this link has expired: ask for a new one');
    return exp;
  }
}
