/**
 * The catalog: projects (PUT /projects), studios (PUT /studios), languages (POST /languages; PUT /languages/{id}, an
 * extension), territories (PUT /territories) from the spec, and their list / get extensions. Admins and coordinators
 * write.
 */
import type { FastifyPluginAsync } from 'fastify';
import type * as z from 'zod/mini';
import { project as projectSchema } from '../../src/api/schema/project';
import { studio as studioSchema } from '../../src/api/schema/studio';
import { language as languageSchema } from '../../src/api/schema/language';
import { territory as territorySchema } from '../../src/api/schema/territory';
import { slugify } from '../../src/api/schema/slug';
import type { Collection, Doc, Filter } from '../storage/store';
import type { PresentContext } from '../http/present';
import { presentPlain, presentProject, presentStudio } from '../http/present';
import { badRequest, conflict } from '../http/errors';
import { requireAdmin, requireCatalogEditor } from '../domain/access';
import { projectFilters, studioFilters } from '../domain/grants';
import { callerOf } from '../context';
import { findReadable, withStudioScope } from './scope';
import { requestGrants } from './requestGrants';
import {
  findOr404,
  presentContext,
  sendPage,
  upsertRecord,
  eqFilter,
  updateRecord,
  type RouteOptions,
  type WriteSpec,
} from './helpers';
import { sendRecord } from '../http/records';
import { idParams, projectListQuery, pagedHeaders } from '../../src/api/schema/queries';
import { queryOf } from '../http/validation';

interface CatalogEntry {
  path: string;
  collection: Collection;
  what: string;
  schema: z.core.$ZodType;
  present: (ctx: PresentContext, d: Doc) => unknown;
  sortField: string;
  /** Fields a new record must have. */
  required: string[];
  /** Optional references a PUT may remove with `null` (WriteSpec.removable). */
  removable?: string[];
  /**
   * Records read by grant and written within studio scope (docs/API.md, "Who sees what: grants", "Studio scope"):
   * projects and studios. Languages and territories are global reference data.
   */
  scoped?: boolean;
}

const ENTRIES: CatalogEntry[] = [
  {
    path: 'projects',
    collection: 'Projects',
    what: 'project',
    schema: projectSchema,
    present: presentProject,
    sortField: 'name',
    required: ['name', 'studio'],
    removable: ['logo'],
    scoped: true,
  },
  {
    path: 'studios',
    collection: 'Studios',
    what: 'studio',
    schema: studioSchema,
    present: presentStudio,
    sortField: 'name',
    required: ['name'],
    removable: ['logo', 'coordinator'],
    scoped: true,
  },
  {
    path: 'languages',
    collection: 'Languages',
    what: 'language',
    schema: languageSchema,
    present: (c, d) => presentPlain(c, 'Languages', d),
    sortField: 'name',
    required: ['name', 'code'],
  },
  {
    path: 'territories',
    collection: 'Territories',
    what: 'territory',
    schema: territorySchema,
    present: (c, d) => presentPlain(c, 'Territories', d),
    sortField: 'name',
    required: ['name'],
  },
];

const duplicateCode = (code: string) => `a language with the code ${code} exists already`;

/** The catalog's lists read the page asked for; the projects' list filters too. */
const LIST = { headers: pagedHeaders };
const PROJECT_LIST = { querystring: projectListQuery, headers: pagedHeaders };

/** What each route reads from its request, declared (server/http/validation.ts; GET /api/openapi.json). */
const EDGES = {
  getEntryOne: { params: idParams },
  putProjects: { body: projectSchema },
  putStudios: { body: studioSchema },
  postLanguages: { body: languageSchema },
  putLanguage: { params: idParams, body: languageSchema },
  putTerritories: { body: territorySchema },
};

export const catalogRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  function writeSpec(entry: CatalogEntry): WriteSpec<Doc> {
    const spec: WriteSpec<Doc> = {
      collection: entry.collection,
      what: entry.what,
      schema: entry.schema,
      gate: requireCatalogEditor,
      authorize(caller, current) {
        // A new studio is in no coordinator group's scope until an admin puts it in one.
        if (entry.path === 'studios' && !current) requireAdmin(caller, 'only admins create studios');
      },
      removable: entry.removable,
      async prepare(next, _fields, _caller, current, tx) {
        for (const field of entry.required) {
          const v = next[field];
          if (typeof v !== 'string' || v.trim() === '') throw badRequest(`${field}: required`);
        }
        const out: Doc = { ...next };
        if (typeof out.name === 'string') out.name = out.name.trim();
        if ((entry.path === 'projects' || entry.path === 'studios') && !out.slug) out.slug = slugify(String(out.name));
        if (entry.path === 'projects') {
          if (!(await tx.get('Studios', String(out.studio)))) throw badRequest('studio: no such studio');
          out.archived ??= false;
        }
        if (entry.path === 'languages') {
          const code = String(out.code).trim();
          // Work requests, territories, glossaries and people name a language by its code: renaming it would
          // orphan them all (docs/API.md "Catalog").
          if (current && code !== current.code)
            throw badRequest(`code: a language keeps its code (${String(current.code)}); add a new language instead`);
          // A friendly early answer; the database's unique index is the guard (`duplicate` below).
          const same = (
            await tx.list('Languages', {
              filters: [{ field: 'code', op: 'eq', value: code }],
              offset: 0,
              limit: 2,
            })
          ).items;
          if (same.some((l) => l._id !== current?._id)) throw conflict(duplicateCode(code));
          out.code = code;
        }
        return out;
      },
      present: entry.present,
      duplicate: (field, doc) =>
        field === 'code'
          ? duplicateCode(String(doc.code))
          : `a ${entry.what} with the ${field} ${String(doc[field])} exists already`,
    };
    return entry.scoped ? withStudioScope(spec) : spec;
  }

  for (const entry of ENTRIES) {
    app.get(`/${entry.path}`, { schema: entry.path === 'projects' ? PROJECT_LIST : LIST }, async (request, reply) => {
      const ctx = presentContext(request, services);
      const filters: Filter[] = [];
      if (entry.scoped) {
        const grants = await requestGrants(request, services);
        const caller = callerOf(request);
        filters.push(...(entry.path === 'projects' ? projectFilters(caller, grants) : studioFilters(caller, grants)));
      }
      if (entry.path === 'projects') {
        const { studio, archived, q } = queryOf(request, projectListQuery);
        filters.push(...eqFilter('studio', studio));
        if (archived !== undefined) filters.push({ field: 'archived', op: 'eq', value: archived });
        if (q) filters.push({ field: 'search', op: 'contains', value: q });
      }
      return sendPage<Doc>(
        request,
        reply,
        services,
        entry.collection,
        {
          filters,
          sort: { field: entry.sortField, dir: 'asc' },
        },
        (d) => entry.present(ctx, d),
      );
    });
    app.get<{ Params: { id: string } }>(`/${entry.path}/:id`, { schema: EDGES.getEntryOne }, async (request, reply) => {
      const found = entry.scoped
        ? await findReadable<Doc>(request, services, entry.collection, request.params.id, entry.what)
        : await findOr404<Doc>(services, entry.collection, request.params.id, entry.what);
      return sendRecord(reply, found, await entry.present(presentContext(request, services), found.doc));
    });
  }

  app.put('/projects', { schema: EDGES.putProjects }, async (request, reply) =>
    upsertRecord(request, reply, services, writeSpec(ENTRIES[0]!)),
  );
  app.put('/studios', { schema: EDGES.putStudios }, async (request, reply) =>
    upsertRecord(request, reply, services, writeSpec(ENTRIES[1]!)),
  );
  app.post('/languages', { schema: EDGES.postLanguages }, async (request, reply) =>
    upsertRecord(request, reply, services, writeSpec(ENTRIES[2]!), { allowUpdate: false }),
  );
  // Extension: a language changed in place (its name, DCP and ISO codes, translation fonts; not its code).
  app.put<{ Params: { id: string } }>('/languages/:id', { schema: EDGES.putLanguage }, async (request, reply) =>
    updateRecord(request, reply, services, writeSpec(ENTRIES[2]!), request.params.id),
  );
  app.put('/territories', { schema: EDGES.putTerritories }, async (request, reply) =>
    upsertRecord(request, reply, services, writeSpec(ENTRIES[3]!)),
  );
};
