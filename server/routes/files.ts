/** Files: the spec's PUT /files/{id}, the list / get extensions, and the signed content link. */
import type { FastifyPluginAsync } from 'fastify';
import { file as fileSchema } from '../../src/api/schema/file';
import type { Doc } from '../storage/store';
import { presentFile } from '../http/present';
import { bodyPolicy, sendRecord } from '../http/records';
import { badRequest, notFound } from '../http/errors';
import { sendMediaFile } from '../http/mediaResponse';
import { contentPath } from '../http/mediaLinks';
import { requireCatalogEditor } from '../domain/access';
import { fileFilters } from '../domain/grants';
import { callerOf } from '../context';
import { presentContext, queryString, sendPage, updateRecord, type RouteOptions } from './helpers';
import { findReadable, withStudioScope } from './scope';
import { requestGrants } from './requestGrants';

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
          ...fileFilters(callerOf(request), await requestGrants(request, services)),
        ],
      },
      (f) => presentFile(ctx, f),
    );
  });

  app.get<{ Params: { id: string } }>('/files/:id', async (request, reply) => {
    const found = await findReadable<Doc>(request, services, 'Files', request.params.id, 'file');
    return sendRecord(reply, found, presentFile(presentContext(request, services), found.doc));
  });

  // The file's bytes through its signed link (docs/API.md, "Media"): the signature is the credential.
  app.get<{ Params: { id: string }; Querystring: { expires?: string; sig?: string } }>(
    '/files/:id/content',
    async (request, reply) => {
      const { id } = request.params;
      const expires = services.signer.verify(contentPath(id), request.query.expires, request.query.sig);
      const f = (await services.store.get<Doc>('Files', id))?.doc;
      if (!f) throw notFound('file');
      const file = services.media.fileContent(f);
      if (!file) throw notFound("file's content");
      return sendMediaFile(request, reply, file, expires);
    },
  );

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
        gate: requireCatalogEditor,
        present: presentFile,
      }),
      request.params.id,
    ),
  );
};
