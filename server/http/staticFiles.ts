/**
 * The built app (vite build, `distDir`): hashed `/assets/*` immutable for a year, `index.html` for every other page
 * path (the SPA fallback) with the runtime configuration injected, revalidated on each load (`no-cache` + ETag, so a
 * reload is a 304), and other files in the folder's root (icons) revalidated the same way.
 *
 * Each file is served in the encoding the client prefers among those it has (http/acceptEncoding.ts): the brotli and
 * gzip files the build writes beside each asset (scripts/vite/precompress.ts), and for index.html, which the server
 * rewrites, the same two made once per version of the file in memory. A file is read once per version (size and
 * mtime, checked by a stat per request, so a rebuild while the server runs is served at once) and kept in memory
 * with its encoded forms: the built app is a few megabytes.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ENCODINGS, negotiateEncoding, type Encoding } from './acceptEncoding';
import { compress } from './compression';
import { contentHash, ifNoneMatchMatches } from './conditionalGet';
import { addVary } from './vary';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};
/** The suffix of each encoding's file beside the plain one. */
export const ENCODED_SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** One version of a file as served: its bytes in each encoding it has, and one ETag per encoding. */
interface Served {
  version: string;
  type: string;
  bodies: { identity: Buffer } & Partial<Record<Encoding, Buffer>>;
  etag: string;
}

async function readIfPresent(file: string): Promise<Buffer | undefined> {
  try {
    return await fs.promises.readFile(file);
  } catch {
    return undefined;
  }
}

/** Sends one file version in the negotiated encoding, or a 304 when the client's copy is this one. */
function send(request: FastifyRequest, reply: FastifyReply, served: Served, cacheControl: string): FastifyReply {
  const offered = ENCODINGS.filter((e) => served.bodies[e] !== undefined);
  const encoding = offered.length ? negotiateEncoding(request.headers['accept-encoding'], offered) : 'identity';
  const body = (encoding === 'identity' ? undefined : served.bodies[encoding]) ?? served.bodies.identity;
  // One ETag per representation (bytes differ per encoding), all derived from the plain content's hash.
  const etag = encoding === 'identity' ? `"${served.etag}"` : `"${served.etag}${ENCODED_SUFFIX[encoding]}"`;
  reply.header('Cache-Control', cacheControl).header('ETag', etag);
  if (offered.length) addVary(reply, 'Accept-Encoding');
  if (ifNoneMatchMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  reply.type(served.type);
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  // HEAD: Node sends the headers (Content-Length of this body included) and no body.
  return reply.send(body);
}

export interface BuiltAppOptions {
  root: string;
  /**
   * Put into index.html right after `<head>`, the same for every page (the runtime configuration): before the early
   * script, which runs as soon as it arrives (async) and may read it before the parser reaches `</head>`.
   */
  headStart?: string;
  /**
   * Put into index.html before `</head>`, for the page a request URL names (the page's preload links:
   * server/http/routePreloads.ts). One served version is kept per distinct insert.
   */
  headInsert: (url: string) => string;
}

/** Registers the built app's routes and the SPA fallback (the not-found handler) on `app`. */
export function serveBuiltApp(app: FastifyInstance, options: BuiltAppOptions): void {
  const root = path.resolve(options.root);
  const known = new Map<string, Served>();

  /** The file's current version, loaded (with its precompressed forms) when it changed; undefined when absent. */
  const load = async (
    file: string,
    rewrite?: { insert: string; into: (text: string, insert: string) => string },
  ): Promise<Served | undefined> => {
    const stat = await fs.promises.stat(file).catch(() => undefined);
    if (!stat?.isFile()) return undefined;
    const version = `${stat.size}-${stat.mtimeMs}`;
    // A rewritten file is kept per insert (index.html per page: as many as the build has pages, plus none).
    const key = rewrite ? `${file}\0${rewrite.insert}` : file;
    const was = known.get(key);
    if (was?.version === version) return was;
    const plain = await readIfPresent(file);
    if (!plain) return undefined;
    const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    let served: Served;
    if (rewrite) {
      const identity = Buffer.from(rewrite.into(plain.toString('utf8'), rewrite.insert));
      const [br, gzip] = await Promise.all([compress(identity, 'br', 11), compress(identity, 'gzip', 9)]);
      const smaller = (b: Buffer) => (b.length < identity.length ? b : undefined);
      served = {
        version,
        type,
        etag: contentHash(identity),
        bodies: { identity, br: smaller(br), gzip: smaller(gzip) },
      };
    } else {
      const [br, gzip] = await Promise.all(ENCODINGS.map((e) => readIfPresent(file + ENCODED_SUFFIX[e])));
      served = { version, type, etag: contentHash(plain), bodies: { identity: plain, br, gzip } };
    }
    known.set(key, served);
    return served;
  };

  /** The absolute file a URL path names under the root, or undefined (outside it, or a dot-file). */
  const fileOf = (urlPath: string): string | undefined => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return undefined;
    }
    const file = path.join(root, decoded);
    if (!file.startsWith(root + path.sep) || decoded.split('/').some((s) => s.startsWith('.'))) return undefined;
    // The encoded forms are served by negotiation under the plain file's name, never by their own.
    return /\.(br|gz)$/.test(file) ? undefined : file;
  };

  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .status(404)
      .send({ error: { code: 'not_found', message: `no route ${request.method} ${request.url.split('?')[0]}` } });

  app.get('/assets/*', async (request, reply) => {
    const file = fileOf(`/assets/${(request.params as { '*': string })['*']}`);
    const served = file ? await load(file) : undefined;
    if (!served) return notFound(request, reply);
    return send(request, reply, served, IMMUTABLE);
  });

  app.setNotFoundHandler(async (request, reply) => {
    const read = request.method === 'GET' || request.method === 'HEAD'; // HEAD answers as GET, without the body
    if (request.url.startsWith('/api') || request.url.startsWith('/assets/') || !read) return notFound(request, reply);
    const file = fileOf(request.url.split('?')[0] ?? '/');
    const served = file && path.basename(file) !== 'index.html' ? await load(file) : undefined;
    if (served) return send(request, reply, served, REVALIDATE);
    // Any other page path is the app: index.html names the current hashed files, and carries the runtime configuration,
    // so the app needs no round trip for /config.json before its first request.
    const index = await load(path.join(root, 'index.html'), {
      insert: options.headInsert(request.url),
      into: (html, insert) =>
        html.replace('<head>', `<head>${options.headStart ?? ''}`).replace('</head>', `${insert}</head>`),
    });
    if (!index) return notFound(request, reply);
    return send(request, reply, index, REVALIDATE);
  });
}
