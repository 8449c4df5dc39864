/**
 * Ingest (docs/API.md "Ingest"; docs/decisions/180-ingest-jobs.md): a completed upload's File is processed by a job
 * of the durable queue (storage/jobs.ts), added in the transaction that makes the File: probed with ffprobe,
 * given a thumbnail and a web preview proxy (kept in the blob store beside the upload, so every instance serves
 * them), its `verified` and `warnings` filled, matched to an asset by name where it has none. Its state is the
 * File's `ingest` (created → processing → succeeded / failed; `not-processed` when this server has no ffmpeg).
 *
 * A job runs at least once and never twice at once (its key is the file's): a second run starts over and replaces
 * what the first made. A run that fails for a reason of the server (ffmpeg killed, the store unreachable) throws
 * and is retried with back-off; a file that is no media is an answer, not an error: Failed with a warning, at once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Doc, Store, StoreOps } from '../../storage/store';
import { newId } from '../../storage/store';
import type { JobContext, JobHandlers, JobRunner } from '../../storage/jobs';
import { errorText } from '../../storage/jobs';
import type { BlobStore } from '../../uploads/blobStore';
import { probeFfmpeg, type FfmpegStatus } from '../watermark/ffmpeg';
import { UNREADABLE, Unreadable, probe, warningsOf, type IngestWarning, type ProbeFacts } from './probe';
import { makeProxy, makeThumbnail, proxyKind } from './renditions';
import { matchAsset } from './match';
import { detectShotChanges } from './shots';

export const INGEST_TASK = 'ingest';
/** Runs of one file's job before it is kept as Failed (retries after 2.7 s, 7.4 s, 20 s, 55 s). */
export const INGEST_MAX_ATTEMPTS = 5;
/** The blob store's owner of what ingest makes: no user id, so no user reaches these blobs through tus. */
export const RENDITION_OWNER = 'ingest';

export type IngestState = 'created' | 'processing' | 'succeeded' | 'failed' | 'not-processed';

/** A File's `ingest` as stored (blob ids internal: presented as signed links, http/present.ts). */
export interface IngestRecord {
  state: IngestState;
  /** 0…1 through the current run. */
  progress: number;
  /** The uploader's user id: whose ingest it is (GET /api/ingests). */
  uploader: string;
  /** Runs so far. */
  attempts: number;
  /** Why the last run failed, or why it was not processed. */
  error?: string;
  probe?: ProbeFacts;
  /** A video's shot changes, seconds ascending (shots.ts): kept with the probe facts, served as they are. */
  shotChanges?: number[];
  /** Blob ids. */
  thumbnail?: string;
  proxy?: string;
  /** True when the uploader's `preferences.ingest.skipScratchPreview` left the proxy out. */
  proxySkipped?: boolean;
  /** How the File's asset was found: the upload's target, or its name (match.ts). */
  match?: { asset: string; by: 'target' | 'name' };
  /** Epoch seconds. */
  started?: number;
  finished?: number;
}

/** Which files are media to probe: the rest (subtitles, documents) are checked by their MD5 alone. */
export const isMedia = (mime: string) => /^(video|audio|image)\//.test(mime) || mime === 'application/mxf';

export const ingestJobKey = (fileId: string) => `ingest:${fileId}`;

/** The File's first ingest state, and its job when it will be processed: in the caller's transaction. */
export async function startIngest(
  tx: StoreOps,
  fileId: string,
  uploader: string,
  ffmpeg: FfmpegStatus,
): Promise<IngestRecord> {
  if (ffmpeg.problem) {
    return { state: 'not-processed', progress: 0, uploader, attempts: 0, error: notProcessedReason(ffmpeg) };
  }
  await queueIngest(tx, fileId);
  return { state: 'created', progress: 0, uploader, attempts: 0 };
}

export const queueIngest = (tx: StoreOps, fileId: string) =>
  tx.jobs.add(INGEST_TASK, { file: fileId }, { key: ingestJobKey(fileId), maxAttempts: INGEST_MAX_ATTEMPTS });

export function notProcessedReason(ffmpeg: FfmpegStatus): string {
  return `not processed: this server cannot run ffmpeg (${ffmpeg.problem ?? 'unknown'}); an administrator installs it`;
}

/** What the operator reads at start when ffmpeg is missing. */
export function ingestUnavailableMessage(tools: FfmpegStatus): string {
  return (
    `Ingest: ${tools.problem ?? 'ffmpeg is not usable'}. Uploads still work, but their files are not probed, get no thumbnail or preview and say ` +
    '"not processed" until ffmpeg and ffprobe are installed (Debian: apt-get install ffmpeg) or FFMPEG_PATH names ' +
    'ffmpeg (ffprobe beside it); then retry them on the Ingests page.'
  );
}

/** ffprobe is found beside ffmpeg (Debian's package ships both in /usr/bin). */
export const ffprobeBeside = (ffmpegPath: string) => path.join(path.dirname(ffmpegPath), 'ffprobe');

/** Whether both tools run: a problem in either is ingest's problem. */
export async function checkMediaTools(ffmpegPath: string): Promise<FfmpegStatus> {
  const [ffmpeg, ffprobe] = await Promise.all([probeFfmpeg(ffmpegPath), probeFfmpeg(ffprobeBeside(ffmpegPath))]);
  if (ffmpeg.problem || ffprobe.problem) {
    return { path: ffmpegPath, problem: [ffmpeg.problem, ffprobe.problem].filter(Boolean).join('; ') };
  }
  return ffmpeg;
}

/** checkMediaTools run at the first ask, its answer kept (the tools do not come and go while the server runs). */
export function checkedOnce(ffmpegPath: string): () => Promise<FfmpegStatus> {
  let status: Promise<FfmpegStatus> | undefined;
  return () => (status ??= checkMediaTools(ffmpegPath));
}

const now = () => Math.floor(Date.now() / 1000);
const ingestOf = (file: Doc) => file.ingest as IngestRecord | undefined;

/** Changes a File's `ingest` (and whatever else `change` sets) in one transaction; nothing when the File is gone. */
async function changeFile(
  store: Store,
  id: string,
  change: (file: Doc, ingest: IngestRecord) => Doc | undefined,
): Promise<Doc | undefined> {
  return store.transaction(async (tx) => {
    const found = await tx.get<Doc>('Files', id, { forUpdate: true });
    const ingest = found && ingestOf(found.doc);
    if (!found || !ingest) return undefined;
    const next = change(found.doc, ingest);
    if (!next) return undefined;
    return (await tx.replace('Files', next)).doc;
  });
}

export interface IngestSettings {
  ffmpegPath: string;
  /** Where a run copies the upload and makes its renditions (a folder per run, removed after). */
  workDir?: string;
  /** Jobs at once in this process (default 1: ffmpeg is heavy, and the machine serves requests too). */
  concurrency?: number;
  log?: (message: string) => void;
}

export class Ingester {
  private readonly ffprobePath: string;
  private readonly workDir: string;

  constructor(
    private readonly store: Store,
    private readonly blobs: BlobStore,
    private readonly settings: IngestSettings,
  ) {
    this.ffprobePath = ffprobeBeside(settings.ffmpegPath);
    this.workDir = settings.workDir ?? os.tmpdir();
  }

  handlers(): JobHandlers {
    return { [INGEST_TASK]: (payload, job) => this.run(payload, job) };
  }

  private async run(payload: unknown, job: JobContext): Promise<void> {
    const fileId = (payload as { file?: unknown }).file;
    if (typeof fileId !== 'string') return;
    const begun = await changeFile(this.store, fileId, (file, ingest) =>
      // Done, or a retry of a job whose file was reset meanwhile: nothing to do.
      ingest.state === 'succeeded' || ingest.state === 'not-processed'
        ? undefined
        : {
            ...file,
            ingest: { ...ingest, state: 'processing', progress: 0, attempts: job.attempt, started: now() },
          },
    );
    if (!begun) return;
    const dir = await fs.promises.mkdtemp(path.join(this.workDir, `mws-ingest-${fileId}-`));
    try {
      await this.process(begun, dir);
    } catch (e) {
      const last = job.attempt >= job.maxAttempts;
      await changeFile(this.store, fileId, (file, ingest) => ({
        ...file,
        ingest: {
          ...ingest,
          state: last ? 'failed' : 'created',
          error: last ? errorText(e) : `${errorText(e)} (trying again shortly)`,
          ...(last ? { finished: now() } : {}),
        },
      }));
      throw e;
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  }

  private async process(file: Doc, dir: string): Promise<void> {
    const id = file._id;
    const mime = typeof file.mime === 'string' ? file.mime : '';
    const match = await this.assetMatch(file);
    if (!isMedia(mime)) {
      await this.finish(id, { verified: true, warnings: [], match });
      return;
    }
    const source = path.join(dir, 'source');
    const size = typeof file.length === 'number' ? file.length : 0;
    await pipeline(this.blobs.read(id, 0, Math.max(0, size - 1)), fs.createWriteStream(source));
    let facts: ProbeFacts;
    try {
      facts = await probe(this.ffprobePath, source);
    } catch (e) {
      if (!(e instanceof Unreadable)) throw e;
      await this.finish(id, { verified: false, warnings: [UNREADABLE], match, failed: e.message });
      return;
    }
    // Scene detection reads every frame once: for a video only (a still or a sound has no shots).
    const shotChanges = facts.type === 'video' ? await detectShotChanges(this.settings.ffmpegPath, source) : undefined;
    await this.progress(id, 0.1);
    const thumbPath = path.join(dir, 'thumbnail.jpg');
    await makeThumbnail(this.settings.ffmpegPath, source, thumbPath, facts);
    const thumbnail = await this.keep(thumbPath, id, 'thumbnail', 'image/jpeg');
    await this.progress(id, 0.2);
    const kind = proxyKind(facts);
    const skip = await this.skipsProxy(file);
    let proxy: string | undefined;
    if (kind && !skip) {
      const proxyPath = path.join(dir, `proxy.${kind.ext}`);
      let reported = 0;
      await makeProxy(this.settings.ffmpegPath, source, proxyPath, facts, (done) => {
        // A write at most every tenth of the way: the page polls; the database need not hear every frame.
        if (done - reported >= 0.1) {
          reported = done;
          void this.progress(id, 0.2 + done * 0.75).catch(() => undefined);
        }
      });
      proxy = await this.keep(proxyPath, id, 'proxy', kind.mime);
    }
    await this.finish(id, {
      verified: true,
      warnings: warningsOf(facts, mime),
      match,
      probe: facts,
      ...(shotChanges ? { shotChanges } : {}),
      thumbnail,
      ...(proxy ? { proxy } : {}),
      proxySkipped: Boolean(kind && skip),
    });
  }

  private async progress(id: string, progress: number) {
    await changeFile(this.store, id, (file, ingest) =>
      ingest.state === 'processing' ? { ...file, ingest: { ...ingest, progress } } : undefined,
    );
  }

  /** The uploader's `preferences.ingest.skipScratchPreview`. */
  private async skipsProxy(file: Doc): Promise<boolean> {
    const uploader = ingestOf(file)?.uploader;
    const user = uploader ? (await this.store.get<Doc>('Users', uploader))?.doc : undefined;
    const prefs = user?.preferences as { ingest?: { skipScratchPreview?: unknown } } | undefined;
    return prefs?.ingest?.skipScratchPreview === true;
  }

  /** The File's asset: its own (the upload's target), else one of its project whose name its name begins with. */
  private async assetMatch(file: Doc): Promise<IngestRecord['match']> {
    if (typeof file.asset === 'string') return { asset: file.asset, by: 'target' };
    const scope =
      typeof file.project === 'string'
        ? { field: 'project', value: file.project }
        : typeof file.studio === 'string'
          ? { field: 'studio', value: file.studio }
          : undefined;
    if (!scope || typeof file.name !== 'string') return undefined;
    const page = await this.store.list<Doc>('Assets', {
      filters: [{ field: scope.field, op: 'eq', value: scope.value }],
      offset: 0,
      limit: 5000,
    });
    const asset = matchAsset(file.name, page.items);
    return asset ? { asset, by: 'name' } : undefined;
  }

  /** A rendition into the blob store, as a finished upload of nobody's: its blob id. */
  private async keep(local: string, fileId: string, kind: string, mime: string): Promise<string> {
    const id = newId();
    const { size } = await fs.promises.stat(local);
    await this.blobs.create({
      id,
      owner: RENDITION_OWNER,
      size,
      metadata: { of: fileId, kind, mime },
      created: new Date().toISOString(),
    });
    await this.blobs.append(id, 0, fs.createReadStream(local), () => undefined);
    await this.blobs.seal(id);
    return id;
  }

  private async finish(
    id: string,
    result: {
      verified: boolean;
      warnings: IngestWarning[];
      match: IngestRecord['match'];
      failed?: string;
      probe?: ProbeFacts;
      shotChanges?: number[];
      thumbnail?: string;
      proxy?: string;
      proxySkipped?: boolean;
    },
  ) {
    let replaced: string[] = [];
    await changeFile(this.store, id, (file, ingest) => {
      replaced = [ingest.thumbnail, ingest.proxy].filter((b): b is string => b !== undefined);
      const { error: _e, thumbnail: _t, proxy: _p, probe: _probe, shotChanges: _c, proxySkipped: _s, ...rest } = ingest;
      const next: IngestRecord = {
        ...rest,
        state: result.failed ? 'failed' : 'succeeded',
        progress: 1,
        finished: now(),
        ...(result.failed ? { error: result.failed } : {}),
        ...(result.probe ? { probe: result.probe } : {}),
        ...(result.shotChanges ? { shotChanges: result.shotChanges } : {}),
        ...(result.thumbnail ? { thumbnail: result.thumbnail } : {}),
        ...(result.proxy ? { proxy: result.proxy } : {}),
        ...(result.proxySkipped ? { proxySkipped: true } : {}),
        ...(result.match ? { match: result.match } : {}),
      };
      const asset = result.match?.by === 'name' && typeof file.asset !== 'string' ? { asset: result.match.asset } : {};
      return { ...file, ...asset, verified: result.verified, warnings: result.warnings, ingest: next };
    });
    // What an earlier run made (a retry, a second run after a crash) is replaced: its blobs go.
    for (const blob of replaced) await this.blobs.remove(blob).catch(() => undefined);
  }
}

/** Starts this instance's ingest runner (every instance runs one: the queue gives each job to one). */
export async function startIngestRunner(store: Store, blobs: BlobStore, settings: IngestSettings): Promise<JobRunner> {
  const ingester = new Ingester(store, blobs, settings);
  return store.runJobs(ingester.handlers(), { concurrency: settings.concurrency ?? 1 });
}
