/**
 * Builds the HTTP app: the interface under /api (every route authenticated with HTTP Basic except /healthz, /readyz
 * and signed download links), JSON errors, CORS for the custom headers, and the built single-page app from `distDir`.
 * Tests build it on a temp database; server/main.ts builds it and listens.
 */
import Fastify, { type FastifyInstance, type FastifyError } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Store } from './storage/store';
import { RECORD_ID_PATTERN, StoreUnavailable, UniqueViolation } from './storage/store';
import { DEFAULT_INVITATION_TTL_SECONDS } from './domain/invitations';
import { startLiftSweep } from './domain/embargoNotices';
import { Authenticator, DEFAULT_PASSWORD_CHECKS } from './domain/auth';
import { workGate } from './domain/workGate';
import { DEFAULT_SIGNIN_LIMITS, installSignInGuard, type SignInLimits } from './http/signInGuard';
import { createNotificationBus, type NotificationBus } from './domain/events';
import { LinkSigner } from './domain/signing';
import { installTransferLog, TransferLog } from './http/transferLog';
import { downloadRoutes } from './routes/downloads';
import { deliveryRoutes } from './routes/deliveries';
import { reportRoutes } from './routes/reports';
import { MediaLibrary } from './domain/mediaLibrary';
import { WATERMARK_DEFAULTS, Watermarks, type WatermarkOptions } from './domain/watermark/watermarks';
import { HttpError, conflict, httpErrorOf, storeUnavailable } from './http/errors';
import { DomainError } from './domain/errors';
import { readinessCheck } from './http/readiness';
import { parseJsonBody } from './http/jsonBody';
import {
  DEFAULT_TIMEOUTS,
  checkRequestShape,
  clientErrorHandler,
  frameworkErrors,
  timeoutOptions,
  type ServerTimeouts,
} from './http/requestLimits';
import {
  checkStreamAccounts,
  defaultMaxStreams,
  DEFAULT_STREAMS_PER_USER,
  LiveStreams,
  type StreamLimits,
} from './http/liveStreams';
import { registerSecurityHeaders } from './http/securityHeaders';
import { routePreloadLinks } from './http/routePreloads';
import { installResponseCache } from './http/responseCache';
import { trackingReads } from './storage/readTracking';
import { installConditionalGets } from './http/conditionalGet';
import { installCompression } from './http/compression';
import { addVary } from './http/vary';
import { serveBuiltApp } from './http/staticFiles';
import { zodValidatorCompiler } from './http/validation';
import { openApiDocument, recordRoutes, type OpenApiDocument } from './http/openapi';
import type { Services } from './context';
import { workRequestRoutes } from './routes/workrequests';
import { userRoutes } from './routes/users';
import { invitationRoutes } from './routes/invitations';
import { translationRoutes } from './routes/translations';
import { memoryRoutes } from './routes/memory';
import { offlineRoutes } from './routes/offlines';
import { shareRoutes } from './routes/shares';
import { assetRoutes } from './routes/assets';
import { previewRoutes } from './routes/previews';
import { fileRoutes } from './routes/files';
import { commentRoutes } from './routes/comments';
import { catalogRoutes } from './routes/catalog';
import { notificationRoutes } from './routes/notifications';
import { proxyRoutes } from './routes/proxy';
import { glossaryRoutes } from './routes/glossary';
import { specRoutes } from './routes/specs';
import { qcAcceptanceRoutes } from './routes/qcAcceptances';
import { UPLOADS_PATH, uploadRoutes } from './routes/uploads';
import { ingestRoutes } from './routes/ingests';
import { checkedOnce } from './domain/ingest/ingest';
import type { BlobStore } from './uploads/blobStore';
import { DiskBlobs } from './uploads/diskBlobs';
import { DEFAULT_UPLOAD_MAX_BYTES } from './uploads/uploadRules';
import { mailRoutes } from './routes/mail';
import { CONFIG_ELEMENT_ID } from '../src/api/schema/runtimeConfig';

export const BODY_LIMIT = 1024 * 1024;

/** The server's version, the description's (GET /api/openapi.json). */
const PACKAGE_VERSION = (
  JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export interface AppOptions {
  store: Store;
  /** Folder of the built app (vite build); served with an SPA fallback when it exists. */
  distDir?: string;
  /** Log requests (off in tests). */
  logger?: boolean;
  /** The API base the app should call (served as /config.json); '/api' by default. */
  apiBase?: string;
  /** Cache answered GETs while what they read is unchanged (default true; http/responseCache.ts). */
  responseCache?: boolean;
  /** Its bounds (RESPONSE_CACHE_DEFAULTS when absent). */
  responseCacheBounds?: { maxTotalBytes: number; maxEntries: number };
  /** Proxy /api to this deployment instead of answering from the store. */
  upstream?: string;
  /** Key for signed links; random per process when absent (links then die with the process). */
  signingKey?: Buffer;
  bus?: NotificationBus;
  /** How long an invitation code stays valid (default 14 days). */
  invitationTtlSeconds?: number;
  /** Failed sign-ins allowed per window (http/signInGuard.ts); defaults DEFAULT_SIGNIN_LIMITS. */
  signInLimits?: SignInLimits;
  /** Password checks (scrypt) run at once and waiting at most; DEFAULT_PASSWORD_CHECKS by default. */
  passwordChecks?: { concurrency: number; queue: number };
  /** The origin `$links` and app URLs use (`MWS_PUBLIC_ORIGIN`); the request's Host when absent. */
  publicOrigin?: string;
  /** How long clients may take to send requests (http/requestLimits.ts). */
  timeouts?: ServerTimeouts;
  /** The proxies whose X-Forwarded-For names the client (`TRUST_PROXY`: addresses or CIDRs, commas); none if absent. */
  trustProxy?: string;
  /** Live notification streams per user and per process (http/liveStreams.ts); 8 per user, half the open-files
   * limit in all, by default. */
  streamLimits?: Partial<StreamLimits>;
  /** Where media the server makes is kept (DATA_DIR/media); a folder under the OS's temp folder when absent. */
  mediaCacheDir?: string;
  /** Seconds of synthesised media given a picture (domain/featurePicture.ts); all of it when unset. */
  featurePictureSeconds?: number;
  /** Watermarked previews (domain/watermark/watermarks.ts): ffmpeg, jobs at once and waiting, disk budget. */
  watermarks?: Partial<Omit<WatermarkOptions, 'dir'>>;
  /** Every how many seconds this instance tells the embargoes lifted by time (domain/embargoNotices.ts); none when absent. */
  embargoSweepSeconds?: number;
  /** Where uploads live (uploads/blobStore.ts), opened and closed by the app; a folder under the OS's temp folder
   * when absent. */
  blobs?: BlobStore;
  /** The largest upload accepted, in bytes (`UPLOAD_MAX_BYTES`; DEFAULT_UPLOAD_MAX_BYTES). */
  uploadMaxBytes?: number;
}

const CORS_HEADERS = {
  // The Upload-* and Tus-* headers: resumable uploads (routes/uploads.ts, the tus protocol).
  'Access-Control-Allow-Headers':
    'Authorization, X-Range, X-Requested-With, If-Match, Content-Type, Tus-Resumable, Upload-Length, Upload-Metadata, Upload-Offset',
  // Retry-After: how long to wait after a 429 or 503 (not a header browsers show a script unless exposed).
  'Access-Control-Expose-Headers':
    'Content-Range, ETag, Retry-After, Location, Tus-Resumable, Tus-Version, Tus-Extension, Tus-Max-Size, Upload-Offset, Upload-Length, Upload-Metadata, X-File-Id',
  'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  'Access-Control-Max-Age': '600',
};

/** A signed file link: the signature is the credential (domain/signing.ts; media: http/mediaLinks.ts). */
const SIGNED_FILE_PATH = new RegExp(
  `^/api/(offlines/${RECORD_ID_PATTERN}/download|workrequests/${RECORD_ID_PATTERN}/deliveries/${RECORD_ID_PATTERN}/download|previews/${RECORD_ID_PATTERN}/(view|peaks|poster)|files/${RECORD_ID_PATTERN}/(content|ingest/(thumbnail|proxy)))$`,
);

/** Routes under /api that authenticate by other means than Basic. */
function isPublicApiPath(url: string): boolean {
  const p = url.split('?')[0] ?? '';
  return (
    p === '/api/healthz' ||
    p === '/api/readyz' ||
    SIGNED_FILE_PATH.test(p) ||
    /^\/api\/invitations\/[^/]+$/.test(p) || // the one-time invitation code is the credential (routes/invitations.ts)
    /^\/api\/mail\/unsubscribe\/[a-z0-9_]+$/.test(p) // signed for its user (routes/mail.ts)
  );
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance & { services: Services }> {
  const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS;
  const app = Fastify({
    logger: options.logger ? { level: 'info', redact: ['req.headers.authorization'] } : false,
    bodyLimit: BODY_LIMIT,
    trustProxy: options.trustProxy ?? false,
    routerOptions: { ignoreTrailingSlash: true },
    ...timeoutOptions(timeouts),
    clientErrorHandler: clientErrorHandler(timeouts),
    frameworkErrors,
    // Requests arriving while the app closes are refused by the hook below, in this API's error shape.
    return503OnClosing: false,
  });
  const cached = !options.upstream && options.responseCache !== false;
  // The response cache keeps an answer while what it was read from is unchanged: every read is noted for it.
  const store = cached ? trackingReads(options.store) : options.store;
  const mediaDir = options.mediaCacheDir ?? path.join(os.tmpdir(), `mws-media-${process.pid}`);
  const blobs = options.blobs ?? new DiskBlobs(path.join(os.tmpdir(), `mws-uploads-${process.pid}`));
  if (!options.upstream) await blobs.open();
  app.addHook('onClose', async () => blobs.close());
  const mediaTools = checkedOnce(options.watermarks?.ffmpegPath ?? WATERMARK_DEFAULTS.ffmpegPath);
  const services: Services = {
    store,
    auth: new Authenticator(store, workGate(options.passwordChecks ?? DEFAULT_PASSWORD_CHECKS)),
    bus: options.bus ?? createNotificationBus(),
    streams: new LiveStreams({
      perUser: options.streamLimits?.perUser ?? DEFAULT_STREAMS_PER_USER,
      max: options.streamLimits?.max ?? defaultMaxStreams(),
    }),
    signer: new LinkSigner(options.signingKey ?? randomBytes(32)),
    transfers: new TransferLog(store),
    // ffmpeg gives the synthesised feature its picture (domain/featurePicture.ts); checked once, as the ingest's.
    media: new MediaLibrary(store, mediaDir, {
      ffmpeg: () => mediaTools(),
      pictureSeconds: options.featurePictureSeconds,
    }),
    blobs,
    watermarks: new Watermarks({
      ...WATERMARK_DEFAULTS,
      ...options.watermarks,
      dir: path.join(mediaDir, 'watermarked'),
    }),
    mediaTools,
    invitationTtl: options.invitationTtlSeconds ?? DEFAULT_INVITATION_TTL_SECONDS,
    publicOrigin: options.publicOrigin,
  };
  app.decorate('services', services);
  // Live streams end when their account stops allowing them (any instance's write: the bus), and, with the reconnect
  // hint, when the app closes: before the server waits for its connections, which a stream would hold forever.
  const stopWatchingAccounts = services.bus.onAccountChange(
    (userId) => void checkStreamAccounts(services.streams, services.store, userId),
  );
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    services.streams.endAll();
  });
  app.addHook('onClose', async () => stopWatchingAccounts());
  // Download and view records still in memory are written before the store closes (shutdown.ts closes the app first).
  app.addHook('onClose', async () => services.transfers.close());
  // Embargo hook: each instance runs the lift sweep; each lift is claimed in the database, so it is told once.
  if (options.embargoSweepSeconds !== undefined && !options.upstream) {
    const stopSweep = startLiftSweep(store, services.bus, options.embargoSweepSeconds * 1000);
    app.addHook('onClose', async () => stopSweep());
  }
  app.decorateRequest('caller', undefined);
  // Every route's path, query and body are declared with the contract's schemas (http/validation.ts), and the
  // routes as registered make the interface's description (http/openapi.ts).
  app.setValidatorCompiler(zodValidatorCompiler);
  const apiRoutes = recordRoutes(app, '/api');

  // Bodies: JSON only (415 otherwise), 1 MiB at most (413), an object within http/jsonBody.ts's limits (400).
  // Proxying, the body goes to the upstream as it came (routes/proxy.ts), which applies its own rules.
  if (!options.upstream) {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_req, body, done) => {
      try {
        done(null, parseJsonBody(String(body)));
      } catch (e) {
        done(e as HttpError, undefined);
      }
    });
    app.addContentTypeParser('*', (_req, _payload, done) => {
      done(new HttpError(415, 'unsupported_media_type', 'send the body as application/json'), undefined);
    });
  }

  app.setErrorHandler(
    (error: FastifyError | HttpError | DomainError | UniqueViolation | StoreUnavailable, request, reply) => {
      // A refusal of the rules (domain/errors.ts), answered as its kind says: http/errors.ts maps each, in one place.
      if (error instanceof DomainError) error = httpErrorOf(error)!;
      // A unique value taken (the database's check) that no route put in its own words: still a 409, not a 500.
      if (error instanceof UniqueViolation) error = conflict(error.message);
      // The database restarting, stopped or full: 503 with Retry-After, or 507, never a 500 (docs/API.md "Errors").
      if (error instanceof StoreUnavailable) {
        request.log.warn({ reason: error.message }, 'store unavailable');
        error = storeUnavailable(error, reply);
      }
      if (error instanceof HttpError) {
        const body: { code: string; message: string; details?: unknown } = { code: error.code, message: error.message };
        if (error.details !== undefined) body.details = error.details;
        return reply.status(error.status).type('application/json').send({ error: body });
      }
      const status = error.statusCode ?? 500;
      if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return reply.status(413).send({ error: { code: 'payload_too_large', message: 'the body is over 1 MiB' } });
      }
      if (status === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        return reply
          .status(415)
          .send({ error: { code: 'unsupported_media_type', message: 'send the body as application/json' } });
      }
      if (status >= 400 && status < 500) {
        return reply.status(status).send({ error: { code: 'bad_request', message: error.message } });
      }
      const id = randomUUID();
      request.log.error({ err: error, errorId: id }, 'unexpected error');
      if (!options.logger) console.error(`[error ${id}]`, error);
      return reply
        .status(500)
        .send({ error: { code: 'internal', message: 'unexpected server error', details: { id } } });
    },
  );

  await registerSecurityHeaders(app, options.apiBase ?? '/api');
  // A request that arrives on a kept-alive connection while the app closes (docs/DEPLOY.md, "Stopping"): refused,
  // and the connection with it (Fastify's router has set Connection: close), so the client tries another instance.
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    reply.header('Retry-After', '1');
    throw new HttpError(503, 'shutting_down', 'this server is shutting down: send the request again');
  });
  app.addHook('onRequest', async (request) => checkRequestShape(request));

  const { authenticate, confirm } = await installSignInGuard(
    app,
    services.auth,
    options.signInLimits ?? DEFAULT_SIGNIN_LIMITS,
  );
  app.decorate('confirmPassword', confirm);
  const uploadMax = options.uploadMaxBytes ?? DEFAULT_UPLOAD_MAX_BYTES;
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api')) return;
    for (const [k, v] of Object.entries(CORS_HEADERS)) reply.header(k, v);
    const origin = request.headers.origin;
    if (origin) {
      reply.header('Access-Control-Allow-Origin', origin);
      addVary(reply, 'Origin');
    }
    if (request.method === 'OPTIONS') {
      // The tus discovery (docs/API.md "Uploads"): the size limit, so a browser refuses a file too big before sending.
      if (request.url.split('?')[0] === UPLOADS_PATH)
        reply.header('Tus-Resumable', '1.0.0').header('Tus-Version', '1.0.0').header('Tus-Max-Size', String(uploadMax));
      return reply.status(204).send();
    }
    if (options.upstream || isPublicApiPath(request.url)) return;
    request.caller = await authenticate(request, reply);
  });

  // onSend order matters: validators first (a cached answer keeps its ETag), then the cache, then compression.
  installConditionalGets(app, { skip: isPublicApiPath });
  if (cached) {
    installResponseCache(app, store, {
      ...options.responseCacheBounds,
      // The mail jobs are the queue's, not records: no collection's change would tell the cache they moved on.
      // Reports read the clock (overdue orders, the default range): never kept.
      skip: (p) =>
        p.endsWith('/stream') || p === '/api/mail/jobs' || p.startsWith('/api/reports') || isPublicApiPath(p),
    });
  }
  installCompression(app);
  installTransferLog(app, services.transfers);

  app.get('/healthz', async () => ({ ok: true }));
  app.get('/api/healthz', async () => ({ ok: true }));
  const readiness = readinessCheck(services.store);
  app.get('/readyz', readiness);
  app.get('/api/readyz', readiness);

  if (options.upstream) {
    await app.register(proxyRoutes, { prefix: '/api', upstream: options.upstream });
  } else {
    const plugins = [
      workRequestRoutes,
      userRoutes,
      invitationRoutes,
      translationRoutes,
      memoryRoutes,
      offlineRoutes,
      shareRoutes,
      assetRoutes,
      previewRoutes,
      fileRoutes,
      commentRoutes,
      catalogRoutes,
      notificationRoutes,
      glossaryRoutes,
      specRoutes,
      qcAcceptanceRoutes,
      downloadRoutes,
      deliveryRoutes,
      mailRoutes,
      ingestRoutes,
      reportRoutes,
    ];
    for (const plugin of plugins) await app.register(plugin, { prefix: '/api', services });
    await app.register(uploadRoutes, {
      prefix: '/api',
      services,
      blobs,
      maxBytes: uploadMax,
    });
  }

  // Made once every route is registered: at the first request, or when asked (tests enumerate the routes with it).
  let description: OpenApiDocument | undefined;
  const apiDescription = () =>
    (description ??= openApiDocument(apiRoutes, { version: PACKAGE_VERSION, isPublic: isPublicApiPath }));
  app.decorate('apiDescription', apiDescription);
  // Proxying, the upstream describes itself.
  if (!options.upstream) app.get('/api/openapi.json', async () => apiDescription());

  // The app's runtime configuration (src/api/config.ts): in index.html as a JSON block (data, not script: the
  // pages' CSP allows no inline script), and served as /config.json.
  const runtimeConfig = { apiBase: options.apiBase ?? '/api' };
  const configScript = `<script type="application/json" id="${CONFIG_ELEMENT_ID}">${JSON.stringify(runtimeConfig).replace(/</g, '\\u003c')}</script>`;
  app.get('/config.json', async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return runtimeConfig;
  });

  const dist = options.distDir;
  if (dist && fs.existsSync(path.join(dist, 'index.html'))) {
    // index.html carries the runtime configuration (no round trip for /config.json before the first request; first
    // in the head, for the early script) and the page's own modules and styles (routePreloads.ts), so none waits for
    // another to be read.
    serveBuiltApp(app, { root: dist, headStart: configScript, headInsert: (url) => routePreloadLinks(dist, url) });
  } else {
    app.setNotFoundHandler((request, reply) => {
      if (request.url.startsWith('/api')) {
        return reply
          .status(404)
          .send({ error: { code: 'not_found', message: `no route ${request.method} ${request.url.split('?')[0]}` } });
      }
      return reply
        .type('text/html')
        .send(
          '<!doctype html><title>MWS Console</title><p>The app is not built yet: run <code>npm run build</code>.</p>',
        );
    });
  }

  return app;
}
