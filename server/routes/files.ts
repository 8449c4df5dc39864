/** Files: the spec's PUT /files/{id}, the list / get extensions, and the signed content link. */
import type { FastifyPluginAsync } from 'fastify';
import { file as fileSchema } from '../../src/api/schema/file';
import type { Doc } from '../storage/store';
import { presentFile } from '../http/present';
import { bodyPolicy, sendRecord } from '../http/records';
import { badRequest, notFound } from '../http/errors';
import { sendMediaFile } from '../http/mediaResponse';
import { contentPath } from '../http/mediaLinks';
import { parentScopeFilters, requireCatalogEditor } from '../domain/access';
import { embargoInForce, mayBypassEmbargo } from '../domain/embargo';
import { embargoed, verifyMediaLink, type SignedQuery } from '../http/embargoLinks';
import { afterEmbargoWrite, prepareEmbargoWrite, requestEmbargoAccess } from '../domain/embargoNotices';
import { callerOf } from '../context';
import { presentContext, queryString, sendPage, updateRecord, type RouteOptions } from './helpers';
import { findInScope, withStudioScope } from './scope';

/** The stored content's own fields are the server's; so is `path` (a signed link when the server holds the bytes). */
const FILE_POLICY = bodyPolicy(fileSchema, {
  readOnly: ['mime', 'bucket', 'chunkSize', 'length', 'md5', 'uploadDate', 'path'],
});

export const fileRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  app.get('/files', async (request, reply) => {
    const asset = queryString(request, 'asset');
    if (!asset) throw badRequest('asset: required, the id of an asset');
    const ctx = presentContext(request, services);
    return sendPage<Doc>(
      request,
      reply,
      services,
      'Files',
      {
        filters: [
          { field: 'asset', op: 'eq', value: asset },
          ...parentScopeFilters(callerOf(request), 'asset', 'Assets'),
        ],
      },
      (f) => presentFile(ctx, f),
    );
  });

  app.get<{ Params: { id: string } }>('/files/:id', async (request, reply) => {
    const found = await findInScope<Doc>(request, services, 'Files', request.params.id, 'file');
    return sendRecord(reply, found, presentFile(presentContext(request, services), found.doc));
  });

  // The file's bytes through its signed link (docs/API.md, "Media"): the signature is the credential.
  app.get<{ Params: { id: string }; Querystring: SignedQuery }>('/files/:id/content', async (request, reply) => {
    const { id } = request.params;
    const { expires, bypass } = verifyMediaLink(services.signer, contentPath(id), request.query);
    const f = (await services.store.get<Doc>('Files', id))?.doc;
    if (!f) throw notFound('file');
    // Embargo hook: an ordinary link, whenever it was made, is refused while an embargo holds (docs/API.md "Embargoes").
    const embargo = embargoInForce(f);
    if (embargo && !bypass) throw embargoed('file', embargo);
    const file = services.media.fileContent(f);
    if (!file) throw notFound("file's content");
    return sendMediaFile(request, reply, file, expires);
  });

  // Extension (docs/API.md "Embargoes"): a person held by a file's embargo asks the project's admins for access.
  app.post<{ Params: { id: string } }>('/files/:id/accessRequests', async (request, reply) => {
    const caller = callerOf(request);
    const found = await findInScope<Doc>(request, services, 'Files', request.params.id, 'file');
    const saved = await requestEmbargoAccess(services.store, services.bus, caller, found.doc._id, (f) =>
      mayBypassEmbargo(caller, f),
    );
    reply.status(201);
    return presentFile(presentContext(request, services), saved);
  });

  app.put<{ Params: { id: string } }>('/files/:id', async (request, reply) =>
    updateRecord<Doc>(
      request,
      reply,
      services,
      withStudioScope({
        collection: 'Files',
        what: 'file',
        schema: fileSchema,
        policy: () => FILE_POLICY,
        authorize: (caller) => requireCatalogEditor(caller),
        // Embargo hooks: who set it, and a lift made by this write told in its transaction.
        prepare: (next, _fields, caller, current) => prepareEmbargoWrite(next, current, caller),
        after: (saved, previous, caller, tx) => afterEmbargoWrite(tx, services.bus, saved, previous, caller),
        present: presentFile,
      }),
      request.params.id,
    ),
  );
};
