/** Files: the spec's PUT /files/{id}, the list / get extensions, and the signed content link. */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { file as fileSchema } from '../../src/api/schema/file';
import type { Doc } from '../storage/store';
import { presentFile } from '../http/present';
import { bodyPolicy, sendRecord } from '../http/records';
import { badRequest, notFound } from '../http/errors';
import { sendMediaFile, sendMediaSource } from '../http/mediaResponse';
import { uploadedContent } from '../uploads/uploadedContent';
import { contentPath } from '../http/mediaLinks';
import { openLink, readAsLinkHolder } from '../http/linkAccess';
import { recordUse, targetOfFile } from '../http/transferLog';
import { canSeeStudio, requireCatalogEditor } from '../domain/access';
import { canReadFile, fileFilters } from '../domain/grants';
import { embargoInForce, mayBypassEmbargo } from '../domain/embargo';
import { embargoed } from '../http/embargoLinks';
import { afterEmbargoWrite, prepareEmbargoWrite, requestEmbargoAccess } from '../domain/embargoNotices';
import { callerOf } from '../context';
import { findOr404, presentContext, sendPage, updateRecord, type RouteOptions } from './helpers';
import { findReadable, withStudioScope } from './scope';
import { requestGrants } from './requestGrants';
import { fileListQuery, idParams, signedLinkQuery, unreadBody, pagedHeaders } from '../../src/api/schema/queries';
import { queryOf } from '../http/validation';
import { PICTURE_MIMES } from '../../src/api/schema/uploadRules';
import type { Filter } from '../storage/store';

/** The stored content's own fields are the server's; so is `path` (a signed link when the server holds the bytes). */
const FILE_POLICY = bodyPolicy(fileSchema, {
  readOnly: ['mime', 'bucket', 'chunkSize', 'length', 'md5', 'uploadDate', 'path'],
});

/** How many of a studio's pictures are sifted for one who reads by grants (a studio has a few logos, not thousands). */
const STUDIO_PICTURES_READ = 1000;

/** What each route reads from its request, declared (server/http/validation.ts; GET /api/openapi.json). */
const EDGES = {
  get: { querystring: fileListQuery, headers: pagedHeaders },
  getOne: { params: idParams },
  getOneContent: { params: idParams, querystring: signedLinkQuery },
  ask: { params: idParams, body: unreadBody },
  putOne: { params: idParams, body: fileSchema },
};

export const fileRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  app.get('/files', { schema: EDGES.get }, async (request, reply) => {
    const { asset, studio, kind } = queryOf(request, fileListQuery);
    const caller = callerOf(request);
    const grants = await requestGrants(request, services);
    let which: Filter[];
    if (asset) which = [{ field: 'asset', op: 'eq', value: asset }, ...fileFilters(caller, grants)];
    else if (studio && kind === 'picture') {
      // A studio's pictures (docs/API.md "Logos"): its and its projects' logos, for whoever sees the studio; another
      // studio's answers as an unknown one.
      if (!canSeeStudio(caller, studio)) throw notFound('studio');
      which = [
        { field: 'studio', op: 'eq', value: studio },
        { field: 'mime', op: 'in', value: [...PICTURE_MIMES] },
      ];
      // Staff: the studio check above is the scope. Anyone reading by grants sees the pictures they may read one by
      // one (canReadFile: a logo by its project's or studio's grant), picked among the studio's few pictures.
      if (grants.kind === 'granted') {
        const all = await services.store.list('Files', { filters: which, offset: 0, limit: STUDIO_PICTURES_READ });
        const readable = all.items.filter((f) => canReadFile(grants, f)).map((f) => f._id);
        which = [...which, { field: '_id', op: 'in', value: readable }];
      }
    } else if (studio) throw badRequest('kind: required with studio, and only "picture" is listed');
    else throw badRequest('asset: required, the id of an asset (or studio with kind=picture)');
    const ctx = presentContext(request, services);
    return sendPage<Doc>(
      request,
      reply,
      services,
      'Files',
      {
        filters: which,
      },
      (f) => presentFile(ctx, f),
    );
  });

  /** Who may read a file: the one check of GET /files/{id} and of its signed content link (as the link's person). */
  const readFile = (request: FastifyRequest, id: string) => findReadable<Doc>(request, services, 'Files', id, 'file');

  /**
   * Who may see a file as a thumbnail (a link made with `use=thumbnail`): whoever reads a file, and whoever reads the
   * asset whose thumbnail it is (seeing an asset includes its picture in lists; downloading its files is another grant).
   */
  const readThumbnail = async (request: FastifyRequest, id: string) => {
    const found = await findOr404<Doc>(services, 'Files', id, 'file');
    const asset = typeof found.doc.asset === 'string' ? found.doc.asset : undefined;
    if (asset === undefined) return readFile(request, id);
    const owner = await findReadable<Doc>(request, services, 'Assets', asset, 'file');
    return owner.doc.thumbnail === id ? found : readFile(request, id);
  };

  app.get<{ Params: { id: string } }>('/files/:id', { schema: EDGES.getOne }, async (request, reply) => {
    const found = await readFile(request, request.params.id);
    return sendRecord(reply, found, await presentFile(presentContext(request, services), found.doc));
  });

  // The file's bytes through its signed link (docs/API.md, "Media", "Signed links"): the signature names the person,
  // who must still pass readFile; each use is a download record (http/transferLog.ts).
  app.get<{ Params: { id: string } }>('/files/:id/content', { schema: EDGES.getOneContent }, async (request, reply) => {
    const { id } = request.params;
    // Signed links: the link's person, then the read check as them.
    const { link, caller } = await openLink(request, services, contentPath(id));
    const read = link.use === 'thumbnail' ? readThumbnail : readFile;
    const f = (await readAsLinkHolder(services, 'Files', id, () => read(request, id))).doc;
    // Embargo hook: a link, whenever it was made, is refused while an embargo holds its person (docs/API.md "Embargoes").
    const embargo = embargoInForce(f);
    if (embargo && !mayBypassEmbargo(caller, f, await requestGrants(request, services)))
      throw embargoed('file', embargo);
    // Uploaded bytes are in the blob store (uploads/); the demo's under the media root.
    const uploaded = uploadedContent(services.blobs, f);
    const file = uploaded ? undefined : services.media.fileContent(f);
    if (!uploaded && !file) throw notFound("file's content");
    // Download records: a thumbnail's use is not a download.
    if (link.use === 'get') recordUse(request, { kind: 'download', link, caller, target: targetOfFile(f) });
    if (uploaded) return sendMediaSource(request, reply, uploaded, link.expires, uploaded.type);
    return sendMediaFile(request, reply, file!, link.expires);
  });

  // Extension (docs/API.md "Embargoes"): a person held by a file's embargo asks the project's admins for access.
  app.post<{ Params: { id: string } }>('/files/:id/accessRequests', { schema: EDGES.ask }, async (request, reply) => {
    const caller = callerOf(request);
    const found = await findReadable<Doc>(request, services, 'Files', request.params.id, 'file');
    const grants = await requestGrants(request, services);
    const saved = await requestEmbargoAccess(services.store, services.bus, caller, found.doc._id, (f) =>
      mayBypassEmbargo(caller, f, grants),
    );
    reply.status(201);
    return presentFile(presentContext(request, services), saved);
  });

  app.put<{ Params: { id: string } }>('/files/:id', { schema: EDGES.putOne }, async (request, reply) =>
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
        // Embargo hooks: who set it, and a lift made by this write told in its transaction.
        prepare: (next, _fields, caller, current) => prepareEmbargoWrite(next, current, caller),
        after: (saved, previous, caller, tx) => afterEmbargoWrite(tx, services.bus, saved, previous, caller),
        present: presentFile,
      }),
      request.params.id,
    ),
  );
};
