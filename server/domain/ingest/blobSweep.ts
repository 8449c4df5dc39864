/**
 * The sweep of unreferenced blobs (docs/API.md "Uploads": "Blobs nobody refers to"): the blob store keeps uploads and
 * what ingest makes of them, and some of it ends referred to by no record — an upload abandoned before its end, one
 * refused at completion, a thumbnail or proxy of a run that crashed before it recorded them or that a later run
 * replaced, renditions of a File that is gone. A periodic job of the durable queue (one waiting job, keyed, so the
 * instances share one schedule) removes every blob that no record refers to and that has not changed for the grace
 * period, so nothing in flight is taken: an upload being sent or resumed, a rendition made a moment before its File
 * records it. Removing is idempotent: a blob already gone is nothing to do, and a second sweep finds nothing more.
 *
 * Referred to: an upload's blob by the File made of it (same id, `content` `upload:<id>`); a rendition's blob
 * (owner RENDITION_OWNER, metadata `of`: the File) by that File's `ingest.thumbnail` or `ingest.proxy`.
 */
import type { Doc, Store, StoreOps } from '../../storage/store';
import type { JobHandlers, JobRunner } from '../../storage/jobs';
import type { BlobStore, ListedBlob } from '../../uploads/blobStore';
import { RENDITION_OWNER, type IngestRecord } from './ingest';

export const BLOB_SWEEP_TASK = 'blob-sweep';
/** The one waiting sweep of every instance on the database. */
const SWEEP_KEY = 'blob-sweep';
/** Blobs looked at per page (one getMany of their Files each). */
const PAGE = 200;

export interface BlobSweepSettings {
  /** A blob changed more recently than this is kept, referred to or not (milliseconds). */
  graceMs: number;
  /** Between the end of a sweep and the next (milliseconds). */
  everyMs: number;
  /** The clock (tests move it). */
  now?: () => number;
}

export interface SweepResult {
  /** Blobs looked at. */
  seen: number;
  /** The ids removed. */
  removed: string[];
}

/** The File a blob belongs to: an upload's own id, a rendition's `of`. */
function fileOf(blob: ListedBlob): string {
  return blob.state?.owner === RENDITION_OWNER ? (blob.state.metadata.of ?? '') : (blob.state?.file ?? blob.id);
}

/** Whether a record refers to the blob: an upload's File, a rendition's File that names it. */
function referred(blob: ListedBlob, file: Doc | undefined): boolean {
  if (!file || !blob.state) return false;
  if (blob.state.owner !== RENDITION_OWNER) return file.content === `upload:${blob.id}`;
  const ingest = file.ingest as IngestRecord | undefined;
  return ingest?.thumbnail === blob.id || ingest?.proxy === blob.id;
}

/** One sweep: every blob past the grace period that no record refers to is removed. */
export async function sweepUnreferencedBlobs(
  store: StoreOps,
  blobs: BlobStore,
  graceMs: number,
  now = Date.now(),
): Promise<SweepResult> {
  const result: SweepResult = { seen: 0, removed: [] };
  for (let after = ''; ;) {
    const page = await blobs.list(after, PAGE);
    if (page.length === 0) return result;
    after = page.at(-1)!.id;
    result.seen += page.length;
    const old = page.filter((b) => now - b.changed >= graceMs);
    const ids = [...new Set(old.map(fileOf).filter((id) => id !== ''))];
    const files = new Map((await store.getMany<Doc>('Files', ids)).map((f) => [f.doc._id, f.doc]));
    for (const blob of old) {
      if (referred(blob, files.get(fileOf(blob)))) continue;
      await blobs.remove(blob.id);
      result.removed.push(blob.id);
    }
  }
}

/** Puts the next sweep on the queue, `inMs` from now (replacing a waiting one: one schedule for every instance). */
export async function scheduleBlobSweep(store: Store, inMs: number, now = Date.now()): Promise<void> {
  await store.jobs.add(BLOB_SWEEP_TASK, {}, { key: SWEEP_KEY, runAt: new Date(now + inMs) });
}

/** The sweep's handler: sweeps, logs what it removed, and schedules the next. */
export function blobSweepHandlers(
  store: Store,
  blobs: BlobStore,
  settings: BlobSweepSettings,
  log: (message: string) => void = () => undefined,
): JobHandlers {
  const now = settings.now ?? Date.now;
  return {
    [BLOB_SWEEP_TASK]: async () => {
      const { seen, removed } = await sweepUnreferencedBlobs(store, blobs, settings.graceMs, now());
      if (removed.length) log(`Blobs: removed ${removed.length} of ${seen} that no record refers to`);
      await scheduleBlobSweep(store, settings.everyMs, now());
    },
  };
}

/**
 * Starts this instance's sweep runner and schedules a sweep a minute after the start (or `everyMs`, if sooner): the
 * key keeps one waiting sweep, so the latest instance to start sets its time, and each sweep schedules the next.
 */
export async function startBlobSweep(
  store: Store,
  blobs: BlobStore,
  settings: BlobSweepSettings,
  log?: (message: string) => void,
): Promise<JobRunner> {
  await scheduleBlobSweep(store, Math.min(settings.everyMs, 60_000), (settings.now ?? Date.now)());
  return store.runJobs(blobSweepHandlers(store, blobs, settings, log), { concurrency: 1 });
}
