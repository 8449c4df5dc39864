/** Stable links: kept per window, and always the link a fresh signer makes for the same path and time. */
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { LinkSigner, STABLE_LINK_WINDOW_SECONDS } from './signing';

describe('LinkSigner.signStable', () => {
  it('answers within a window the link of its start, across windows and back, as a fresh signer would', () => {
    const key = randomBytes(32);
    const kept = new LinkSigner(key);
    const window = STABLE_LINK_WINDOW_SECONDS * 1000;
    const t0 = 1_700_000_000_000 - (1_700_000_000_000 % window);
    const times = [t0 + 5, t0 + window - 1, t0 + window, t0 + 3, t0 + 2 * window + 7];
    for (const now of times) {
      for (const path of ['/api/files/a/content', '/api/previews/b/view']) {
        const link = kept.signStable(path, now);
        expect(link).toBe(new LinkSigner(key).signStable(path, now));
        expect(link).toBe(new LinkSigner(key).sign(path, now - (now % window)));
        const url = new URL(link, 'http://x');
        expect(() =>
          kept.verify(path, url.searchParams.get('expires'), url.searchParams.get('sig'), now),
        ).not.toThrow();
      }
    }
    expect(kept.signStable('/p', t0 + 1)).toBe(kept.signStable('/p', t0 + window - 1));
    expect(kept.signStable('/p', t0 + 1)).not.toBe(kept.signStable('/p', t0 + window));
  });
});
