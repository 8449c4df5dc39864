/**
 * The pure part of what an upload may be (docs/API.md "Uploads"): the accepted types by extension, the size limit's
 * default and words. The server checks every upload with them (server/uploads/uploadRules.ts) and the app checks a
 * file before sending a byte (features/uploads), so both say the same thing.
 */

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

/** A file name's extension as node's path.extname gives it (`.mov`; none for `.bashrc` or `name`), lower case. */
export function extensionOf(filename: string): string {
  const base = filename.slice(filename.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot).toLowerCase();
}

/** The stored MIME type of a file by its name and declared type, or why it is refused (an upload's 415). */
export function uploadType(filename: string, declared: string | undefined): { mime: string } | { problem: string } {
  const ext = extensionOf(filename);
  const stored = UPLOAD_TYPES[ext];
  if (!stored)
    return {
      problem:
        `"${ext || filename}" files cannot be uploaded: accepted are video, audio, image, subtitle and caption files, ` +
        `PDF and ZIP (${Object.keys(UPLOAD_TYPES).join(' ')})`,
    };
  if (declared !== undefined && (ACTIVE_TYPE.test(declared) || !agrees(declared, stored)))
    return { problem: `the declared type "${declared.slice(0, 100)}" does not match a ${ext} file (${stored})` };
  return { mime: stored };
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

/** Why a file of `size` bytes is refused under the limit `max` (an upload's 413), or undefined. */
export function uploadSizeProblem(size: number, max: number): string | undefined {
  return size > max
    ? `the file is ${bytesText(size)}: uploads are limited to ${bytesText(max)} (${max} bytes)`
    : undefined;
}

/**
 * A logo (a studio's or a project's, uploaded with the `studio` or `project` target: docs/API.md "Uploads"): a picture
 * every browser shows, at most LOGO_MAX_BYTES. One rule for the server (which refuses another) and the app (which
 * says so before sending).
 */
export const LOGO_TYPES: readonly string[] = ['.png', '.jpg', '.jpeg', '.webp', '.gif'];
export const LOGO_MAX_BYTES = 5 * 2 ** 20;
/** The stored types of those pictures (a studio's pictures a logo is chosen from: `GET /files?kind=picture`). */
export const PICTURE_MIMES: readonly string[] = [...new Set(LOGO_TYPES.map((ext) => UPLOAD_TYPES[ext]!))];

/** Why a file cannot be a logo, in words; undefined when it can. */
export function logoProblem(filename: string, size: number): string | undefined {
  const ext = extensionOf(filename);
  if (!LOGO_TYPES.includes(ext))
    return `a logo is a PNG, JPEG, WebP or GIF picture; “${filename}” is ${ext ? `a ${ext} file` : 'not one'}`;
  if (size > LOGO_MAX_BYTES) return `a logo is at most ${bytesText(LOGO_MAX_BYTES)}; this file is ${bytesText(size)}`;
  return undefined;
}
