/** `X-Range: resources=<first>-<last>` in, `Content-Range: resources <first>-<last>/<total>` out. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from './errors';
import { pagedHeaders } from '../../src/api/schema/queries';

export const DEFAULT_RANGE = { offset: 0, limit: 10 };
export const MAX_RANGE = 100;
const RANGE = /^\s*resources=(\d{1,9})-(\d{1,9})\s*$/;

export interface Range {
  offset: number;
  limit: number;
}

/** Parses an X-Range header value. Absent: the first 10. Over 100 items: clamped to 100. Malformed: 400. */
export function parseRange(header: string | string[] | undefined): Range {
  if (header === undefined || header === '') return DEFAULT_RANGE;
  const value = Array.isArray(header) ? (header[0] ?? '') : header;
  const m = RANGE.exec(value);
  if (!m) throw badRequest(`X-Range: expected "resources=<first>-<last>", got "${value.slice(0, 60)}"`);
  const first = Number(m[1]);
  const last = Number(m[2]);
  if (last < first) throw badRequest('X-Range: <last> must not be below <first>');
  return { offset: first, limit: Math.min(last - first + 1, MAX_RANGE) };
}

/** The page a list's request asks for. The route declares the header (the description shows it: http/openapi.ts). */
export function rangeOf(request: FastifyRequest): Range {
  if (request.routeOptions.schema?.headers !== pagedHeaders)
    throw new Error(`${request.routeOptions.url}: a list declares its X-Range header (schema.headers: pagedHeaders)`);
  return parseRange(request.headers['x-range']);
}

/** Sets Content-Range for a page of `count` items at `offset` out of `total`. */
export function setContentRange(reply: FastifyReply, offset: number, count: number, total: number): void {
  reply.header(
    'Content-Range',
    count === 0 ? `resources */${total}` : `resources ${offset}-${offset + count - 1}/${total}`,
  );
}
