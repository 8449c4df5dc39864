/** ETags and If-Match: a record's version makes its ETag; a stale If-Match is a 409. */
import type { FastifyRequest } from 'fastify';

export function etagOf(id: string, version: number): string {
  return `W/"${id}-${version}"`;
}

/** The version an If-Match header names for this record, `undefined` without the header, -1 when it names another. */
export function expectedVersion(request: FastifyRequest, id: string): number | undefined {
  const header = request.headers['if-match'];
  if (header === undefined || header === '*') return undefined;
  const m = /^(?:W\/)?"([0-9a-f]+)-(\d+)"$/.exec(String(header).trim());
  if (!m || m[1] !== id) return -1;
  return Number(m[2]);
}
