/**
 * The sweep of unreferenced blobs (docs/API.md "Uploads"), for real on the disk store (DiskBlobs in a temporary
 * folder) with a real SQLite store: what no record refers to and has not changed for the grace period goes (its
 * files gone from the disk); what a record refers to, and anything changed lately, stays; a second sweep finds
 * nothing; the job schedules the next one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../storage/sqlite/sqliteStore';
import { newId } from '../../storage/store';
import { DiskBlobs } from '../../uploads/diskBlobs';
import { BLOB_SWEEP_TASK, blobSweepHandlers, sweepUnreferencedBlobs } from './blobSweep';
import { RENDITION_OWNER } from './ingest';

const DAY = 86_400_000;
const GRACE = 7 * DAY;
let dir: string;
let blobs: DiskBlobs;
let store: SqliteStore;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mws-blob-sweep-'));
  blobs = new DiskBlobs(dir);
  await blobs.open();
  store = new SqliteStore(':memory:');
});
afterEach(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A blob with `bytes` stored of `size`, by `owner`, with this metadata. */
async function blob(owner: string, metadata: Record<string, string>, bytes = 10, size = bytes): Promise<string> {
  const id = newId();
  await blobs.create({ id, owner, size, metadata, created: new Date().toISOString() });
  await blobs.append(id, 0, Readable.from([Buffer.alloc(bytes, 7)]), () => undefined);
  return id;
}

/** Makes the blob's files look last changed `ago` milliseconds back. */
function age(id: string, ago: number) {
  const when = new Date(Date.now() - ago);
  for (const ext of ['bin', 'json']) {
    const file = path.join(dir, `${id}.${ext}`);
    if (fs.existsSync(file)) fs.utimesSync(file, when, when);
  }
}

const onDisk = (id: string) => fs.readdirSync(dir).filter((n) => n.startsWith(id)).length > 0;

async function file(doc: Record<string, unknown>) {
  await store.transaction((tx) => tx.insert('Files', { tags: [], ...doc }));
}

describe('the sweep of unreferenced blobs', () => {
  it('removes what no record refers to once past the grace period, and nothing else', async () => {
    // An upload abandoned half way, old; another paused a day ago (within the grace period).
    const abandoned = await blob('u1', { filename: 'a.mov' }, 10, 100);
    age(abandoned, GRACE + DAY);
    const paused = await blob('u1', { filename: 'b.mov' }, 10, 100);
    age(paused, DAY);
    // An upload that became a File, old: referred to.
    const uploaded = await blob('u1', { filename: 'c.mov' });
    await file({ _id: uploaded, name: 'c.mov', content: `upload:${uploaded}` });
    age(uploaded, GRACE * 3);
    // Its renditions: the thumbnail it names stays; a proxy a later run replaced goes.
    const thumbnail = await blob(RENDITION_OWNER, { of: uploaded, kind: 'thumbnail', mime: 'image/jpeg' });
    const oldProxy = await blob(RENDITION_OWNER, { of: uploaded, kind: 'proxy', mime: 'video/mp4' });
    const proxy = await blob(RENDITION_OWNER, { of: uploaded, kind: 'proxy', mime: 'video/mp4' });
    await store.transaction(async (tx) => {
      const f = (await tx.get('Files', uploaded))!;
      await tx.replace('Files', { ...f.doc, ingest: { state: 'succeeded', thumbnail, proxy } }, f.version);
    });
    for (const id of [thumbnail, oldProxy, proxy]) age(id, GRACE + DAY);
    // A rendition of a File that is not there, old; one made a moment ago whose File does not name it yet (in flight).
    const stray = await blob(RENDITION_OWNER, { of: newId(), kind: 'thumbnail', mime: 'image/jpeg' });
    age(stray, GRACE + DAY);
    const inFlight = await blob(RENDITION_OWNER, { of: uploaded, kind: 'thumbnail', mime: 'image/jpeg' });
    // Bytes without their state (a crash between the two writes), old.
    const bare = newId();
    fs.writeFileSync(path.join(dir, `${bare}.bin`), 'x');
    age(bare, GRACE + DAY);
    // A complete upload that never became a File (refused at completion, the process gone meanwhile), old.
    const refused = await blob('u2', { filename: 'd.mov' });
    age(refused, GRACE + DAY);

    const first = await sweepUnreferencedBlobs(store, blobs, GRACE);
    expect(first.seen).toBe(10);
    expect(first.removed.sort()).toEqual([abandoned, oldProxy, stray, bare, refused].sort());
    for (const id of first.removed) expect(onDisk(id), id).toBe(false);
    for (const id of [paused, uploaded, thumbnail, proxy, inFlight]) {
      expect(onDisk(id), id).toBe(true);
      expect(await blobs.get(id)).toBeDefined();
    }
    // The File's bytes read whole still.
    const chunks: Buffer[] = [];
    for await (const c of blobs.read(uploaded, 0, 9)) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks)).toEqual(Buffer.alloc(10, 7));

    // Idempotent: nothing more to take.
    expect((await sweepUnreferencedBlobs(store, blobs, GRACE)).removed).toEqual([]);
    // Later, the paused upload never resumed is past its grace too.
    expect((await sweepUnreferencedBlobs(store, blobs, GRACE, Date.now() + GRACE)).removed.sort()).toEqual(
      [paused, inFlight].sort(),
    );
  });

  it('runs as a job that schedules the next sweep', async () => {
    const abandoned = await blob('u1', { filename: 'a.mov' }, 1, 5);
    const now = Date.now() + GRACE + DAY;
    const handlers = blobSweepHandlers(store, blobs, { graceMs: GRACE, everyMs: DAY, now: () => now });
    await handlers[BLOB_SWEEP_TASK]!({}, { id: 'j1', attempt: 1, maxAttempts: 10 });
    expect(onDisk(abandoned)).toBe(false);
    const jobs = (await store.listJobs()).filter((j) => j.task === BLOB_SWEEP_TASK);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.runAt.getTime()).toBe(now + DAY);
  });
});
