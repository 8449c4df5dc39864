/**
 * Uploads on the local disk (the embedded install, one process): DATA_DIR/uploads/<id>.bin holds the bytes and
 * <id>.json the rest of the state. The offset is the .bin file's length, so it can never count bytes that are not
 * there; each write is flushed to disk (fdatasync) before its offset is answered, so what was acknowledged survives a
 * crash. The locker is tus's in-process one: only this process writes here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MemoryLocker } from '@tus/server';
import { BlobMissing, OffsetMismatch, type BlobStore, type UploadState } from './blobStore';

const ID = /^[0-9a-f]{24}$/;

export class DiskBlobs implements BlobStore {
  readonly kind = 'disk';
  readonly locker = new MemoryLocker();
  readonly readLocker = this.locker;

  constructor(readonly dir: string) {}

  async open(): Promise<void> {
    await fs.promises.mkdir(this.dir, { recursive: true });
  }

  private file(id: string, ext: 'bin' | 'json'): string {
    // Ids come from the store's newId; anything else never names a path.
    if (!ID.test(id)) throw new BlobMissing(id);
    return path.join(this.dir, `${id}.${ext}`);
  }

  async create(state: Omit<UploadState, 'offset' | 'file'>): Promise<void> {
    await fs.promises.writeFile(this.file(state.id, 'bin'), '', { flag: 'wx' });
    await this.writeState(state);
  }

  /** State written under a temporary name and renamed: a crash never leaves half a JSON file. */
  private async writeState(state: Omit<UploadState, 'offset'>): Promise<void> {
    const target = this.file(state.id, 'json');
    const partial = `${target}.${process.pid}.part`;
    await fs.promises.writeFile(partial, JSON.stringify(state));
    await fs.promises.rename(partial, target);
  }

  async get(id: string): Promise<UploadState | undefined> {
    if (!ID.test(id)) return undefined;
    try {
      const state = JSON.parse(await fs.promises.readFile(this.file(id, 'json'), 'utf8')) as UploadState;
      const { size } = await fs.promises.stat(this.file(id, 'bin'));
      return { ...state, offset: size };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw e;
    }
  }

  async append(id: string, offset: number, data: Readable, seen: (piece: Buffer) => void): Promise<number> {
    const handle = await fs.promises.open(this.file(id, 'bin'), 'r+');
    try {
      const { size } = await handle.stat();
      if (size !== offset) throw new OffsetMismatch(offset, size);
      let written = 0;
      const counting = new Transform({
        transform(piece: Buffer, _encoding, done) {
          written += piece.length;
          seen(piece);
          done(null, piece);
        },
      });
      const out = fs.createWriteStream('', { fd: handle.fd, start: offset, autoClose: false, highWaterMark: 1 << 20 });
      await pipeline(data, counting, out);
      await handle.datasync();
      return offset + written;
    } finally {
      await handle.close();
    }
  }

  async setFile(id: string, file: string): Promise<void> {
    const state = await this.get(id);
    if (!state) throw new BlobMissing(id);
    const { offset: _offset, ...rest } = state;
    await this.writeState({ ...rest, file });
  }

  read(id: string, start: number, end: number): Readable {
    return fs.createReadStream(this.file(id, 'bin'), { start, end, highWaterMark: 1 << 20 });
  }

  /** The path of the bytes, for callers that serve plain files (http/mediaResponse.ts). */
  pathOf(id: string): string {
    return this.file(id, 'bin');
  }

  async remove(id: string): Promise<void> {
    await fs.promises.rm(this.file(id, 'json'), { force: true });
    await fs.promises.rm(this.file(id, 'bin'), { force: true });
  }

  async close(): Promise<void> {}
}
