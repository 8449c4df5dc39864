/**
 * What an upload may be (docs/API.md "Uploads"): its declared metadata, its size, its type by the file's extension
 * (the stored `mime` is the server's, from the extension; a declared `filetype` must agree with the family), and the
 * record it is for. Every check answers a clear 4xx before a byte is stored.
 */
import { HttpError, badRequest } from '../http/errors';
import {
  LOGO_MAX_BYTES,
  bytesText,
  logoProblem,
  uploadSizeProblem,
  uploadType,
} from '../../src/api/schema/uploadRules';

export { DEFAULT_UPLOAD_MAX_BYTES, UPLOAD_TYPES, bytesText } from '../../src/api/schema/uploadRules';

const unsupported = (message: string) => new HttpError(415, 'unsupported_media_type', message);

/** The stored MIME type of a file by its name and declared type, or a 415 saying what is accepted. */
export function uploadMime(filename: string, declared: string | undefined): string {
  const type = uploadType(filename, declared);
  if ('problem' in type) throw unsupported(type.problem);
  return type.mime;
}

/** A logo over its limit: 413 saying it (the type was checked with the metadata). */
export function logoTooLarge(target: UploadTarget, size: number): HttpError | undefined {
  if ((target.kind !== 'studio' && target.kind !== 'project') || size <= LOGO_MAX_BYTES) return undefined;
  return new HttpError(
    413,
    'payload_too_large',
    logoProblem('logo.png', size) ?? `a logo is at most ${bytesText(LOGO_MAX_BYTES)}`,
  );
}

export function tooLarge(size: number, max: number): HttpError {
  return new HttpError(413, 'payload_too_large', uploadSizeProblem(size, max) ?? `the file is over ${bytesText(max)}`);
}
/**
 * What an upload is for: an asset (its files), a work request (its materials, offlines, deliveries), a studio or a
 * project (its logo).
 */
export type UploadTarget = { kind: (typeof TARGET_KEYS)[number]; id: string };

/** The metadata keys naming the record an upload is for: exactly one. */
const TARGET_KEYS = ['asset', 'workrequest', 'studio', 'project'] as const;

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
export const METADATA_KEYS = ['filename', 'filetype', 'md5', ...TARGET_KEYS, 'language', 'name'] as const;

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
  const { language } = metadata;
  const named = TARGET_KEYS.filter((k) => metadata[k] != null);
  if (named.length !== 1) {
    throw badRequest(
      'Upload-Metadata: name exactly one target: asset (an asset id), workrequest (a work request id), studio or ' +
        'project (its logo)',
    );
  }
  const target: UploadTarget = { kind: named[0]!, id: metadata[named[0]!]! };
  if (!RECORD.test(target.id)) throw badRequest(`Upload-Metadata: ${target.kind} must be a record id (24 hex digits)`);
  if (language != null && !LANGUAGE.test(language)) {
    throw badRequest('Upload-Metadata: language must be a language tag (fr, fr-FR, pt-BR)');
  }
  const mime = uploadMime(filename, metadata.filetype ?? undefined);
  if (target.kind === 'studio' || target.kind === 'project') {
    const problem = logoProblem(filename, 0);
    if (problem) throw unsupported(problem);
  }
  return { filename, mime, md5, target, ...(language ? { language } : {}) };
}
