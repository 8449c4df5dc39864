/** Signed links: bound to a person under the signature; stable links kept per window, the same on every signer. */
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { LinkSigner, STABLE_LINK_WINDOW_SECONDS } from './signing';

const query = (link: string) => Object.fromEntries(new URL(link, 'http://x').searchParams);
const A = { user: '0123456789abcdef01234567' };
const B = { user: '76543210fedcba9876543210' };

describe('LinkSigner.signStable', () => {
  it('answers within a window the link of its start, across windows and back, as a fresh signer would', () => {
    const key = randomBytes(32);
    const kept = new LinkSigner(key);
    const window = STABLE_LINK_WINDOW_SECONDS * 1000;
    const t0 = 1_700_000_000_000 - (1_700_000_000_000 % window);
    const times = [t0 + 5, t0 + window - 1, t0 + window, t0 + 3, t0 + 2 * window + 7];
    for (const now of times) {
      for (const path of ['/api/files/a/content', '/api/previews/b/view']) {
        const link = kept.signStable(path, A, now);
        expect(link).toBe(new LinkSigner(key).signStable(path, A, now));
        expect(kept.verify(path, query(link), now)).toMatchObject({ user: A.user, use: 'get' });
      }
    }
    expect(kept.signStable('/p', A, t0 + 1)).toBe(kept.signStable('/p', A, t0 + window - 1));
    expect(kept.signStable('/p', A, t0 + 1)).not.toBe(kept.signStable('/p', A, t0 + window));
    expect(kept.signStable('/p', A, t0 + 1)).not.toBe(kept.signStable('/p', B, t0 + 1));
  });

  it('gives another link for another variant of what it serves (a film’s sound, then its picture), valid as ever', () => {
    const signer = new LinkSigner(randomBytes(32));
    const path = '/api/previews/b/view';
    const now = Date.now();
    const sound = signer.signStable(path, A, now, 'sound');
    const picture = signer.signStable(path, A, now, 'picture');
    expect(picture).not.toBe(sound);
    expect(signer.signStable(path, A, now, 'picture')).toBe(picture);
    for (const link of [sound, picture]) expect(signer.verify(path, query(link), now)).toMatchObject({ user: A.user });
    expect(query(picture).expires).toBe(query(sound).expires);
  });
});

describe('LinkSigner.verify', () => {
  const signer = new LinkSigner(randomBytes(32));
  const path = '/api/files/0123456789abcdef01234567/content';

  it('answers the person, the issue and the use a link was made for', () => {
    const link = signer.sign(path, { ...A, use: 'thumbnail' });
    expect(signer.verify(path, query(link))).toMatchObject({ user: A.user, use: 'thumbnail' });
    expect(signer.verify(path, query(link)).issue).toMatch(/^[0-9a-f]{16}$/);
    expect(signer.sign(path, A)).not.toBe(signer.sign(path, A)); // a fresh issue each time
  });

  it('refuses (403) a link whose person, issue, use or path was changed, or that names no person', () => {
    const q = query(signer.sign(path, A));
    for (const changed of [
      { ...q, user: B.user },
      { ...q, link: '0000000000000000' },
      { ...q, use: 'thumbnail' },
      { expires: q.expires, sig: q.sig },
    ]) {
      expect(() => signer.verify(path, changed)).toThrow(expect.objectContaining({ kind: 'forbidden' }));
    }
    expect(() => signer.verify('/api/files/76543210fedcba9876543210/content', q)).toThrow(
      expect.objectContaining({ kind: 'forbidden' }),
    );
  });

  it('refuses an expired link with 410', () => {
    const q = query(signer.sign(path, A, Date.now() - 7200_000));
    expect(() => signer.verify(path, q)).toThrow(expect.objectContaining({ kind: 'expired' }));
  });
});
