/**
 * What an upload may be (docs/API.md "Uploads"): its declared metadata, its size, its type by the file's extension
 * (the stored `mime` is the server's, from the extension; a declared `filetype` must agree with the family), and the
 * record it is for. Every check answers a clear 4xx before a byte is stored.
 */
import path from 'node:path';
import { HttpError, badRequest } from '../http/errors';

/** 50 GiB: a feature's camera-original or mezzanine file fits; UPLOAD_MAX_BYTES changes it. */
export const DEFAULT_UPLOAD_MAX_BYTES = 50 * 2 ** 30;

/** The file types accepted, by extension, with the MIME type the server stores and serves them as. */
export const UPLOAD_TYPES: Readonly<Record<string, string>> = {
  // video
  '.mp4': 'video/mp4',
  '.m4v': 'video/x-m4v',
  '.mov': 'video/quicktime',
  '.mxf': 'application/mxf',
  '.mkv': 'video/x-matroska',
  '.webm': 'video/webm',
  '.avi': 'video/x-msvideo',
  '.mpg': 'video/mpeg',
  '.mpeg': 'video/mpeg',
  '.ts': 'video/mp2t',
  // audio
  '.wav': 'audio/wav',
  '.aif': 'audio/aiff',
  '.aiff': 'audio/aiff',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.aac': 'audio/aac',
  '.flac': 'audio/flac',
  '.ac3': 'audio/ac3',
  '.ec3': 'audio/eac3',
  // images (no SVG: a script in an image is not served)
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
  '.psd': 'image/vnd.adobe.photoshop',
  '.exr': 'image/x-exr',
  '.dpx': 'image/x-dpx',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  // subtitles and captions
  '.srt': 'application/x-subrip',
  '.vtt': 'text/vtt',
  '.scc': 'text/x-scc',
  '.stl': 'application/x-ebu-stl',
  '.ttml': 'application/ttml+xml',
  '.dfxp': 'application/ttml+xml',
  '.itt': 'application/ttml+xml',
  '.xml': 'application/xml',
  '.ass': 'text/x-ssa',
  '.ssa': 'text/x-ssa',
  '.cap': 'application/x-cheetah-cap',
  // documents and bundles
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Declared types that say nothing (browsers send these for unknown files): the extension decides alone. */
const VAGUE_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

/** Declared types refused whatever the extension: content a browser would run. */
const ACTIVE_TYPE = /^(text\/html|application\/xhtml|image\/svg|text\/javascript|application\/javascript)/i;

/** A declared type agrees with the stored one when it is the same, or of the same family (video/…, audio/…). */
function agrees(declared: string, stored: string): boolean {
  const d = declared.toLowerCase().split(';')[0]!.trim();
  if (VAGUE_TYPES.has(d) || d === stored) return true;
  const family = (t: string) => t.split('/')[0];
  return ['video', 'audio', 'image', 'text'].includes(family(d)!) && family(d) === family(stored);
}

const unsupported = (message: string) => new HttpError(415, 'unsupported_media_type', message);

/** The stored MIME type of a file by its name and declared type, or a 415 saying what is accepted. */
export function uploadMime(filename: string, declared: string | undefined): string {
  const ext = path.extname(filename).toLowerCase();
  const stored = UPLOAD_TYPES[ext];
  if (!stored) {
    throw unsupported(
      `"${ext || filename}" files cannot be uploaded: accepted are video, audio, image, subtitle and caption files, ` +
        `PDF and ZIP (${Object.keys(UPLOAD_TYPES).join(' ')})`,
    );
  }
  if (declared !== undefined && (ACTIVE_TYPE.test(declared) || !agrees(declared, stored))) {
    throw unsupported(`the declared type "${declared.slice(0, 100)}" does not match a ${ext} file (${stored})`);
  }
  return stored;
}

/** The human size of a byte count (limits in messages). */
export function bytesText(n: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
  let i = 0;
  let v = n;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${Number.isInteger(v) ? v : v.toFixed(1)} ${units[i]}`;
}

export function tooLarge(size: number, max: number): HttpError {
  return new HttpError(
    413,
    'payload_too_large',
    `the file is ${bytesText(size)}: uploads are limited to ${bytesText(max)} (${max} bytes)`,
  );
}

/** What an upload is for: an asset (its files) or a work request (its materials, offlines, deliveries). */
export type UploadTarget = { kind: 'asset'; id: string } | { kind: 'workrequest'; id: string };

/** The checked metadata of a new upload. */
export interface UploadDeclaration {
  filename: string;
  mime: string;
  md5: string;
  target: UploadTarget;
  language?: string;
}

const MD5 = /^[0-9a-f]{32}$/;
const RECORD = /^[0-9a-f]{24}$/;
/** A file name: no folders, no control characters. */
const FILENAME = /^[^/\\\p{Cc}]{1,255}$/u;
const LANGUAGE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** The metadata keys a client may send (others are refused, so a typo is said rather than ignored). */
export const METADATA_KEYS = ['filename', 'filetype', 'md5', 'asset', 'workrequest', 'language', 'name'] as const;

/**
 * Checks a creation's metadata (tus `Upload-Metadata`, already decoded): `filename` and `md5` required, exactly one
 * target. 400 for what is missing or malformed, 415 for a type not accepted.
 */
export function checkDeclaration(metadata: Record<string, string | null>): UploadDeclaration {
  const unknown = Object.keys(metadata).filter((k) => !(METADATA_KEYS as readonly string[]).includes(k));
  if (unknown.length > 0) {
    throw badRequest(`Upload-Metadata: unknown key ${unknown.join(', ')}; known are ${METADATA_KEYS.join(', ')}`);
  }
  const filename = metadata.filename ?? metadata.name;
  if (!filename || !FILENAME.test(filename)) {
    throw badRequest('Upload-Metadata: filename is required: the file name, 1 to 255 characters, without folders');
  }
  const md5 = metadata.md5?.toLowerCase();
  if (!md5 || !MD5.test(md5)) {
    throw badRequest("Upload-Metadata: md5 is required: the whole file's MD5 as 32 hex digits");
  }
  const { asset, workrequest, language } = metadata;
  if ((asset == null) === (workrequest == null)) {
    throw badRequest(
      'Upload-Metadata: name exactly one target: asset (an asset id) or workrequest (a work request id)',
    );
  }
  const target: UploadTarget = asset != null ? { kind: 'asset', id: asset } : { kind: 'workrequest', id: workrequest! };
  if (!RECORD.test(target.id)) throw badRequest(`Upload-Metadata: ${target.kind} must be a record id (24 hex digits)`);
  if (language != null && !LANGUAGE.test(language)) {
    throw badRequest('Upload-Metadata: language must be a language tag (fr, fr-FR, pt-BR)');
  }
  const mime = uploadMime(filename, metadata.filetype ?? undefined);
  return { filename, mime, md5, target, ...(language ? { language } : {}) };
}
