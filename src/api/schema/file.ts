/** File (collection `Files`). */
import * as z from 'zod/mini';
import { doc, id, ts, anyList, links } from './common';
import { embargoState } from './embargo';

/** The probe facts of an ingested file (docs/API.md "Ingest"). */
export const probeFacts = doc({
  type: z.string(),
  format: z.string(),
  duration: z.number(),
  width: z.int(),
  height: z.int(),
  frameRate: z.number(),
  variableFrameRate: z.boolean(),
  videoCodec: z.string(),
  audio: z.nullable(doc({ codec: z.string(), channels: z.int(), sampleRate: z.int(), streams: z.int() })),
});

/** `$ingest` (extension, docs/API.md "Ingest"): how an uploaded file's processing stands; links signed. */
export const ingestState = doc({
  state: z.enum(['created', 'processing', 'succeeded', 'failed', 'not-processed']),
  progress: z.number(),
  uploader: id,
  attempts: z.int(),
  error: z.string(),
  probe: probeFacts,
  /** A video's shot changes, seconds ascending. */
  shotChanges: z.array(z.number()),
  thumbnail: z.string(),
  proxy: z.string(),
  proxySkipped: z.boolean(),
  match: doc({ asset: id, by: z.enum(['target', 'name']) }),
  started: ts,
  finished: ts,
});
export type IngestState = z.infer<typeof ingestState>;

export const file = doc({
  _id: id,
  studio: id,
  project: id,
  asset: id,
  name: z.string(),
  language: z.string(),
  country: z.string(),
  tags: z.array(z.string()),
  path: z.string(),
  verified: z.boolean(),
  embargo: doc({ event: z.boolean(), end: ts }),
  warnings: anyList,
  transfer: doc({ username: z.string() }),
  /** The stored content's own fields, as the spec's file-like thumbnail shows them (server-owned). */
  mime: z.string(),
  bucket: z.string(),
  chunkSize: z.int(),
  length: z.int(),
  md5: z.string(),
  uploadDate: ts,
  created: ts,
  $flags: anyList,
  $links: links('project', 'asset'),
  $transfer: doc({ downloaded: z.boolean() }),
  $embargo: embargoState,
  $ingest: ingestState,
});
export type File = z.infer<typeof file>;

/**
 * `$thumbnail` (extension, docs/API.md "Media") of an asset or a share's asset: its thumbnail file's id and a signed
 * link to the image.
 */
export const thumbnailLink = doc({ _id: id, path: z.string() });
export type ThumbnailLink = z.infer<typeof thumbnailLink>;
