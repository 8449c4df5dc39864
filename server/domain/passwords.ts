/**
 * Password hashing with scrypt (node:crypto) and constant-time comparison.
 *
 * A hash carries its own cost: `scrypt$<N>$<r>$<p>$<salt b64>$<key b64>`, so the cost can be raised later and every
 * stored hash still verifies with the parameters it was made with (`needsRehash` tells when to make a new one).
 * Hashes made before the parameters were stored in full, `scrypt$<N>$<salt b64>$<key b64>`, were made with r = 8
 * and p = 1 and still verify.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** The cost new hashes are made with. Raise it here: older hashes keep verifying and are rehashed on sign-in. */
export const CURRENT_PARAMS: Readonly<ScryptParams> = { N: 16384, r: 8, p: 1 };

const KEY_LENGTH = 32;
/** What the legacy 4-part format was made with, besides the N it names. */
const LEGACY_R = 8;
const LEGACY_P = 1;
/** Bounds on parameters read from a stored hash, so a malformed record cannot make one check cost minutes or GiBs. */
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

function scrypt(password: string, salt: Buffer, keyLength: number, { N, r, p }: ScryptParams): Promise<Buffer> {
  // maxmem: scrypt needs about 128 * N * r bytes; node's default cap (32 MiB) would refuse N = 32768, r = 8.
  const maxmem = 256 * N * r;
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, keyLength, { N, r, p, maxmem }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

function validParams(params: ScryptParams): boolean {
  const { N, r, p } = params;
  const powerOfTwo = Number.isInteger(N) && N > 1 && (N & (N - 1)) === 0;
  return (
    powerOfTwo &&
    N <= MAX_N &&
    Number.isInteger(r) &&
    r >= 1 &&
    r <= MAX_R &&
    Number.isInteger(p) &&
    p >= 1 &&
    p <= MAX_P
  );
}

/** Reads a stored hash in either format; undefined when it is not one. */
export function parseHash(stored: string): ParsedHash | undefined {
  const parts = stored.split('$');
  if (parts[0] !== 'scrypt') return undefined;
  let params: ScryptParams;
  let saltB64: string | undefined;
  let keyB64: string | undefined;
  if (parts.length === 4) {
    params = { N: Number(parts[1]), r: LEGACY_R, p: LEGACY_P };
    [saltB64, keyB64] = [parts[2], parts[3]];
  } else if (parts.length === 6) {
    params = { N: Number(parts[1]), r: Number(parts[2]), p: Number(parts[3]) };
    [saltB64, keyB64] = [parts[4], parts[5]];
  } else {
    return undefined;
  }
  if (!validParams(params) || !saltB64 || !keyB64) return undefined;
  const key = Buffer.from(keyB64, 'base64');
  if (key.length < 16 || key.length > 64) return undefined;
  return { params, salt: Buffer.from(saltB64, 'base64'), key };
}

/** Returns `scrypt$<N>$<r>$<p>$<salt b64>$<key b64>`. */
export async function hashPassword(password: string, params: ScryptParams = CURRENT_PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, params);
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** Checks a password against a stored hash with the parameters the hash was made with. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const actual = await scrypt(password, parsed.salt, parsed.key.length, parsed.params);
  return timingSafeEqual(actual, parsed.key);
}

/** True when a stored hash was made with less work than `CURRENT_PARAMS` (or is in the legacy format). */
export function needsRehash(stored: string, current: ScryptParams = CURRENT_PARAMS): boolean {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const { N, r, p } = parsed.params;
  return stored.split('$').length !== 6 || N < current.N || r < current.r || p < current.p;
}
