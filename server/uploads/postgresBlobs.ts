/**
 * Uploads in PostgreSQL (the app on PostgreSQL, any number of instances): the state in `mws_uploads`, the bytes in
 * `mws_upload_pieces` as bytea rows of at most PIECE_BYTES each (docs/decisions/167: 1 MiB bytea rows measured about
 * twice as fast to write as large objects here, and as fast to read). Each piece is stored in one statement with the
 * offset it moves, so the offset never counts a byte that is not stored, and an instance killed mid-write loses only
 * the piece it had not yet stored, which was never acknowledged. The locker is an advisory lock per upload, so two
 * instances never write one upload at once; within an instance tus's in-process locker comes first, which asks the
 * holder to let go (a stalled PATCH yields to its client's retry).
 */
import { Readable } from 'node:stream';
import type pg from 'pg';
import { ERRORS, MemoryLocker, type Lock, type Locker, type RequestRelease } from '@tus/server';
import { storePool, withClient } from '../storage/postgres/connection';
import { TusError, tusErrorOf } from './tusError';
import { BlobMissing, OffsetMismatch, type BlobStore, type ListedBlob, type UploadState } from './blobStore';

/** Bytes per stored row. */
export const PIECE_BYTES = 1 << 20;
/** Pieces read per query: 4 MiB in flight at most. */
const READ_PIECES = 4;

/** How long a request waits for another instance to finish with an upload before it is answered 423 (tus: retry). */
const CROSS_INSTANCE_WAIT_MS = 10_000;
const LOCK_POLL_MS = 50;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS mws_uploads (
  id text PRIMARY KEY,
  owner text NOT NULL,
  size bigint NOT NULL,
  "offset" bigint NOT NULL DEFAULT 0,
  metadata jsonb NOT NULL,
  created timestamptz NOT NULL,
  file text
);
-- When it last changed (made, or bytes appended): the sweep of unreferenced blobs keeps what changed lately.
ALTER TABLE mws_uploads ADD COLUMN IF NOT EXISTS changed timestamptz NOT NULL DEFAULT now();
CREATE TABLE IF NOT EXISTS mws_upload_pieces (
  upload text NOT NULL REFERENCES mws_uploads (id) ON DELETE CASCADE,
  start bigint NOT NULL,
  data bytea NOT NULL,
  PRIMARY KEY (upload, start)
);
-- Media is compressed already: stored out of line without trying to compress it again (TOAST's pglz costs CPU on
-- every piece for nothing).
ALTER TABLE mws_upload_pieces ALTER COLUMN data SET STORAGE EXTERNAL;`;

/** The URL with a server option added to its `options` (libpq's, which pg reads from the URL too). */
function withOption(url: string, option: string): string {
  const u = new URL(url);
  const options = u.searchParams.get('options');
  u.searchParams.set('options', options ? `${options} ${option}` : option);
  return u.toString();
}

interface Row {
  id: string;
  owner: string;
  size: string;
  offset: string;
  metadata: Record<string, string>;
  created: Date;
  file: string | null;
  changed: Date;
}

function stateOf(row: Row): UploadState {
  return {
    id: row.id,
    owner: row.owner,
    size: Number(row.size),
    offset: Number(row.offset),
    metadata: row.metadata,
    created: row.created.toISOString(),
    ...(row.file ? { file: row.file } : {}),
  };
}

export class PostgresBlobs implements BlobStore {
  readonly kind = 'postgres';
  readonly locker: Locker;
  readonly readLocker: Locker;
  private readonly pool: pg.Pool;

  constructor(url: string, maxConnections = 8) {
    // Pieces commit without waiting for the WAL flush (each a few ms here, ~1,000 per GiB): a killed instance loses
    // nothing committed; a crash of the database itself may lose the last moments of an unfinished upload, piece and
    // offset together (one statement), so HEAD still says where to go on. `seal` waits for the flush.
    this.pool = storePool(withOption(url, '-c synchronous_commit=off'), maxConnections);
    this.readLocker = new MemoryLocker();
    this.locker = new AdvisoryLocker(this.pool, this.readLocker);
  }

  async open(): Promise<void> {
    // Two instances starting at once may both create: the lock makes the second wait and find the tables made.
    await withClient(this.pool, async (client) => {
      await client.query('BEGIN');
      await client.query("SELECT pg_advisory_xact_lock(hashtextextended('mws_uploads schema', 0))");
      await client.query(SCHEMA);
      await client.query('COMMIT');
    });
  }

  async create(state: Omit<UploadState, 'offset' | 'file'>): Promise<void> {
    await this.pool.query('INSERT INTO mws_uploads (id, owner, size, metadata, created) VALUES ($1, $2, $3, $4, $5)', [
      state.id,
      state.owner,
      state.size,
      JSON.stringify(state.metadata),
      state.created,
    ]);
  }

  async get(id: string): Promise<UploadState | undefined> {
    const { rows } = await this.pool.query<Row>('SELECT * FROM mws_uploads WHERE id = $1', [id]);
    const row = rows[0];
    return row ? stateOf(row) : undefined;
  }

  async list(after: string, limit: number): Promise<ListedBlob[]> {
    const { rows } = await this.pool.query<Row>('SELECT * FROM mws_uploads WHERE id > $1 ORDER BY id LIMIT $2', [
      after,
      limit,
    ]);
    return rows.map((row) => ({ id: row.id, state: stateOf(row), changed: row.changed.getTime() }));
  }

  async append(id: string, offset: number, data: Readable, seen: (piece: Buffer) => void): Promise<number> {
    let at = offset;
    let held: Buffer[] = [];
    let heldBytes = 0;
    const store = async (piece: Buffer) => {
      // The piece and the offset it moves, in one statement: both or neither.
      const result = await this.pool.query(
        `WITH moved AS (UPDATE mws_uploads SET "offset" = $3 + $4, changed = now() WHERE id = $1 AND "offset" = $3 RETURNING id)
         INSERT INTO mws_upload_pieces (upload, start, data) SELECT id, $3, $2 FROM moved`,
        [id, piece, at, piece.length],
      );
      if (result.rowCount !== 1) {
        const current = await this.get(id);
        if (!current) throw new BlobMissing(id);
        throw new OffsetMismatch(at, current.offset);
      }
      seen(piece);
      at += piece.length;
    };
    const current = await this.get(id);
    if (!current) throw new BlobMissing(id);
    if (current.offset !== offset) throw new OffsetMismatch(offset, current.offset);
    for await (const chunk of data) {
      let rest = chunk as Buffer;
      while (rest.length > 0) {
        const take = Math.min(rest.length, PIECE_BYTES - heldBytes);
        held.push(rest.subarray(0, take));
        heldBytes += take;
        rest = rest.subarray(take);
        if (heldBytes === PIECE_BYTES) {
          const piece = Buffer.concat(held, heldBytes);
          held = [];
          heldBytes = 0;
          await store(piece);
        }
      }
    }
    // What arrived of the last piece (the end of the request: all of it, or what came before the client went away).
    if (heldBytes > 0) await store(Buffer.concat(held, heldBytes));
    return at;
  }

  async seal(id: string): Promise<void> {
    // A commit that waits for the WAL flush makes every earlier commit durable with it (the WAL is one sequence).
    await withClient(this.pool, async (client) => {
      await client.query('BEGIN');
      await client.query('SET LOCAL synchronous_commit = on');
      await client.query('UPDATE mws_uploads SET "offset" = "offset" WHERE id = $1', [id]);
      await client.query('COMMIT');
    });
  }

  async setFile(id: string, file: string): Promise<void> {
    await this.pool.query('UPDATE mws_uploads SET file = $2 WHERE id = $1', [id, file]);
  }

  read(id: string, start: number, end: number): Readable {
    const pool = this.pool;
    async function* pieces() {
      // The piece holding the first byte (pieces differ in length: a PATCH may end mid-piece), then the pieces in
      // order, a few per query.
      const first = await pool.query<{ start: string | null }>(
        'SELECT max(start) AS start FROM mws_upload_pieces WHERE upload = $1 AND start <= $2',
        [id, start],
      );
      let cursor = first.rows[0]?.start == null ? undefined : Number(first.rows[0].start);
      if (cursor === undefined) throw new BlobMissing(id);
      let at = start;
      while (at <= end) {
        const { rows }: pg.QueryResult<{ start: string; data: Buffer }> = await pool.query(
          `SELECT start, data FROM mws_upload_pieces WHERE upload = $1 AND start >= $2 AND start <= $3
           ORDER BY start LIMIT ${READ_PIECES}`,
          [id, cursor, end],
        );
        if (rows.length === 0) throw new BlobMissing(id);
        for (const row of rows) {
          const from = at - Number(row.start);
          if (from < 0 || from >= row.data.length) throw new BlobMissing(id);
          const part = row.data.subarray(from, Math.min(row.data.length, from + (end - at + 1)));
          at += part.length;
          yield part;
          if (at > end) return;
        }
        cursor = Number(rows[rows.length - 1]!.start) + 1;
      }
    }
    return Readable.from(pieces(), { objectMode: false });
  }

  async remove(id: string): Promise<void> {
    await this.pool.query('DELETE FROM mws_uploads WHERE id = $1', [id]);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/**
 * One request per upload across instances: tus's in-process lock first (a newer request on this instance asks the
 * holder to let go), then a session advisory lock on a connection held for the request, polled while another
 * instance holds it, for at most CROSS_INSTANCE_WAIT_MS (then 423: tus clients retry).
 */
class AdvisoryLocker implements Locker {
  constructor(
    private readonly pool: pg.Pool,
    /** The in-process locker, shared with reads (PostgresBlobs.readLocker). */
    private readonly local: Locker,
  ) {}

  newLock(id: string): Lock {
    const local = this.local.newLock(id);
    const pool = this.pool;
    let client: pg.PoolClient | undefined;
    return {
      async lock(signal: AbortSignal, cancelReq: RequestRelease) {
        await local.lock(signal, cancelReq);
        try {
          client = await pool.connect();
          const until = Date.now() + CROSS_INSTANCE_WAIT_MS;
          for (;;) {
            const { rows } = await client.query<{ ok: boolean }>(
              "SELECT pg_try_advisory_lock(hashtextextended('mws_upload ' || $1, 0)) AS ok",
              [id],
            );
            if (rows[0]?.ok) return;
            if (signal.aborted) throw tusErrorOf(ERRORS.ABORTED);
            if (Date.now() > until) throw new TusError(423, 'another request is writing this upload: retry');
            await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
          }
        } catch (e) {
          client?.release();
          client = undefined;
          await local.unlock();
          throw e;
        }
      },
      async unlock() {
        const held = client;
        client = undefined;
        try {
          await held?.query("SELECT pg_advisory_unlock(hashtextextended('mws_upload ' || $1, 0))", [id]);
          held?.release();
        } catch (e) {
          // A connection that failed is closed, which ends its session and its locks with it.
          held?.release(e instanceof Error ? e : new Error(String(e)));
        } finally {
          await local.unlock();
        }
      },
    };
  }
}
