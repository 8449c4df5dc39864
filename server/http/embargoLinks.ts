/**
 * Media links and embargoes (docs/API.md "Embargoes"): what a record shows of an embargoed file or preview, and the
 * answer at serve time. Every link names its person (signing.ts), so the serving path asks, on each use, whether that
 * person may bypass the embargo now (domain/embargo.ts, mayBypassEmbargo): links made before the embargo stop too.
 */
import { HttpError } from './errors';
import type { EmbargoInForce } from '../domain/embargo';

/** The 403 of bytes under embargo: until when, when known. */
export function embargoed(what: 'file' | 'preview', embargo: EmbargoInForce): HttpError {
  const when =
    embargo.until !== undefined ? `until ${new Date(embargo.until * 1000).toISOString()}` : 'until an admin lifts it';
  const subject = what === 'file' ? 'this file is' : "this preview's asset has files";
  return new HttpError(403, 'embargoed', `${subject} under embargo ${when}`, {
    until: embargo.until ?? null,
    event: embargo.event,
  });
}

/** `$embargo` of a file or preview record (extension): the embargo in force and whether this caller is held by it. */
export function embargoBlock(embargo: EmbargoInForce, locked: boolean, requested = false) {
  return { until: embargo.until ?? null, event: embargo.event, locked, ...(locked ? { requested } : {}) };
}
