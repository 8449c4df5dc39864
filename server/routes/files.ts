/** Files: the spec's PUT /files/{id}, and the list / get extensions. */
import type { FastifyPluginAsync } from 'fastify';
import { file as fileSchema } from '../../src/api/schema/file';
import type { Doc } from '../storage/store';
import { presentFile } from '../http/present';
import { bodyPolicy, sendRecord } from '../http/records';
import { badRequest } from '../http/errors';
import { parentScopeFilters, requireCatalogEditor } from '../domain/access';
import { callerOf } from '../context';
import { presentContext, queryString, sendPage, updateRecord, type RouteOptions } from './helpers';
import { findInScope, withStudioScope } from './scope';

/** The stored content's own fields are the server's. */
const FILE_POLICY = bodyPolicy(fileSchema, {
  readOnly: ['mime', 'bucket', 'chunkSize', 'length', 'md5', 'uploadDate'],
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
        present: presentFile,
      }),
      request.params.id,
    ),
  );
};
