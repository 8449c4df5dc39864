/** The running MD5 of uploads (uploadChecksum.ts): kept only while it covers exactly the stored bytes. */
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { RunningHashes } from './uploadChecksum';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

it('continues a hash only at the offset it reached, and finishes only when it covers the whole size', () => {
  const hashes = new RunningHashes();
  const first = hashes.take('u', 0)!;
  first.update('hello ');
  hashes.keep('u', 6, first);
  // Another offset than the one it reached (another instance wrote meanwhile): no hash, the completion re-reads.
  expect(hashes.take('u', 3)).toBeUndefined();
  const again = hashes.take('u', 0)!;
  again.update('hello ');
  hashes.keep('u', 6, again);
  const next = hashes.take('u', 6)!;
  next.update('world');
  hashes.keep('u', 11, next);
  expect(hashes.finish('u', 12)).toBeUndefined();
  const whole = hashes.take('u', 0)!;
  whole.update('hello world');
  hashes.keep('u', 11, whole);
  expect(hashes.finish('u', 11)).toBe(md5('hello world'));
  expect(hashes.finish('u', 11)).toBeUndefined();
});
