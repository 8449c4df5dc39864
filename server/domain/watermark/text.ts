/**
 * The words of a preview watermark (docs/API.md, "Watermarks"): the studio's `previewWatermarkFormat` filled with the
 * viewer's identity. Placeholders: `{user.name}`, `{user.email}`, `{date}` (UTC, YYYY-MM-DD) and `{time}` (UTC,
 * HH:MM, when the marked copy was made). Any other `{…}` stays as written, so a typo shows on the picture and in the
 * studio form rather than vanishing. A blank format falls back to DEFAULT_WATERMARK_FORMAT: a viewer who must get a
 * mark always gets one naming them.
 */

export const DEFAULT_WATERMARK_FORMAT = '{user.name} {user.email} {date}';
/** Characters kept of the filled text (a longer one would be too small to read across the picture anyway). */
export const MAX_WATERMARK_CHARS = 120;

export interface WatermarkViewer {
  id: string;
  name: string;
  email: string;
}

/** Control characters (newlines, tabs, escapes), bidi overrides and zero-width marks: shown as nothing or a space. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point: they must not reach ffmpeg
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g;

/** One line of plain text: control characters become spaces, runs of spaces one, cut to MAX_WATERMARK_CHARS. */
export function plainLine(value: string): string {
  const line = value.replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim();
  const chars = Array.from(line);
  return chars.length > MAX_WATERMARK_CHARS ? `${chars.slice(0, MAX_WATERMARK_CHARS - 1).join('')}…` : line;
}

const pad = (n: number) => String(n).padStart(2, '0');
export const utcDate = (at: Date) => `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
export const utcTime = (at: Date) => `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`;

/** The filled format: the text burnt into this viewer's copy made at `at`. */
export function watermarkText(format: string | undefined, viewer: WatermarkViewer, at: Date): string {
  const chosen = typeof format === 'string' && format.trim() !== '' ? format : DEFAULT_WATERMARK_FORMAT;
  const values: Record<string, string> = {
    'user.name': viewer.name,
    'user.email': viewer.email,
    date: utcDate(at),
    time: `${utcTime(at)} UTC`,
  };
  // One pass: a name that contains `{date}` is not filled in again.
  const filled = chosen.replace(/\{([a-z.]+)\}/g, (whole, key: string) => values[key] ?? whole);
  return plainLine(filled) || plainLine(`${viewer.email} ${values.date}`);
}
