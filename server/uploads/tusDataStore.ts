/**
 * The tus DataStore over a BlobStore (@tus/server's interface: create, write, getUpload, remove): the protocol is
 * @tus/server's, the bytes and state the BlobStore's. The owner travels in the metadata from the creation hook
 * (routes/uploads.ts) into the stored state, and never back out to the client.
 */
import type { Readable } from 'node:stream';
import { DataStore, ERRORS, Upload } from '@tus/server';
import { BlobMissing, OffsetMismatch, type BlobStore, type UploadState } from './blobStore';
import type { RunningHashes } from './uploadChecksum';
import { tusErrorOf } from './tusError';

/** The metadata key the creation hook puts the uploader's id in (stripped before anything is shown). */
export const OWNER_KEY = 'owner';

export function toUpload(state: UploadState): Upload {
  return new Upload({
    id: state.id,
    size: state.size,
    offset: state.offset,
    metadata: state.metadata,
    creation_date: state.created,
  });
}

export class BlobDataStore extends DataStore {
  constructor(
    private readonly blobs: BlobStore,
    private readonly hashes: RunningHashes,
  ) {
    super();
    // No deferred length (the size limit and the md5 need it up front), no concatenation, no expiration yet.
    this.extensions = ['creation', 'creation-with-upload', 'termination'];
  }

  override async create(upload: Upload): Promise<Upload> {
    const { [OWNER_KEY]: owner, ...metadata } = upload.metadata ?? {};
    if (!owner || upload.size === undefined) throw tusErrorOf(ERRORS.INVALID_LENGTH);
    const kept = Object.fromEntries(Object.entries(metadata).filter((e): e is [string, string] => e[1] !== null));
    upload.creation_date = new Date().toISOString();
    upload.metadata = kept;
    await this.blobs.create({ id: upload.id, owner, size: upload.size, metadata: kept, created: upload.creation_date });
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    const state = await this.blobs.get(id);
    if (!state) throw tusErrorOf(ERRORS.FILE_NOT_FOUND);
    return toUpload(state);
  }

  override async write(data: Readable, id: string, offset: number): Promise<number> {
    const hash = this.hashes.take(id, offset);
    try {
      const next = await this.blobs.append(id, offset, data, (piece) => hash?.update(piece));
      this.hashes.keep(id, next, hash);
      return next;
    } catch (e) {
      if (e instanceof OffsetMismatch) throw tusErrorOf(ERRORS.INVALID_OFFSET);
      if (e instanceof BlobMissing) throw tusErrorOf(ERRORS.FILE_NOT_FOUND);
      throw e;
    }
  }

  override async remove(id: string): Promise<void> {
    this.hashes.drop(id);
    await this.blobs.remove(id);
  }
}
