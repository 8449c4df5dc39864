/**
 * Download and view records (docs/API.md, "Downloads and views"): every use of a signed link to a file's content, an
 * offline's download or a preview's view is recorded in `Downloads`, as made with the link's person's link from the
 * client's address. One record stands for one link issue used by one browser (address and user agent) for one thing:
 * the range requests of a video seeking, or a download resumed, add their bytes and count to that record instead of
 * writing one each. Its id is made from those parts, so instances behind a load balancer add to the same record.
 *
 * Writes never hold up the media: a use is noted in memory when its answer has ended (the bytes the client was sent
 * counted as they go), and the notes are written in batches, one transaction each (every FLUSH_INTERVAL_MS, or at
 * once past FLUSH_AT notes). A batch that fails stays in memory for the next; closing the app writes what is left
 * (shutdown.ts closes the app before the store).
 */
import { createHash } from 'node:crypto';
import { Readable, Transform, pipeline } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Collection, Doc, Store, StoreOps } from '../storage/store';
import type { Caller } from '../domain/types';
import type { VerifiedLink } from '../domain/signing';

export type TransferKind = 'download' | 'view';

/** What a link was used for: the record it opened and where that record belongs. */
export interface TransferTarget {
  collection: Extract<Collection, 'Files' | 'Previews' | 'Offlines'>;
  id: string;
  asset?: string;
  project?: string;
  studio?: string;
  workRequest?: string;
}

/** A use of a link, as the route saw it (before its answer's bytes are known). */
export interface TransferUse {
  kind: TransferKind;
  link: VerifiedLink;
  caller: Caller;
  target: TransferTarget;
}

/** The stored record (collection `Downloads`). */
export interface DownloadDoc extends Doc {
  kind: TransferKind;
  /** The person the link was issued to, their name and groups as they were at the first use (for reports). */
  user: string;
  userName: string;
  groups: string[];
  file?: string;
  preview?: string;
  offline?: string;
  asset?: string;
  project?: string;
  studio?: string;
  workRequest?: string;
  /** The link's issue id (domain/signing.ts). */
  link: string;
  address: string;
  userAgent: string;
  bytes: number;
  /** Answers sent for this record (a seeking video: one per range request). */
  requests: number;
  /** The last use, epoch seconds (`created` is the first). */
  last: number;
  /** The UTC date of the first use, `YYYY-MM-DD` (reports by day). */
  day: string;
}

const TARGET_FIELD = { Files: 'file', Previews: 'preview', Offlines: 'offline' } as const;

export const FLUSH_INTERVAL_MS = 1000;
const FLUSH_AT = 500;
/** Notes kept at most while the store refuses them (a long outage): beyond that the oldest are dropped, and said. */
const PENDING_MAX = 50_000;

interface Note {
  doc: DownloadDoc;
}

/** The record id of a use: the same on every instance for the same link issue, browser and record. */
export function transferId(use: TransferUse, address: string, userAgent: string): string {
  return createHash('sha256')
    .update(
      [use.kind, use.target.collection, use.target.id, use.link.user, use.link.issue, address, userAgent].join('\n'),
    )
    .digest('hex')
    .slice(0, 24);
}

export class TransferLog {
  private pending = new Map<string, Note>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly store: Store,
    private readonly now: () => number = Date.now,
    private readonly intervalMs = FLUSH_INTERVAL_MS,
  ) {}

  /** Notes a use whose answer sent `bytes` body bytes. */
  add(use: TransferUse, bytes: number, address: string, userAgent: string): void {
    const id = transferId(use, address, userAgent);
    const seconds = Math.floor(this.now() / 1000);
    const known = this.pending.get(id);
    if (known) {
      known.doc.bytes += bytes;
      known.doc.requests += 1;
      known.doc.last = Math.max(known.doc.last, seconds);
    } else {
      if (this.pending.size >= PENDING_MAX) {
        const oldest = this.pending.keys().next().value;
        if (oldest !== undefined) this.pending.delete(oldest);
        console.error('download records: the store refuses them and too many wait: the oldest was dropped');
      }
      const { target, caller, link } = use;
      const doc: DownloadDoc = {
        _id: id,
        created: seconds,
        kind: use.kind,
        user: link.user,
        userName: caller.user.name ?? '',
        groups: caller.groups.map((g) => g._id),
        [TARGET_FIELD[target.collection]]: target.id,
        ...(target.asset ? { asset: target.asset } : {}),
        ...(target.project ? { project: target.project } : {}),
        ...(target.studio ? { studio: target.studio } : {}),
        ...(target.workRequest ? { workRequest: target.workRequest } : {}),
        link: link.issue,
        address,
        userAgent: userAgent.slice(0, 300),
        bytes,
        requests: 1,
        last: seconds,
        day: new Date(seconds * 1000).toISOString().slice(0, 10),
      };
      this.pending.set(id, { doc });
    }
    if (this.closed || this.pending.size >= FLUSH_AT) void this.flush();
    else this.schedule();
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, this.intervalMs);
    this.timer.unref();
  }

  /** Writes what is noted, one transaction; notes made meanwhile wait for the next. Never throws. */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing.then(() => (this.pending.size ? this.flush() : undefined));
    if (this.pending.size === 0) return Promise.resolve();
    const batch = this.pending;
    this.pending = new Map();
    this.flushing = this.write(batch)
      .catch((e: unknown) => {
        // Kept for the next batch, merged with what came meanwhile: nothing is lost while the store is away.
        for (const [id, note] of batch) {
          const later = this.pending.get(id);
          if (later) {
            later.doc.bytes += note.doc.bytes;
            later.doc.requests += note.doc.requests;
            later.doc.created = Math.min(later.doc.created, note.doc.created);
          }
          this.pending.set(id, later ?? note);
        }
        console.error('download records: a batch could not be written (kept for the next)', e);
        if (!this.closed) this.schedule();
      })
      .finally(() => {
        this.flushing = undefined;
      });
    return this.flushing;
  }

  private async write(batch: Map<string, Note>): Promise<void> {
    await this.store.transaction(async (tx) => {
      const ids = [...batch.keys()];
      const existing = new Map(
        (await tx.getMany<DownloadDoc>('Downloads', ids)).map((s) => [s.doc._id, s.doc] as const),
      );
      for (const [id, { doc }] of batch) {
        const known = existing.get(id);
        if (!known) {
          await tx.insert<DownloadDoc>('Downloads', doc);
          continue;
        }
        const current = (await tx.get<DownloadDoc>('Downloads', id, { forUpdate: true }))?.doc ?? known;
        await tx.replace<DownloadDoc>('Downloads', {
          ...current,
          bytes: current.bytes + doc.bytes,
          requests: current.requests + doc.requests,
          last: Math.max(current.last, doc.last),
        });
      }
    });
  }

  /** Stops the timer and writes what is left (the app's close: before the store closes). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }
}

/** The uses noted by the routes for the answers being sent. */
const uses = new WeakMap<FastifyRequest, TransferUse>();

/**
 * Marks this request's answer as a use to record once it has been sent (routes, after the link's checks). A HEAD
 * is not a use (nothing is transferred).
 */
export function recordUse(request: FastifyRequest, use: TransferUse): void {
  if (request.method === 'GET') uses.set(request, use);
}

function byteLengthOf(payload: unknown): number | undefined {
  if (typeof payload === 'string') return Buffer.byteLength(payload);
  if (Buffer.isBuffer(payload)) return payload.length;
  if (payload === null || payload === undefined) return 0;
  return undefined;
}

/**
 * Counts the body bytes of the answers marked by `recordUse` and notes them in `log` when the answer ends (sent in
 * full, or cut off by the client: then the bytes that went out so far). Answers that are not a success (errors) are
 * not uses; a 304 is (the browser shows what it holds) with no bytes.
 */
export function installTransferLog(app: FastifyInstance, log: TransferLog): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const use = uses.get(request);
    if (!use) return payload;
    uses.delete(request);
    const status = reply.statusCode;
    if (!(status === 200 || status === 206 || status === 304)) return payload;
    let sent = status === 304 ? 0 : (byteLengthOf(payload) ?? 0);
    let counted: unknown = payload;
    if (status !== 304 && payload instanceof Readable) {
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          sent += chunk.length;
          done(null, chunk);
        },
      });
      // pipeline: the client cutting the answer off closes the file too.
      counted = pipeline(payload, counter, () => undefined);
    }
    const address = request.ip ?? '';
    const userAgent = String(request.headers['user-agent'] ?? '');
    reply.raw.once('close', () => log.add(use, sent, address, userAgent));
    return counted;
  });
}

const idOf = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** Where a file belongs, as its download record names it. */
export function targetOfFile(f: Doc): TransferTarget {
  return { collection: 'Files', id: f._id, asset: idOf(f.asset), project: idOf(f.project), studio: idOf(f.studio) };
}

/** Where a preview belongs, as its view record names it. */
export function targetOfPreview(p: Doc): TransferTarget {
  return { collection: 'Previews', id: p._id, asset: idOf(p.asset), project: idOf(p.project), studio: idOf(p.studio) };
}

/** An offline belongs to its work request's asset, project and studio. */
export function targetOfOffline(
  o: Doc,
  wr: Doc & { asset?: { _id?: string }; project?: { _id?: string } },
): TransferTarget {
  return {
    collection: 'Offlines',
    id: o._id,
    asset: idOf(o.asset) ?? idOf(wr.asset?._id),
    project: idOf(o.project) ?? idOf(wr.project?._id),
    studio: idOf(wr.studio),
    workRequest: wr._id,
  };
}

/** Whether a person has downloaded files (`File.$transfer.downloaded`): one indexed lookup per file, once a request. */
export interface DownloadedLookup {
  downloaded(fileId: string): Promise<boolean>;
}

export function downloadedBy(store: StoreOps, userId: string): DownloadedLookup {
  const known = new Map<string, Promise<boolean>>();
  return {
    downloaded(fileId) {
      let answer = known.get(fileId);
      if (!answer) {
        answer = store
          .list('Downloads', {
            filters: [
              { field: 'user', op: 'eq', value: userId },
              { field: 'file', op: 'eq', value: fileId },
            ],
            offset: 0,
            limit: 1,
          })
          .then((page) => page.items.length > 0);
        known.set(fileId, answer);
      }
      return answer;
    },
  };
}
