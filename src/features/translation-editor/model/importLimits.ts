/**
 * How much a subtitle import reads (docs/API.md, "Subtitle import"): a file's size, its subtitles and how deep its
 * markup nests. Far above any real delivery (a feature film's SRT is about 200 kB and 3,000 subtitles, TTML nests
 * elements a handful deep), and low enough that a hostile or broken file is refused at once with a message naming
 * the limit, instead of freezing the page or running the reader out of memory or stack.
 */
import { SubtitleParseError } from './subtitleParseError';

export const IMPORT_LIMITS = {
  /** Bytes of the file. */
  bytes: 10 * 1024 * 1024,
  /** Subtitles, counting the blocks that looked like one and could not be read. */
  subtitles: 50_000,
  /** Elements (TTML) or tags (SRT, WebVTT) open inside one another. */
  depth: 100,
} as const;

const number = (n: number) => n.toLocaleString('en-US');

function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${mb >= 10 || Number.isInteger(mb) ? Math.round(mb) : mb.toFixed(1)} MB`;
}

/** Refuses a file over the size limit, before any of it is read. */
export function checkFileSize(size: number): void {
  if (size > IMPORT_LIMITS.bytes)
    throw new SubtitleParseError(
      `This file is ${megabytes(size)}; subtitle files of up to ${megabytes(IMPORT_LIMITS.bytes)} can be imported.`,
    );
}

/** Counts the subtitles a reader finds; refuses the file at the first one over the limit. */
export function subtitleCounter(): () => void {
  let count = 0;
  return () => {
    count += 1;
    if (count > IMPORT_LIMITS.subtitles)
      throw new SubtitleParseError(
        `This file has more than ${number(IMPORT_LIMITS.subtitles)} subtitles; files of up to ` +
          `${number(IMPORT_LIMITS.subtitles)} can be imported.`,
      );
  };
}

/** Refuses markup nested deeper than the limit; `line` is where it happens (1-based). */
export function checkDepth(depth: number, line: number, what: 'elements' | 'tags'): void {
  if (depth > IMPORT_LIMITS.depth)
    throw new SubtitleParseError(
      `Line ${line}: ${what} nested more than ${IMPORT_LIMITS.depth} deep; files whose markup nests up to ` +
        `${IMPORT_LIMITS.depth} deep can be imported.`,
    );
}
