/**
 * Where uploaded bytes live (docs/API.md "Uploads", docs/decisions/167): one small interface, two places. The local
 * disk in DATA_DIR for the embedded SQLite install (diskBlobs.ts), PostgreSQL itself when the app runs on it
 * (postgresBlobs.ts), so every instance on the database reaches every upload: one begun through instance A finishes
 * through instance B. Each upload's state (owner, size, offset, metadata, the File it became) lives beside its bytes,
 * in the same place; a write is acknowledged (the offset moves) only once its bytes are stored where a killed process
 * cannot lose them, and a complete upload is sealed (flushed to the disk) before its File is made.
 */
import type { Readable } from 'node:stream';
import type { Locker } from '@tus/utils';

/** One upload as stored: who sent it, how long it is, how far it has come, what it was declared to be. */
export interface UploadState {
  /** A record id (24 hex): the File made from it on completion has the same id. */
  id: string;
  /** The uploader's user id: nobody else touches it (404). */
  owner: string;
  /** The whole file's length in bytes (declared at creation: no deferred lengths). */
  size: number;
  /** Bytes stored so far. */
  offset: number;
  /** The tus metadata as checked at creation (http/../uploads/uploadRules.ts). */
  metadata: Record<string, string>;
  /** When it was created (ISO 8601). */
  created: string;
  /** The File record it became, once complete and verified. */
  file?: string;
}

/** A stored blob as the sweep of unreferenced blobs sees it (blobSweep.ts). */
export interface ListedBlob {
  id: string;
  /** Its state, when it has one (a crash between writing the bytes and the state leaves bytes alone). */
  state?: UploadState;
  /** When it last changed (created, or bytes appended), epoch milliseconds. */
  changed: number;
}

export interface BlobStore {
  /** Which place: 'disk' or 'postgres' (shown in logs and docs). */
  readonly kind: 'disk' | 'postgres';
  /** Makes the tables or folders it needs. */
  open(): Promise<void>;
  create(state: Omit<UploadState, 'offset' | 'file'>): Promise<void>;
  get(id: string): Promise<UploadState | undefined>;
  /**
   * Appends `data` at `offset` (which must be the stored offset: another is an error) and answers the new offset.
   * Every byte counted in the answer is stored durably; when `data` ends early (the client went away) what arrived is
   * kept and counted. `seen` gets each piece of bytes in order, as it is stored (the running md5, uploadChecksum.ts).
   */
  append(id: string, offset: number, data: Readable, seen: (piece: Buffer) => void): Promise<number>;
  /** Makes the complete upload's bytes durable against the machine itself crashing (called before its File is made). */
  seal(id: string): Promise<void>;
  /** Records the File the complete upload became. */
  setFile(id: string, file: string): Promise<void>;
  /** The stored bytes from `start` to `end` (inclusive), streamed. */
  read(id: string, start: number, end: number): Readable;
  /** Forgets the upload: its state and its bytes. */
  remove(id: string): Promise<void>;
  /** Up to `limit` stored blobs whose id is after `after` (''), in id order: the sweep's pages. */
  list(after: string, limit: number): Promise<ListedBlob[]>;
  /** The tus locker of writes (PATCH, DELETE): one at a time per upload, across every instance sharing this store. */
  readonly locker: Locker;
  /**
   * The tus locker of reads (HEAD): in-process only. A read sees the stored state, which every write keeps whole, so
   * it need not wait for another instance's write; on this instance it still asks a stalled PATCH to let go, as tus
   * intends (a client resuming after a cut asks HEAD first).
   */
  readonly readLocker: Locker;
  close(): Promise<void>;
}

/** The bytes are gone or never were (a removed upload, a File whose blob was deleted). */
export class BlobMissing extends Error {
  constructor(id: string) {
    super(`no stored bytes for upload ${id}`);
  }
}

/** The offset a write was asked to start at is not the stored one (another request wrote meanwhile). */
export class OffsetMismatch extends Error {
  constructor(
    readonly expected: number,
    readonly actual: number,
  ) {
    super(`the upload is at ${actual} bytes, not ${expected}`);
  }
}
