/**
 * Uploads on the local disk (the embedded install, one process): DATA_DIR/uploads/<id>.bin holds the bytes and
 * <id>.json the rest of the state. The offset is the .bin file's length, so it can never count bytes that are not
 * there. A write is in the operating system's cache when its offset is answered, which a killed process cannot lose;
 * the bytes are flushed to the disk (fdatasync) at completion, before the File is made (`seal`). Flushing every PATCH
 * instead cost ~2.7 s per GiB here (docs/decisions/167); what it would add is only against the machine itself
 * crashing, after which the file's length says where the client goes on (ext4 orders data before the length) and
 * the MD5 at completion catches anything else. The locker is tus's in-process one: only this process writes here.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { MemoryLocker } from '@tus/server';
import { BlobMissing, OffsetMismatch, type BlobStore, type ListedBlob, type UploadState } from './blobStore';

const ID = /^[0-9a-f]{24}$/;
/** Bytes gathered before a write. */
const WRITE_BYTES = 1 << 20;

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
      // The socket's 64 KiB reads gathered into ~1 MiB writes (one writev each): a write per read cost a thread-pool
      // round trip per 64 KiB, ~16,000 per GiB.
      let at = offset;
      let held: Buffer[] = [];
      let heldBytes = 0;
      const write = async () => {
        let done = 0;
        while (done < heldBytes) {
          const { bytesWritten } = await handle.writev(
            done === 0 ? held : [Buffer.concat(held).subarray(done)],
            at + done,
          );
          done += bytesWritten;
        }
        for (const piece of held) seen(piece);
        at += heldBytes;
        held = [];
        heldBytes = 0;
      };
      for await (const chunk of data) {
        held.push(chunk as Buffer);
        heldBytes += (chunk as Buffer).length;
        if (heldBytes >= WRITE_BYTES) await write();
      }
      if (heldBytes > 0) await write();
      return at;
    } finally {
      await handle.close();
    }
  }

  async seal(id: string): Promise<void> {
    const handle = await fs.promises.open(this.file(id, 'bin'), 'r');
    try {
      await handle.datasync();
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

  async list(after: string, limit: number): Promise<ListedBlob[]> {
    // The ids of every .bin and .json (either alone is a blob: a crash may leave one without the other).
    const names = await fs.promises.readdir(this.dir);
    const ids = [...new Set(names.flatMap((n) => /^([0-9a-f]{24})\.(?:bin|json)$/.exec(n)?.[1] ?? []))]
      .filter((id) => id > after)
      .sort()
      .slice(0, limit);
    const listed: ListedBlob[] = [];
    for (const id of ids) {
      const times = await Promise.all(
        (['bin', 'json'] as const).map((ext) =>
          fs.promises.stat(this.file(id, ext)).then(
            (st) => st.mtimeMs,
            () => 0,
          ),
        ),
      );
      const state = await this.get(id).catch(() => undefined);
      listed.push({ id, ...(state ? { state } : {}), changed: Math.max(...times) });
    }
    return listed;
  }

  async close(): Promise<void> {}
}
