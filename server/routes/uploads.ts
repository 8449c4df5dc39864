/**
 * Resumable uploads (docs/API.md "Uploads"): the tus protocol (1.0.0: creation, creation-with-upload, termination)
 * under /api/uploads, answered by @tus/server over the app's blob store (uploads/). Before tus does any work this
 * plugin has authenticated the caller (the app's Basic hook), found the upload theirs (anyone else: 404), and for a
 * creation checked its metadata, size, type and target (400, 413, 415, 403, 404). At completion the stored bytes'
 * MD5 must be the declared one (else 422 and the bytes are deleted); then a File record is made for the target, with
 * the upload's id, and its ingest job (domain/ingest/), and the answer names it (`X-File-Id`). Errors are the API's JSON, tus's own included.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Metadata, Server, type Upload } from '@tus/server';
import type { Services } from '../context';
import { callerOf } from '../context';
import { canEditCatalog, canSeeWorkRequest } from '../domain/access';
import { isStudioSide } from '../domain/orders';
import type { Caller, WorkRequestDoc } from '../domain/types';
import { HttpError, badRequest, forbidden, notFound, type ErrorCode } from '../http/errors';
import { isRecordId, newId, type Doc } from '../storage/store';
import type { BlobStore } from '../uploads/blobStore';
import { RunningHashes, storedMd5 } from '../uploads/uploadChecksum';
import { BlobDataStore, OWNER_KEY } from '../uploads/tusDataStore';
import { TusError } from '../uploads/tusError';
import { webBody } from '../uploads/webBody';
import {
  checkDeclaration,
  logoTooLarge,
  tooLarge,
  type UploadDeclaration,
  type UploadTarget,
} from '../uploads/uploadRules';
import { idParams, uploadBytes } from '../../src/api/schema/queries';
import { findOr404 } from './helpers';
import { findReadable } from './scope';
import { startIngest } from '../domain/ingest/ingest';

export const UPLOADS_PATH = '/api/uploads';

/** Where a completed upload's File goes: the fields that place it in the catalog and the work. */
interface Placement {
  studio?: string;
  project?: string;
  asset?: string;
  workrequest?: string;
}

/**
 * Who may upload to what: to an asset, its catalog editors (admins, the coordinators of its studio); to a work
 * request, whoever works it (admins, its studio's coordinators, its requester, its translator). A target the caller
 * cannot see is 404, one they see but may not add to is 403.
 */
async function placementFor(
  request: FastifyRequest,
  services: Services,
  caller: Caller,
  target: UploadTarget,
): Promise<Placement> {
  if (target.kind === 'asset') {
    const asset = (await findReadable<Doc>(request, services, 'Assets', target.id, 'asset')).doc;
    if (!canEditCatalog(caller)) throw forbidden("only admins and the studio's coordinators add files to an asset");
    return { studio: stringOf(asset.studio), project: stringOf(asset.project), asset: asset._id };
  }
  if (target.kind === 'studio') {
    // A studio's logo: its coordinators' and the admins' (who edit the studio).
    const studio = (await findReadable<Doc>(request, services, 'Studios', target.id, 'studio')).doc;
    if (!isStudioSide(caller, studio._id)) throw forbidden("a studio's logo is added by its coordinators and admins");
    return { studio: studio._id };
  }
  if (target.kind === 'project') {
    const project = (await findReadable<Doc>(request, services, 'Projects', target.id, 'project')).doc;
    if (!isStudioSide(caller, stringOf(project.studio)))
      throw forbidden("a project's logo is added by its studio's coordinators and admins");
    return { studio: stringOf(project.studio), project: project._id };
  }
  const wr = (await findOr404<WorkRequestDoc>(services, 'Workrequests', target.id, 'work request')).doc;
  if (!canSeeWorkRequest(caller, wr)) throw notFound('work request');
  return {
    studio: stringOf(wr.studio),
    project: stringOf(wr.project?._id),
    asset: stringOf(wr.asset?._id),
    workrequest: wr._id,
  };
}

const stringOf = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** What a request brings to the tus hooks (keyed by the web Request handed to @tus/server). */
interface RequestContext {
  request: FastifyRequest;
  caller: Caller;
  declaration?: UploadDeclaration;
}

/** A tus error as @tus/server throws and answers it: a status and a body (ours: the API's JSON error). */
function tusError(status: number, code: ErrorCode | 'checksum_mismatch', message: string): TusError {
  return new TusError(status, JSON.stringify({ error: { code, message } }));
}

const CODES: Record<number, ErrorCode | 'precondition_failed' | 'locked'> = {
  400: 'bad_request',
  403: 'bad_request', // @tus/server answers a PATCH without Content-Type with 403
  404: 'not_found',
  409: 'conflict',
  410: 'gone',
  412: 'precondition_failed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  423: 'locked',
};

/** @tus/server's plain-text error bodies in words a person can act on (its own are terse). */
function tusMessage(status: number, text: string): string {
  const said = text.trim();
  if (status === 409) return `${said}: ask the upload's offset again (HEAD) and continue from there`;
  if (status === 412) return 'send Tus-Resumable: 1.0.0 (the tus protocol version) with every upload request';
  if (status === 403 && /content-type/i.test(said)) return 'send PATCH bodies as application/offset+octet-stream';
  return said || `upload request failed (${status})`;
}

/** The tus answer as this API's reply: headers kept; an error's body as `{error:{code,message}}`. */
async function sendTusResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    // CORS is the app's (app.ts), which knows every header an upload exchanges.
    if (!name.toLowerCase().startsWith('access-control-')) reply.header(name, value);
  });
  const text = await response.text();
  if (response.status < 400) return reply.send(text === '' ? undefined : text);
  reply.removeHeader('content-length');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!(body && typeof body === 'object' && 'error' in body)) {
    const code = CODES[response.status] ?? (response.status >= 500 ? 'internal' : 'bad_request');
    body = { error: { code, message: tusMessage(response.status, text) } };
  }
  return reply.type('application/json').send(body);
}

export interface UploadOptions {
  services: Services;
  blobs: BlobStore;
  maxBytes: number;
}

/** What each route reads from its request, declared (server/http/validation.ts; GET /api/openapi.json). */
const EDGES = {
  create: { body: uploadBytes },
  one: { params: idParams },
  write: { params: idParams, body: uploadBytes },
};

export const uploadRoutes: FastifyPluginAsync<UploadOptions> = async (app, { services, blobs, maxBytes }) => {
  const hashes = new RunningHashes();
  const contexts = new WeakMap<Request, RequestContext>();
  const contextOf = (req: Request) => {
    const ctx = contexts.get(req);
    if (!ctx) throw new Error('an upload request reached tus without its context');
    return ctx;
  };

  /** At completion: the MD5 of what is stored, then the File (its id the upload's), once. */
  const finish = async (req: Request, upload: Upload) => {
    const ctx = contextOf(req);
    const state = await blobs.get(upload.id);
    if (!state) throw tusError(404, 'not_found', 'upload not found');
    if (state.file) return { headers: { 'X-File-Id': state.file } };
    await blobs.seal(upload.id);
    const declared = state.metadata.md5;
    const md5 = hashes.finish(upload.id, state.size) ?? (await storedMd5(blobs, upload.id, state.size));
    if (md5 !== declared) {
      await blobs.remove(upload.id);
      throw tusError(
        422,
        'checksum_mismatch',
        `the stored bytes' MD5 is ${md5}, not the declared ${declared}: the file changed or was damaged on the way; ` +
          'the upload was discarded, upload the file again',
      );
    }
    const declaration = checkDeclaration(state.metadata);
    // The target again: it may have gone, or the caller's rights with it, while the bytes came.
    let placement: Placement;
    try {
      placement = await placementFor(ctx.request, services, ctx.caller, declaration.target);
    } catch (e) {
      if (e instanceof HttpError) throw tusError(e.status, e.code, e.message);
      throw e;
    }
    const tools = await services.mediaTools();
    // The File and its ingest job in one transaction: processed exactly when it exists (domain/ingest/ingest.ts).
    await services.store.transaction(async (tx) => {
      if (await tx.get('Files', upload.id)) return;
      const ingest = await startIngest(tx, upload.id, ctx.caller.id, tools);
      await tx.insert('Files', {
        _id: upload.id,
        name: declaration.filename,
        ...placement,
        ...(declaration.language ? { language: declaration.language } : {}),
        tags: [],
        // Not yet processed (probed, checked): the ingest sets them.
        verified: false,
        warnings: [],
        mime: declaration.mime,
        bucket: blobs.kind,
        chunkSize: blobs.kind === 'postgres' ? 1 << 20 : state.size,
        length: state.size,
        md5,
        uploadDate: Math.floor(Date.now() / 1000),
        transfer: { username: ctx.caller.user.username },
        // Internal: where the bytes are (routes/files.ts serves them through the signed content link).
        content: `upload:${upload.id}`,
        ingest,
      });
    });
    await blobs.setFile(upload.id, upload.id);
    return { headers: { 'X-File-Id': upload.id } };
  };

  const tus = new Server({
    path: UPLOADS_PATH,
    datastore: new BlobDataStore(blobs, hashes),
    locker: (req) => (req.method === 'HEAD' ? blobs.readLocker : blobs.locker),
    maxSize: maxBytes,
    relativeLocation: true,
    namingFunction: () => newId(),
    disableTerminationForFinishedUploads: true,
    allowedOrigins: () => true,
    exposedHeaders: ['X-File-Id', 'Retry-After'],
    onUploadCreate: async (req, upload) => {
      const ctx = contextOf(req);
      if (!ctx.declaration) throw tusError(400, 'bad_request', 'Upload-Metadata: missing');
      return { metadata: { ...upload.metadata, md5: ctx.declaration.md5, [OWNER_KEY]: ctx.caller.id } };
    },
    onUploadFinish: finish,
  });

  /** Checks made before tus sees a creation: the metadata, the size, the target. */
  const checkCreation = async (request: FastifyRequest, caller: Caller): Promise<UploadDeclaration> => {
    if (request.headers['upload-defer-length'] !== undefined) {
      throw badRequest('Upload-Length is required: uploads declare their size up front (no Upload-Defer-Length)');
    }
    const lengthHeader = String(request.headers['upload-length'] ?? '');
    if (!/^\d{1,16}$/.test(lengthHeader)) throw badRequest('Upload-Length: the file size in bytes is required');
    const size = Number(lengthHeader);
    if (size > maxBytes) throw tooLarge(size, maxBytes);
    let metadata: Record<string, string | null>;
    try {
      metadata = Metadata.parse(String(request.headers['upload-metadata'] ?? ''));
    } catch {
      throw badRequest('Upload-Metadata: expected comma-separated "key base64value" pairs (the tus format)');
    }
    const declaration = checkDeclaration(metadata);
    const logoTooBig = logoTooLarge(declaration.target, size);
    if (logoTooBig) throw logoTooBig;
    await placementFor(request, services, caller, declaration.target);
    return declaration;
  };

  // PATCH bodies (and a creation's first bytes) reach tus as the raw stream, unread by Fastify and its 1 MiB limit.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null, undefined));

  const handle = async (request: FastifyRequest<{ Params: { id?: string } }>, reply: FastifyReply) => {
    const caller = callerOf(request);
    const id = request.params.id;
    let declaration: UploadDeclaration | undefined;
    if (id === undefined) {
      if (request.method !== 'POST') throw notFound('upload');
      declaration = await checkCreation(request, caller);
    } else {
      // Another user's upload answers as one that does not exist.
      const state = isRecordId(id) ? await blobs.get(id) : undefined;
      if (!state || state.owner !== caller.id) throw notFound('upload');
      // A finished upload names its File, so a client resuming it after a reload learns where it went.
      if (state.file && request.method === 'HEAD') reply.header('X-File-Id', state.file);
    }
    const hasBody = request.method === 'PATCH' || request.method === 'POST';
    const web = new Request(new URL(request.url, 'http://uploads.invalid'), {
      method: request.method,
      headers: request.headers as Record<string, string>,
      ...(hasBody ? { body: webBody(request.raw), duplex: 'half' } : {}),
    });
    contexts.set(web, { request, caller, declaration });
    return sendTusResponse(reply, await tus.handleWeb(web));
  };

  app.post('/uploads', { schema: EDGES.create }, handle);
  app.head('/uploads/:id', { schema: EDGES.one }, handle);
  app.patch('/uploads/:id', { schema: EDGES.write }, handle);
  app.delete('/uploads/:id', { schema: EDGES.one }, handle);
};
