/**
 * The whole file's MD5, checked at completion (docs/API.md "Uploads", docs/decisions/167). Node cannot save an MD5's
 * running state, so the hash is kept in memory while one instance receives an upload's pieces in order (the usual
 * case: one client, one server, PATCH after PATCH), and made again from the stored bytes at completion when it is
 * not whole: the upload moved to another instance, the process restarted, or a write failed part-way. Both give
 * the MD5 of exactly the stored bytes.
 */
import { createHash, type Hash } from 'node:crypto';
import type { BlobStore } from './blobStore';

interface Running {
  offset: number;
  hash: Hash;
}

/**
 * Hashes kept at most: an abandoned upload's hash would otherwise stay until the process ends. The oldest goes first;
 * its upload, if it comes back, is hashed again from the stored bytes at completion.
 */
const MAX_RUNNING = 10_000;

/** Running hashes by upload id, each valid for the bytes up to its offset. */
export class RunningHashes {
  private readonly byId = new Map<string, Running>();

  /** The hash to continue at `offset`: a fresh one at 0, the kept one when it reached exactly there, else none. */
  take(id: string, offset: number): Hash | undefined {
    const kept = this.byId.get(id);
    this.byId.delete(id);
    if (offset === 0) return createHash('md5');
    return kept?.offset === offset ? kept.hash : undefined;
  }

  keep(id: string, offset: number, hash: Hash | undefined): void {
    if (!hash) return;
    this.byId.set(id, { offset, hash });
    if (this.byId.size > MAX_RUNNING) this.byId.delete(this.byId.keys().next().value!);
  }

  drop(id: string): void {
    this.byId.delete(id);
  }

  /** The MD5 (hex) of the first `size` bytes when the kept hash covers them all (and forgets it), else undefined. */
  finish(id: string, size: number): string | undefined {
    const kept = this.byId.get(id);
    this.byId.delete(id);
    return kept?.offset === size ? kept.hash.digest('hex') : undefined;
  }
}

/** The MD5 (hex) of an upload's stored bytes, read back in order. */
export async function storedMd5(blobs: BlobStore, id: string, size: number): Promise<string> {
  const hash = createHash('md5');
  if (size > 0) for await (const piece of blobs.read(id, 0, size - 1)) hash.update(piece as Buffer);
  return hash.digest('hex');
}
