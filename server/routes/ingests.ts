/**
 * Ingests (docs/API.md "Ingest"): the list of uploads and their processing, a retry, and the renditions ingest made
 * (thumbnail, web preview proxy) through signed links. Who sees what is decided once, in `ingestScope` and
 * `seesIngest`: everyone their own uploads; admins every studio's, coordinators their studios' (`who=studio`).
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Caller } from '../domain/types';
import type { Doc, Filter } from '../storage/store';
import { callerOf } from '../context';
import { inStudioScope } from '../domain/access';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../http/errors';
import { presentFile } from '../http/present';
import { renditionPath, type RenditionPart } from '../http/mediaLinks';
import { openLink, readAsLinkHolder } from '../http/linkAccess';
import { sendMediaSource } from '../http/mediaResponse';
import { queryOf } from '../http/validation';
import { embargoInForce, mayBypassEmbargo } from '../domain/embargo';
import { embargoed } from '../http/embargoLinks';
import { notProcessedReason, queueIngest, type IngestRecord, type IngestState } from '../domain/ingest/ingest';
import { ingestListQuery, idParams, pagedHeaders, signedLinkQuery, unreadBody } from '../../src/api/schema/queries';
import { findOr404, presentContext, sendPage, type RouteOptions } from './helpers';
import { findReadable } from './scope';
import { requestGrants } from './requestGrants';

const STATES: readonly IngestState[] = ['created', 'processing', 'succeeded', 'failed', 'not-processed'];

/** The list's filters: `me`, the caller's uploads; `studio`, every upload of the studios the caller coordinates. */
export function ingestScope(caller: Caller, who: string): Filter[] {
  if (who === 'me') return [{ field: 'uploader', op: 'eq', value: caller.id }];
  if (who !== 'studio') throw badRequest('who: expected "me" or "studio"');
  if (caller.isAdmin) return [{ field: 'ingestState', op: 'in', value: [...STATES] }];
  if (!caller.isCoordinator) throw forbidden("only admins and coordinators see their studios' uploads");
  return [
    { field: 'ingestState', op: 'in', value: [...STATES] },
    { field: 'studio', op: 'in', value: [...caller.studios] },
  ];
}

/** Whether the caller sees (and may retry) this file's ingest: its uploader, an admin, its studio's coordinator. */
export function seesIngest(caller: Caller, file: Doc): boolean {
  const ingest = file.ingest as IngestRecord | undefined;
  if (!ingest) return false;
  const studio = typeof file.studio === 'string' ? file.studio : undefined;
  return ingest.uploader === caller.id || inStudioScope(caller, studio);
}

function statesOf(value: string | undefined): Filter[] {
  if (value === undefined || value === '') return [];
  const states = value.split(',');
  const unknown = states.find((s) => !STATES.includes(s as IngestState));
  if (unknown !== undefined) throw badRequest(`state: expected some of ${STATES.join(', ')}; got "${unknown}"`);
  return [{ field: 'ingestState', op: 'in', value: states }];
}

const EDGES = {
  list: { querystring: ingestListQuery, headers: pagedHeaders },
  retry: { params: idParams, body: unreadBody },
  rendition: { params: idParams, querystring: signedLinkQuery },
};

export const ingestRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  app.get('/ingests', { schema: EDGES.list }, async (request, reply) => {
    const { who, state } = queryOf(request, ingestListQuery);
    const caller = callerOf(request);
    const ctx = presentContext(request, services);
    return sendPage<Doc>(
      request,
      reply,
      services,
      'Files',
      {
        filters: [...ingestScope(caller, who ?? 'me'), ...statesOf(state)],
        sort: { field: 'uploadDate', dir: 'desc' },
      },
      (f) => presentFile(ctx, f),
    );
  });

  /** A file whose ingest the caller sees, or 404 (another's upload is not revealed to exist). */
  const ingestOr404 = async (request: FastifyRequest, id: string) => {
    const found = await findOr404<Doc>(services, 'Files', id, 'file');
    if (!seesIngest(callerOf(request), found.doc)) throw notFound('file');
    return found;
  };

  // Retry: a failed or unprocessed file (or one to process again) is queued anew; one under way is 409.
  app.post<{ Params: { id: string } }>('/files/:id/ingest', { schema: EDGES.retry }, async (request, reply) => {
    const { id } = request.params;
    await ingestOr404(request, id);
    const tools = await services.mediaTools();
    if (tools.problem) throw new HttpError(503, 'unavailable', notProcessedReason(tools));
    const saved = await services.store.transaction(async (tx) => {
      const found = await tx.get<Doc>('Files', id, { forUpdate: true });
      const ingest = found?.doc.ingest as IngestRecord | undefined;
      if (!found || !ingest) throw notFound('file');
      if (ingest.state === 'created' || ingest.state === 'processing') {
        throw conflict(
          `the file is already ${ingest.state === 'created' ? 'waiting to be processed' : 'being processed'}`,
        );
      }
      await queueIngest(tx, id);
      const { error: _error, ...rest } = ingest;
      return (await tx.replace('Files', { ...found.doc, ingest: { ...rest, state: 'created', progress: 0 } })).doc;
    });
    reply.status(202);
    return presentFile(presentContext(request, services), saved);
  });

  // The renditions through their signed links: whoever sees the ingest, or reads the file.
  const rendition = (part: RenditionPart) =>
    app.get<{ Params: { id: string } }>(
      `/files/:id/ingest/${part}`,
      { schema: EDGES.rendition },
      async (request, reply) => {
        const { id } = request.params;
        const { link, caller } = await openLink(request, services, renditionPath(id, part));
        const f = (
          await readAsLinkHolder(services, 'Files', id, async () => {
            const found = await findOr404<Doc>(services, 'Files', id, 'file');
            return seesIngest(caller, found.doc) ? found : findReadable<Doc>(request, services, 'Files', id, 'file');
          })
        ).doc;
        const embargo = embargoInForce(f);
        if (embargo && !mayBypassEmbargo(caller, f, await requestGrants(request, services))) {
          throw embargoed('file', embargo);
        }
        const blob = (f.ingest as IngestRecord | undefined)?.[part];
        const state = blob ? await services.blobs.get(blob) : undefined;
        if (!blob || !state) throw notFound(part === 'thumbnail' ? 'thumbnail' : 'preview proxy');
        const type = state.metadata.mime ?? 'application/octet-stream';
        return sendMediaSource(
          request,
          reply,
          {
            size: state.size,
            mtimeMs: Date.parse(state.created),
            // Blob ids are never reused: a rendition made again has a new one.
            etag: `"${blob}"`,
            open: (start, end) => services.blobs.read(blob, start, end),
          },
          link.expires,
          type,
        );
      },
    );
  rendition('thumbnail');
  rendition('proxy');
};
