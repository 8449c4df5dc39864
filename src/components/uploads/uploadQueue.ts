/**
 * The app's uploads (docs/API.md "Uploads"; the app's side: "Uploads in the app"): one queue for the whole session,
 * so uploads go on while the user moves around the app. Each file is checked against the server's rules first
 * (src/api/schema/uploadRules.ts), its MD5 made in a worker (hashFile.ts), then sent by tus-js-client in 8 MiB
 * pieces; at most `maxUploads` (the user's `preferences.ingest.maxUploads`) hash or send at once, the rest wait.
 * tus-js-client retries a dropped connection and keeps each upload's URL in localStorage under a fingerprint that
 * names the user, so after a reload, or a sign-out and sign-in by the same person, the same file resumes where the
 * server has it (HEAD) instead of starting again; another user never sees it. The size limit the server serves (tus
 * OPTIONS `Tus-Max-Size`) is asked when the first upload starts and checked before a byte is sent. The shell never
 * loads this module on its own: its tray comes once an upload was added (uploadsStarted.ts). A step to run once the file is stored (`after`: attach it to
 * its record) belongs to the upload, so it runs even when the page that started it was left.
 */
import * as tus from 'tus-js-client';
import { apiBaseUrl } from '../../api/client';
import { DEFAULT_UPLOAD_MAX_BYTES, uploadSizeProblem, uploadType } from '../../api/schema/uploadRules';
import { hashFile, type Hashing } from './hashFile';
import { markUploadsStarted } from './uploadsStarted';

export type UploadState = 'queued' | 'hashing' | 'uploading' | 'paused' | 'failed' | 'done';

/** What the file is for: the upload's metadata target (docs/API.md "Uploads": `asset`, `workrequest`, or a logo's). */
export type UploadTarget = { asset: string } | { workrequest: string } | { studio: string } | { project: string };

export interface UploadItem {
  id: string;
  file: File;
  target: UploadTarget;
  /** Who asked (a feature's tag: `offline`, `material:<name>`), so the page that started it can act on completion. */
  purpose: string;
  state: UploadState;
  /** Bytes hashed (hashing) or stored on the server (uploading and after). */
  done: number;
  /** Bytes per second, over the last few seconds; 0 when unknown. */
  speed: number;
  /** Why it failed, in words a person can act on. */
  error?: string;
  /** The File record made (docs/API.md "Uploads": `X-File-Id`). */
  fileId?: string;
  /** What the step after the upload said when it failed (the file is stored; attaching it was refused). */
  afterError?: string;
}

/** The step after an upload: puts the stored File where it belongs (an offline, a delivery); throws to say why not. */
export type AfterUpload = (fileId: string) => Promise<unknown>;

interface Running {
  hashing?: Hashing;
  upload?: tus.Upload;
  md5?: string;
  samples: { at: number; bytes: number }[];
}

export interface UploadQueueOptions {
  endpoint?: string;
  authorization: () => string | undefined;
  username: () => string | undefined;
  maxUploads: () => number;
  /** The size limit, when known here (tests); else the server's, asked once (tus OPTIONS `Tus-Max-Size`). */
  maxBytes?: number;
  /** Delays between retries of a failed request (tus-js-client's `retryDelays`). */
  retryDelays?: number[];
  chunkSize?: number;
}

const SPEED_WINDOW_MS = 5000;

/** Why the server would refuse this file, checked before a byte is sent; undefined when it may go. */
export function fileProblem(file: File, maxBytes = DEFAULT_UPLOAD_MAX_BYTES): string | undefined {
  if (file.size === 0) return 'the file is empty';
  const size = uploadSizeProblem(file.size, maxBytes);
  if (size) return size;
  const type = uploadType(file.name, file.type || undefined);
  return 'problem' in type ? type.problem : undefined;
}

/** The server's error message from a tus failure (its JSON `{error:{message}}`), else tus-js-client's words. */
function failureMessage(error: Error): string {
  const res = (error as tus.DetailedError).originalResponse;
  const body = res?.getBody();
  if (body) {
    try {
      const parsed = JSON.parse(body) as { error?: { message?: string } };
      if (parsed.error?.message) return parsed.error.message;
    } catch {
      /* not JSON: said below */
    }
  }
  if (!res) return 'the connection was lost: retry to go on from where the server has it';
  return `the upload failed (${res.getStatus()})`;
}

/** The server's size limit from its tus discovery answer; undefined when it does not say. */
async function servedLimit(endpoint: string, authorization: string | undefined): Promise<number | undefined> {
  try {
    const res = await fetch(endpoint, {
      method: 'OPTIONS',
      headers: { 'Tus-Resumable': '1.0.0', ...(authorization ? { Authorization: authorization } : {}) },
    });
    const value = Number(res.headers.get('Tus-Max-Size'));
    return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  } catch {
    return undefined; // The upload itself says what is wrong with the connection.
  }
}

export class UploadQueue {
  private items: UploadItem[] = [];
  private readonly afters = new Map<string, AfterUpload>();
  private limit: Promise<number> | undefined;
  private readonly running = new Map<string, Running>();
  private readonly listeners = new Set<() => void>();
  private counter = 0;

  constructor(private readonly options: UploadQueueOptions) {
    this.knownLimit = options.maxBytes;
  }

  snapshot = (): readonly UploadItem[] => this.items;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Adds files; a file the server would refuse is listed as failed with the reason, and never sent. */
  add(files: readonly File[], target: UploadTarget, purpose: string, after?: AfterUpload): UploadItem[] {
    const added = files.map((file): UploadItem => {
      const problem = fileProblem(file, this.knownLimit);
      return {
        id: `u${++this.counter}`,
        file,
        target,
        purpose,
        state: problem ? 'failed' : 'queued',
        done: 0,
        speed: 0,
        ...(problem ? { error: problem } : {}),
      };
    });
    if (after) for (const item of added) this.afters.set(item.id, after);
    markUploadsStarted();
    this.items = [...this.items, ...added];
    this.changed();
    this.pump();
    return added;
  }

  pause(id: string): void {
    const item = this.find(id);
    if (!item || (item.state !== 'uploading' && item.state !== 'queued' && item.state !== 'hashing')) return;
    const run = this.running.get(id);
    run?.hashing?.cancel();
    if (run) run.hashing = undefined;
    void run?.upload?.abort(false);
    this.update(id, { state: 'paused', speed: 0 });
    this.pump();
  }

  /** Resumes a paused upload, or retries a failed one (from where the server has it). */
  resume(id: string): void {
    const item = this.find(id);
    if (!item || (item.state !== 'paused' && item.state !== 'failed')) return;
    if (item.state === 'failed' && fileProblem(item.file, this.knownLimit)) return;
    this.update(id, { state: 'queued', error: undefined });
    this.pump();
  }

  /** Stops an upload and deletes what the server holds of it (tus termination); a done one is just dismissed. */
  cancel(id: string): void {
    const run = this.running.get(id);
    run?.hashing?.cancel();
    void run?.upload?.abort(true);
    this.running.delete(id);
    this.afters.delete(id);
    this.items = this.items.filter((i) => i.id !== id);
    this.changed();
    this.pump();
  }

  /** Stops every upload without deleting what the server holds, and forgets the list (a sign-out). */
  stopAll(): void {
    for (const run of this.running.values()) {
      run.hashing?.cancel();
      void run.upload?.abort(false);
    }
    this.running.clear();
    this.afters.clear();
    this.items = [];
    this.changed();
  }

  /** The limit known so far: the given one, the server's once asked, else the default. */
  private knownLimit: number | undefined;

  /** The server's limit, asked once (the given one in tests). */
  private serverLimit(): Promise<number> {
    this.limit ??= (
      this.options.maxBytes !== undefined
        ? Promise.resolve(this.options.maxBytes)
        : servedLimit(this.endpoint(), this.options.authorization()).then((n) => n ?? DEFAULT_UPLOAD_MAX_BYTES)
    ).then((n) => (this.knownLimit = n));
    return this.limit;
  }

  private endpoint(): string {
    return this.options.endpoint ?? `${apiBaseUrl()}/uploads`;
  }

  private find(id: string) {
    return this.items.find((i) => i.id === id);
  }

  private update(id: string, patch: Partial<UploadItem>): void {
    this.items = this.items.map((i) => (i.id === id ? { ...i, ...patch } : i));
    this.changed();
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }

  /** Starts queued items while fewer than `maxUploads` hash or send. */
  private pump(): void {
    const active = this.items.filter((i) => i.state === 'hashing' || i.state === 'uploading').length;
    const free = Math.max(1, this.options.maxUploads()) - active;
    for (const item of this.items.filter((i) => i.state === 'queued').slice(0, Math.max(0, free)))
      void this.start(item);
  }

  private async start(item: UploadItem): Promise<void> {
    const run = this.running.get(item.id) ?? { samples: [] };
    this.running.set(item.id, run);
    this.update(item.id, { state: 'hashing', done: 0 });
    // The server's limit before anything is read or sent (the default was assumed when the file was added).
    const tooBig = fileProblem(item.file, await this.serverLimit());
    if (this.find(item.id)?.state !== 'hashing') return;
    if (tooBig) return this.fail(item.id, tooBig);
    if (!run.md5) {
      this.update(item.id, { state: 'hashing', done: 0 });
      run.hashing = hashFile(item.file, (bytes) => this.update(item.id, { done: bytes }));
      try {
        run.md5 = await run.hashing.done;
      } catch (e) {
        // Paused or cancelled meanwhile: their state is set; a read error fails the item.
        if (this.find(item.id)?.state === 'hashing')
          this.fail(item.id, e instanceof Error ? e.message : 'the file could not be read');
        return;
      } finally {
        run.hashing = undefined;
      }
      if (this.find(item.id)?.state !== 'hashing') return;
    }
    this.send(item, run, run.md5);
  }

  private send(item: UploadItem, run: Running, md5: string): void {
    const username = this.options.username() ?? '';
    this.update(item.id, { state: 'uploading', done: 0, speed: 0 });
    run.samples = [];
    const upload = new tus.Upload(item.file, {
      endpoint: this.endpoint(),
      chunkSize: this.options.chunkSize ?? 8 * 2 ** 20,
      retryDelays: this.options.retryDelays ?? [0, 1000, 3000, 5000, 10000, 20000],
      metadata: { filename: item.file.name, filetype: item.file.type, md5, ...item.target },
      // The user in the fingerprint: a sign-in by someone else on this browser never resumes another's upload.
      fingerprint: (file) =>
        Promise.resolve(
          [
            'mws-upload',
            username,
            file.name,
            file.type,
            file.size,
            file.lastModified,
            md5,
            JSON.stringify(item.target),
          ].join('|'),
        ),
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onBeforeRequest: (req) => {
        const auth = this.options.authorization();
        if (auth) req.setHeader('Authorization', auth);
      },
      onAfterResponse: (_req, res) => {
        const fileId = res.getHeader('X-File-Id');
        if (fileId) this.update(item.id, { fileId });
      },
      onProgress: (sent) => this.progress(item.id, run, sent),
      onSuccess: () => {
        this.running.delete(item.id);
        this.update(item.id, { state: 'done', done: item.file.size, speed: 0 });
        const done = this.find(item.id);
        if (done) void this.runAfter(done);
        this.pump();
      },
      onError: (error) => this.fail(item.id, failureMessage(error)),
    });
    run.upload = upload;
    void upload.findPreviousUploads().then((previous) => {
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      if (this.find(item.id)?.state === 'uploading') upload.start();
    });
  }

  /** The step after the upload, once; its refusal is shown on the item (the file stays stored). */
  private async runAfter(item: UploadItem): Promise<void> {
    const after = this.afters.get(item.id);
    this.afters.delete(item.id);
    if (!after || !item.fileId) return;
    try {
      await after(item.fileId);
    } catch (e) {
      this.update(item.id, { afterError: e instanceof Error ? e.message : String(e) });
    }
  }

  private progress(id: string, run: Running, sent: number): void {
    const now = performance.now();
    run.samples = [...run.samples.filter((s) => now - s.at < SPEED_WINDOW_MS), { at: now, bytes: sent }];
    const first = run.samples[0]!;
    const seconds = (now - first.at) / 1000;
    this.update(id, { done: sent, speed: seconds > 0.5 ? (sent - first.bytes) / seconds : 0 });
  }

  private fail(id: string, error: string): void {
    this.update(id, { state: 'failed', error, speed: 0 });
    this.pump();
  }
}

/** Seconds left at the current speed, or undefined when unknown. */
export function secondsLeft(item: UploadItem): number | undefined {
  if (item.state !== 'uploading' || item.speed <= 0) return undefined;
  return Math.ceil((item.file.size - item.done) / item.speed);
}
