/**
 * The spec's paging headers. Requests say `X-Range: resources=<first>-<last>` (inclusive); responses may say
 * `Content-Range: resources <first>-<last>/<total>` or `resources *\/<total>` past the end. A real deployment
 * may send no Content-Range at all: then the total is unknown and a short page is the last one.
 */

export interface Range {
  first: number;
  last: number;
}

export interface ContentRange {
  /** Absent for `resources *\/<total>` (an empty page past the end). */
  first?: number;
  last?: number;
  /** Absent when the server sends `/*` (total unknown). */
  total?: number;
}

/** Header value for a request of `size` items starting at `offset`. */
export function formatRange(offset: number, size: number): string {
  if (!Number.isInteger(offset) || offset < 0) throw new RangeError(`offset must be a non-negative integer: ${offset}`);
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`size must be a positive integer: ${size}`);
  return `resources=${offset}-${offset + size - 1}`;
}

/** A list request's headers for a page of `size` items from `offset`. */
export function listRangeHeaders(offset: number, size: number): Record<string, string> {
  return { 'X-Range': formatRange(offset, size) };
}

const CONTENT_RANGE = /^\s*resources\s+(?:(\d+)-(\d+)|\*)\s*\/\s*(\d+|\*)\s*$/i;

/** Parses a Content-Range header; undefined when absent or not of the `resources` form. */
export function parseContentRange(header: string | null | undefined): ContentRange | undefined {
  if (!header) return undefined;
  const m = CONTENT_RANGE.exec(header);
  if (!m) return undefined;
  const out: ContentRange = {};
  if (m[1] !== undefined && m[2] !== undefined) {
    out.first = Number(m[1]);
    out.last = Number(m[2]);
    if (out.last < out.first) return undefined;
  }
  if (m[3] !== undefined && m[3] !== '*') out.total = Number(m[3]);
  return out;
}

/**
 * Where the next page starts, or undefined when this page was the last.
 * With a known total: more remain while `offset + received < total`. Without one: a page shorter than asked
 * for (or empty) is the last. A server that clamps the range sends fewer than asked; with a total we still
 * go on from what was actually received.
 */
export function nextOffset(
  offset: number,
  requested: number,
  received: number,
  total: number | undefined,
): number | undefined {
  if (received === 0) return undefined;
  if (total !== undefined) return offset + received < total ? offset + received : undefined;
  return received < requested ? undefined : offset + received;
}
