/** Password hashes carry their scrypt parameters; the legacy format (N only) still verifies. */
import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CURRENT_PARAMS, hashPassword, needsRehash, parseHash, verifyPassword } from './passwords';

/** A hash in the format stored before r and p were recorded: `scrypt$<N>$<salt>$<key>`, made with r = 8, p = 1. */
function legacyHash(password: string, N: number): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N, r: 8, p: 1 });
  return `scrypt$${N}$${salt.toString('base64')}$${key.toString('base64')}`;
}

describe('password hashes', () => {
  it('stores N, r and p with the hash and verifies with them', async () => {
    const cheap = await hashPassword('a password', { N: 1024, r: 4, p: 2 });
    expect(cheap).toMatch(/^scrypt\$1024\$4\$2\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword('a password', cheap)).toBe(true);
    expect(await verifyPassword('another', cheap)).toBe(false);
    const current = await hashPassword('a password');
    expect(current.startsWith(`scrypt$${CURRENT_PARAMS.N}$${CURRENT_PARAMS.r}$${CURRENT_PARAMS.p}$`)).toBe(true);
  });

  it('reads N from a legacy hash instead of assuming the current cost', async () => {
    const old = legacyHash('old secret', 2048);
    expect(parseHash(old)?.params).toEqual({ N: 2048, r: 8, p: 1 });
    expect(await verifyPassword('old secret', old)).toBe(true);
    expect(await verifyPassword('old secret!', old)).toBe(false);
    expect(await verifyPassword('legacy at the old default', legacyHash('legacy at the old default', 16384))).toBe(
      true,
    );
  });

  it('refuses malformed hashes and parameters that would make one check huge', async () => {
    const salt = 'AAAAAAAAAAAAAAAAAAAAAA==';
    const key = Buffer.alloc(32).toString('base64');
    for (const stored of [
      '',
      'bcrypt$x',
      `scrypt$16384$${salt}`,
      `scrypt$1000$8$1$${salt}$${key}`,
      `scrypt$${2 ** 21}$8$1$${salt}$${key}`,
      `scrypt$16384$64$1$${salt}$${key}`,
      `scrypt$16384$8$0$${salt}$${key}`,
      `scrypt$16384$8$1$${salt}$`,
    ]) {
      expect(parseHash(stored), stored).toBeUndefined();
      expect(await verifyPassword('x', stored)).toBe(false);
    }
  });

  it('asks for a rehash when the hash was made with less work than now, or in the legacy format', async () => {
    expect(needsRehash(await hashPassword('p', { N: 1024, r: 8, p: 1 }))).toBe(true);
    expect(needsRehash(await hashPassword('p', { ...CURRENT_PARAMS, r: CURRENT_PARAMS.r - 1 }))).toBe(true);
    expect(needsRehash(legacyHash('p', CURRENT_PARAMS.N))).toBe(true);
    expect(needsRehash(await hashPassword('p'))).toBe(false);
    expect(needsRehash('not a hash')).toBe(false);
  });
});
