/**
 * Marked copies of previews (docs/API.md, "Watermarks"; docs/decisions/145-preview-watermarks.md): made by ffmpeg in
 * a child process, at most `concurrency` at once with at most `maxQueued` waiting (more are told to come back: a
 * burst of viewers cannot take every core), and kept on disk in `dir`, one file per viewer, source, format and UTC
 * day, the least recently served dropped first once they pass `maxBytes`. A request for a copy being made waits for
 * the same making. Each instance keeps its own folder (several instances each make a viewer's copy once).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DomainError, notFound } from '../errors';
import { burn, DEFAULT_FFMPEG_PATH, probeFfmpeg, type FfmpegStatus, type MarkKind } from './ffmpeg';
import { utcDate, watermarkText, type WatermarkViewer } from './text';

/** Bumped when the look of a mark changes, so copies made the old way are not served again. */
const MARK_VERSION = 1;

export interface WatermarkOptions {
  ffmpegPath: string;
  dir: string;
  concurrency: number;
  maxQueued: number;
  maxBytes: number;
  log?: (message: string) => void;
}

export interface MarkRequest {
  source: string;
  kind: MarkKind;
  viewer: WatermarkViewer;
  format: string | undefined;
  width?: number;
  height?: number;
  now?: Date;
}

/** One job at a time (a 2-core machine keeps a core for the API), 16 waiting, 1 GiB of copies. */
export const WATERMARK_DEFAULTS: Omit<WatermarkOptions, 'dir'> = {
  ffmpegPath: DEFAULT_FFMPEG_PATH,
  concurrency: 1,
  maxQueued: 16,
  maxBytes: 1024 * 2 ** 20,
};

/**
 * Where a making runs: `view`, a copy a request waits for (the `concurrency` slots and their queue); `ahead`, a long
 * copy made while the viewer is served without it (copyAhead): one at a time, at a lower CPU priority, in a lane of
 * its own, so a clip's first view never waits behind 90 minutes of film.
 */
type Lane = 'view' | 'ahead';

/** How long a copy made ahead whose making failed is not tried again. */
const AHEAD_RETRY_MS = 10 * 60_000;

/** Seconds a client is asked to wait when every job slot and queue place is taken. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

export class Watermarks {
  private status: Promise<FfmpegStatus> | undefined;
  private readonly making = new Map<string, Promise<string>>();
  /** Files on disk: name -> size and last served time (ms); read from the folder on first use. */
  private entries: Map<string, { size: number; used: number }> | undefined;
  /** Makings running and waiting, per lane. */
  private readonly lanes: Record<Lane, { running: number; waiting: (() => void)[]; limit: number }>;
  /** Copies made ahead whose making failed, and when (not tried again for a while). */
  private readonly failedAhead = new Map<string, number>();

  constructor(private readonly options: WatermarkOptions) {
    this.lanes = {
      view: { running: 0, waiting: [], limit: options.concurrency },
      ahead: { running: 0, waiting: [], limit: 1 },
    };
  }

  /** Whether ffmpeg can be run (probed once; main.ts logs the answer at start). */
  ffmpeg(): Promise<FfmpegStatus> {
    this.status ??= probeFfmpeg(this.options.ffmpegPath);
    return this.status;
  }

  /** The marked copy's file: from the cache, or made now (the caller waits for it). */
  async markedFile(request: MarkRequest): Promise<string> {
    const status = await this.ffmpeg();
    if (status.problem) {
      throw new DomainError(
        'watermarkUnavailable',
        'this preview is shown only with a watermark, and this server cannot make one now: ask an administrator ' +
          '(ffmpeg is not available)',
      );
    }
    const copy = await this.copyOf(request);
    if (copy.file) return copy.file;
    let pending = this.making.get(copy.name);
    if (!pending) {
      const lane = this.lanes.view;
      if (lane.running >= lane.limit && lane.waiting.length >= this.options.maxQueued) {
        throw new DomainError('busy', 'many watermarked previews are being prepared: try again in a few seconds', {
          retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS,
        });
      }
      pending = this.start(copy.name, copy.request, 'view');
    }
    return pending;
  }

  /**
   * A copy of long media made ahead (the demo feature's 90-minute picture: ~40 s of a core, too long for a request to
   * wait): its file when made, else `making` (started now, or already under way, in the lane of its own so that no
   * clip's first view waits behind it) or `unavailable` (no ffmpeg, or its making failed in the last
   * `AHEAD_RETRY_MS`: the viewer is served without it meanwhile).
   */
  async copyAhead(request: MarkRequest): Promise<{ file: string } | { state: 'making' | 'unavailable' }> {
    if ((await this.ffmpeg()).problem) return { state: 'unavailable' };
    const copy = await this.copyOf(request);
    if (copy.file) return { file: copy.file };
    if (this.making.has(copy.name)) return { state: 'making' };
    const failedAt = this.failedAhead.get(copy.name);
    if (failedAt !== undefined && Date.now() - failedAt < AHEAD_RETRY_MS) return { state: 'unavailable' };
    this.start(copy.name, copy.request, 'ahead').catch(() => this.failedAhead.set(copy.name, Date.now()));
    return { state: 'making' };
  }

  /** The copy's name (viewer, source file, format, UTC day) and its file when it is on disk. */
  private async copyOf(
    request: MarkRequest,
  ): Promise<{ name: string; file: string | undefined; request: MarkRequest & { now: Date } }> {
    const now = request.now ?? new Date();
    const stat = await fs.promises.stat(request.source).catch(() => undefined);
    if (!stat?.isFile()) throw notFound('media'); // as the original would answer (http/mediaResponse.ts)
    const key = createHash('sha256')
      .update(
        JSON.stringify([
          MARK_VERSION,
          request.source,
          stat.size,
          stat.mtimeMs,
          request.viewer,
          request.format ?? '',
          utcDate(now),
        ]),
      )
      .digest('hex')
      .slice(0, 40);
    const name = `${key}${request.kind === 'image' ? path.extname(request.source).toLowerCase() : '.webm'}`;
    const known = (await this.index()).get(name);
    const file = path.join(this.options.dir, name);
    if (known && fs.existsSync(file)) {
      known.used = Date.now();
      return { name, file, request: { ...request, now } };
    }
    return { name, file: undefined, request: { ...request, now } };
  }

  private start(name: string, request: MarkRequest & { now: Date }, lane: Lane): Promise<string> {
    const pending = this.make(name, request, lane).finally(() => this.making.delete(name));
    this.making.set(name, pending);
    return pending;
  }

  private async make(name: string, request: MarkRequest & { now: Date }, lane: Lane): Promise<string> {
    await this.slot(lane);
    const dir = this.options.dir;
    const part = `${name}.${process.pid}.part${path.extname(name)}`;
    const textFile = `${name}.${process.pid}.txt`;
    try {
      const text = watermarkText(request.format, request.viewer, request.now);
      await fs.promises.mkdir(dir, { recursive: true });
      await fs.promises.writeFile(path.join(dir, textFile), text);
      await burn({
        background: lane === 'ahead',
        ffmpeg: this.options.ffmpegPath,
        kind: request.kind,
        source: request.source,
        dir,
        textFile,
        output: part,
        width: request.width ?? 640,
        height: request.height ?? 360,
        chars: Array.from(text).length,
      });
      // Renamed when whole, so no reader sees half a copy (nor does a crash leave one under the real name).
      await fs.promises.rename(path.join(dir, part), path.join(dir, name));
      const size = (await fs.promises.stat(path.join(dir, name))).size;
      (await this.index()).set(name, { size, used: Date.now() });
      await this.evict(name);
      return path.join(dir, name);
    } catch (error) {
      await fs.promises.rm(path.join(dir, part), { force: true });
      this.options.log?.(`Watermarks: ${error instanceof Error ? error.message : String(error)}`);
      throw new DomainError('failed', 'the watermarked preview could not be made: try again, or ask an administrator');
    } finally {
      await fs.promises.rm(path.join(dir, textFile), { force: true });
      this.release(lane);
    }
  }

  private slot(name: Lane): Promise<void> {
    const lane = this.lanes[name];
    if (lane.running < lane.limit) {
      lane.running++;
      return Promise.resolve();
    }
    return new Promise((resolve) => lane.waiting.push(resolve));
  }

  private release(name: Lane): void {
    const lane = this.lanes[name];
    const next = lane.waiting.shift();
    if (next)
      next(); // the slot passes on: `running` stays
    else lane.running--;
  }

  /** The copies on disk (a restart keeps them; left-over parts of a crash are removed). */
  private async index(): Promise<Map<string, { size: number; used: number }>> {
    if (this.entries) return this.entries;
    const entries = new Map<string, { size: number; used: number }>();
    let names: string[] = [];
    try {
      names = await fs.promises.readdir(this.options.dir);
    } catch {
      // no folder yet: nothing kept
    }
    for (const name of names) {
      const full = path.join(this.options.dir, name);
      if (name.includes('.part') || name.endsWith('.txt')) {
        await fs.promises.rm(full, { force: true });
        continue;
      }
      const stat = await fs.promises.stat(full).catch(() => undefined);
      if (stat?.isFile()) entries.set(name, { size: stat.size, used: stat.atimeMs });
    }
    this.entries ??= entries;
    return this.entries;
  }

  /** Drops the least recently served copies until the folder is within maxBytes (never the one just made). */
  private async evict(keep: string): Promise<void> {
    const entries = await this.index();
    let total = 0;
    for (const e of entries.values()) total += e.size;
    const oldest = [...entries].filter(([name]) => name !== keep).sort((a, b) => a[1].used - b[1].used);
    for (const [name, e] of oldest) {
      if (total <= this.options.maxBytes) break;
      entries.delete(name);
      total -= e.size;
      // A copy being sent stays readable: its open file outlives the name.
      await fs.promises.rm(path.join(this.options.dir, name), { force: true });
    }
  }
}
