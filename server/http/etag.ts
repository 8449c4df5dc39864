/** ETags and If-Match: a record's version makes its ETag; a stale If-Match is a 409. */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

export function etagOf(id: string, version: number, variant?: string): string {
  return variant === undefined ? `W/"${id}-${version}"` : `W/"${id}-${version}.${variant}"`;
}

/**
 * The parts of a record's answer that depend on the caller's access rather than on the record's version: the
 * `$permissions` their grants give, an embargo's state (`$embargo`, `$embargoUntil`, the `embargoed` flag) and
 * whether the answer carries links (`path`, a preview's `media`, `$thumbnail`, an asset's preview summaries).
 * Records that carry any of them (assets, projects, files, previews under embargo) get a short hash of them in
 * their ETag (`W/"<id>-<version>.<variant>"`), so the validator changes when an embargo or the caller's grants do,
 * whichever instance answered before (docs/API.md "Embargoes", "Who sees what: grants"). If-Match reads the
 * version only.
 */
export function accessVariant(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  if (!('$permissions' in b) && !('$embargo' in b) && !('$flags' in b)) return undefined;
  const state = JSON.stringify([
    b.$permissions ?? null,
    b.$embargo ?? null,
    b.$embargoUntil ?? null,
    b.$flags ?? null,
    typeof b.path === 'string',
    b.media !== undefined,
    b.$thumbnail !== undefined,
    Array.isArray(b.previews) ? b.previews.length : null,
  ]);
  return createHash('sha1').update(state).digest('base64url').slice(0, 10);
}

/** The version an If-Match header names for this record, `undefined` without the header, -1 when it names another. */
export function expectedVersion(request: FastifyRequest, id: string): number | undefined {
  const header = request.headers['if-match'];
  if (header === undefined || header === '*') return undefined;
  const m = /^(?:W\/)?"([0-9a-f]+)-(\d+)(?:\.[\w-]{1,32})?"$/.exec(String(header).trim());
  if (!m || m[1] !== id) return -1;
  return Number(m[2]);
}
