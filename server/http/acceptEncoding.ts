/**
 * Content negotiation of `Accept-Encoding` (RFC 9110 §12.5.3): which of the encodings the server can send the client
 * prefers, by q-value, with `*` standing for every encoding the header does not name and `q=0` meaning "not this".
 * Shared by the compressed API answers (http/compression.ts) and the precompressed static files (http/staticFiles.ts).
 */

export type Encoding = 'br' | 'gzip';

/** What the server sends when the client accepts both equally: brotli is smaller at the same cost (decisions/117). */
export const ENCODINGS: readonly Encoding[] = ['br', 'gzip'];

/** The q-value of each coding the header names (lower case), `*` included. */
function qualities(header: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    let q = 1;
    for (const p of params) {
      const m = /^q=([0-9.]+)$/i.exec(p);
      if (m) q = Math.min(1, Number(m[1]) || 0);
    }
    out.set(name.toLowerCase(), q);
  }
  return out;
}

/**
 * The encoding to send: the offered one the client gives the highest q (ties: the first offered), or `identity` (the
 * bytes as they are) when it accepts none of them or names `identity` with a higher q. Also `identity` when the client
 * refuses it too (`identity;q=0` with nothing else acceptable): a 406 would help nobody, every client reads plain bytes.
 */
export function negotiateEncoding(
  header: string | string[] | undefined,
  offered: readonly Encoding[] = ENCODINGS,
): Encoding | 'identity' {
  if (header === undefined) return 'identity';
  const q = qualities(Array.isArray(header) ? header.join(',') : header);
  const star = q.get('*') ?? 0;
  let best: Encoding | undefined;
  let bestQ = 0;
  for (const encoding of offered) {
    const value = q.get(encoding) ?? (encoding === 'gzip' ? q.get('x-gzip') : undefined) ?? star;
    if (value > bestQ) {
      best = encoding;
      bestQ = value;
    }
  }
  if (!best || (q.get('identity') ?? 0) > bestQ) return 'identity';
  return best;
}
