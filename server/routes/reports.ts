/**
 * Extension `GET /reports` (the reports the caller may run) and `GET /reports/{name}` (docs/API.md "Reports"): each
 * gated by its Permission flag and the studio scope (403), computed by the database (server/domain/reports.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import { callerOf } from '../context';
import { notFound } from '../domain/errors';
import { isReportName, offeredReports, runReport } from '../domain/reports';
import { queryOf } from '../http/validation';
import type { RouteOptions } from './helpers';
import { reportParams, reportQuery } from '../../src/api/schema/queries';

/** What each route reads from its request, declared (server/http/validation.ts; GET /api/openapi.json). */
const EDGES = {
  list: {},
  get: { params: reportParams, querystring: reportQuery },
};

export const reportRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  app.get('/reports', { schema: EDGES.list }, async (request) => ({
    reports: await offeredReports(callerOf(request), services.store),
  }));

  app.get<{ Params: { name: string } }>('/reports/:name', { schema: EDGES.get }, async (request) => {
    const { name } = request.params;
    if (!isReportName(name)) throw notFound('report');
    return runReport(name, {
      store: services.store,
      caller: callerOf(request),
      query: queryOf(request, reportQuery),
      now: Math.floor(Date.now() / 1000),
    });
  });
};
