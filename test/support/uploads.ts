/**
 * A small tus client for the upload tests (docs/API.md "Uploads"): each protocol request by hand, so a test decides
 * exactly which bytes go in which PATCH, and reads every answer.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { basic, call, DEMO, type Account, type Call, type TestServer } from './server';

type Where = Pick<TestServer, 'url'>;

export const md5Of = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

/** tus Upload-Metadata: keys with base64 values, comma-separated. */
export function uploadMetadata(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');
}

async function answer(res: Response): Promise<Call> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: res.status, headers: res.headers, body };
}

function headers(as: Account | null, extra: Record<string, string> = {}): Record<string, string> {
  return { 'Tus-Resumable': '1.0.0', ...(as ? { Authorization: basic(as) } : {}), ...extra };
}

/** POST /api/uploads: a new upload of `size` bytes with this metadata; its Location is `location` of the answer. */
export async function createUpload(
  server: Where,
  options: { as?: Account | null; size: number; metadata: Record<string, string> | string },
): Promise<Call & { location: string }> {
  const metadata = typeof options.metadata === 'string' ? options.metadata : uploadMetadata(options.metadata);
  const res = await fetch(`${server.url}/api/uploads`, {
    method: 'POST',
    headers: headers(options.as === undefined ? DEMO.coordinator : options.as, {
      'Upload-Length': String(options.size),
      'Upload-Metadata': metadata,
    }),
  });
  return { ...(await answer(res)), location: res.headers.get('location') ?? '' };
}

/** PATCH: `bytes` at `offset`. */
export async function patchUpload(
  server: Where,
  location: string,
  offset: number,
  bytes: Uint8Array,
  as: Account | null = DEMO.coordinator,
): Promise<Call> {
  const res = await fetch(server.url + location, {
    method: 'PATCH',
    headers: headers(as, { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' }),
    // A copy on its own ArrayBuffer: what fetch's body type takes.
    body: new Uint8Array(bytes),
  });
  return answer(res);
}

/** HEAD: the upload's offset and length as the server has them. */
export async function headUpload(server: Where, location: string, as: Account | null = DEMO.coordinator) {
  const res = await fetch(server.url + location, { method: 'HEAD', headers: headers(as) });
  return {
    status: res.status,
    offset: Number(res.headers.get('upload-offset')),
    length: Number(res.headers.get('upload-length')),
    headers: res.headers,
  };
}

export async function deleteUpload(server: Where, location: string, as: Account | null = DEMO.coordinator) {
  return answer(await fetch(server.url + location, { method: 'DELETE', headers: headers(as) }));
}

/** An asset of the demo catalog the coordinator edits (the first of the first project). */
export async function editableAsset(server: Where): Promise<string> {
  const projects = await call(server, 'GET', '/api/projects', { headers: { 'X-Range': 'resources=0-0' } });
  const project = (projects.body as { _id: string }[])[0]!._id;
  const assets = await call(server, 'GET', `/api/assets/countByProject?project=${project}`);
  return (assets.body as { _id: string }[])[0]!._id;
}

/** The bytes behind a File's signed `path`, read as `as`. */
export async function downloadFile(server: Where, fileId: string, as: Account = DEMO.coordinator) {
  const file = await call(server, 'GET', `/api/files/${fileId}`, { as });
  if (file.status !== 200) throw new Error(`file ${fileId}: ${file.status} ${JSON.stringify(file.body)}`);
  const res = await fetch(server.url + (file.body as { path: string }).path);
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()), file: file.body };
}

/** Deterministic bytes (a test's file): not all zeros, so a misplaced piece shows in the md5. */
export function testBytes(size: number, seed = 1): Buffer {
  const out = Buffer.alloc(size);
  let x = seed * 2654435761;
  for (let i = 0; i < size; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

/**
 * How many bytes of an upload are stored, read beside the server (its DATA_DIR's file, or its PostgreSQL row): what a
 * HEAD would answer, observed without a request that would ask a PATCH under way to stop (tus's lock).
 */
export async function storedOffset(server: Pick<TestServer, 'dataDir' | 'databaseUrl'>, id: string): Promise<number> {
  if (!server.databaseUrl) {
    try {
      return fs.statSync(path.join(server.dataDir, 'uploads', `${id}.bin`)).size;
    } catch {
      return 0;
    }
  }
  const client = new pg.Client(server.databaseUrl);
  await client.connect();
  try {
    const { rows } = await client.query<{ offset: string }>('SELECT "offset" FROM mws_uploads WHERE id = $1', [id]);
    return Number(rows[0]?.offset ?? 0);
  } finally {
    await client.end();
  }
}

/** A PATCH that sends `first` and then waits, as a client on a link that stalled; `end()` closes its body. */
export function stalledPatch(server: Where, location: string, offset: number, first: Uint8Array) {
  let end: () => void = () => undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(first);
      end = () => controller.close();
    },
  });
  const answered = fetch(server.url + location, {
    method: 'PATCH',
    headers: {
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': String(offset),
      'Content-Type': 'application/offset+octet-stream',
      Authorization: basic(DEMO.coordinator),
    },
    body,
    duplex: 'half',
  } as RequestInit).then(
    (res) => res.status,
    () => undefined,
  );
  return { answered, end: () => end() };
}
