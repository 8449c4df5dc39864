/**
 * A File's `$ingest` (docs/API.md "Ingest"): its stored `ingest` with the renditions' blob ids (internal) turned
 * into signed links for the caller, none while an embargo holds them.
 */
import type { Doc } from '../storage/store';
import type { IngestRecord } from '../domain/ingest/ingest';
import { renditionLink, type LinkIssuer } from './mediaLinks';

export function ingestView(issuer: LinkIssuer, file: Doc, locked: boolean): { $ingest?: Record<string, unknown> } {
  const ingest = file.ingest as IngestRecord | undefined;
  if (!ingest) return {};
  const { thumbnail, proxy, ...rest } = ingest;
  return {
    $ingest: {
      ...rest,
      ...(thumbnail && !locked ? { thumbnail: renditionLink(issuer, file._id, 'thumbnail') } : {}),
      ...(proxy && !locked ? { proxy: renditionLink(issuer, file._id, 'proxy') } : {}),
    },
  };
}
