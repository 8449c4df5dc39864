/**
 * Security headers on every answer (docs/API.md, "Limits and headers"): helmet's set (nosniff, X-Frame-Options DENY,
 * Referrer-Policy no-referrer, cross-origin isolation headers) and a Content-Security-Policy chosen by path: the
 * app's pages may load only this origin's scripts and styles and talk only to this origin and the API's; API answers
 * (JSON, never a document to render) may load nothing at all. Neither may be framed.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** The API's origin when the app calls another one than its own (`MWS_API_BASE=https://api.example.com/api`). */
function apiOriginOf(apiBase: string): string | undefined {
  return /^https?:\/\//i.test(apiBase) ? new URL(apiBase).origin : undefined;
}

/**
 * The one inline style element the pages allow, by its hash: wavesurfer.js 8 (the editor's waveform, 88 px high)
 * styles its shadow DOM with a fixed <style> element. test/api/pageStyleHash.test.ts recomputes it from the installed
 * wavesurfer.js, so an upgrade or another height that changes the text fails there, not silently in the browser.
 */
export const WAVEFORM_STYLE_HASH = "'sha256-7Wn/5ghbhb9U5yM332FZpa4jDUilNGJdZ87eJ6XZFBA='";

/**
 * The app's pages: no inline script (the runtime configuration is a non-executable JSON block), no inline style
 * element but the waveform's (above; React's style props go through the CSSOM, which CSP does not restrict), images
 * from this origin, the API's or any https URL (thumbnails may sit on a CDN), video and audio from this origin or the
 * API's; WebAssembly (not JavaScript eval) for the uploader's checksum.
 */
export function pagePolicy(apiBase: string): string {
  const apiOrigin = apiOriginOf(apiBase);
  return [
    "default-src 'self'",
    // WebAssembly compiled from the app's own scripts (the uploader's MD5 worker, hash-wasm: docs/API.md "Uploads in
    // the app"); 'wasm-unsafe-eval' allows no eval() of JavaScript.
    "script-src 'self' 'wasm-unsafe-eval'",
    `style-src 'self' ${WAVEFORM_STYLE_HASH}`,
    `img-src 'self' https:${apiOrigin ? ` ${apiOrigin}` : ''}`,
    // The API's signed media links (docs/API.md, "Media"): the player's video and audio.
    `media-src 'self'${apiOrigin ? ` ${apiOrigin}` : ''}`,
    `connect-src 'self'${apiOrigin ? ` ${apiOrigin}` : ''}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

export async function registerSecurityHeaders(app: FastifyInstance, apiBase: string): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: false, // set below, by path
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // TLS ends in front of this server (it listens on plain HTTP): HSTS is that front's to send.
    strictTransportSecurity: false,
  });
  const page = pagePolicy(apiBase);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('Content-Security-Policy', request.url.startsWith('/api') ? API_POLICY : page);
  });
}
