/** Runtime configuration from the environment, validated in one place. */
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_PASSWORD_CHECKS } from './domain/auth';
import { DEFAULT_SIGNIN_LIMITS as LIMITS } from './http/signInGuard';
import { DEFAULT_TIMEOUTS } from './http/requestLimits';
import { RESPONSE_CACHE_DEFAULTS } from './http/responseCache';
import { SQLITE_MEMORY_DEFAULTS } from './storage/sqlite/sqliteStore';
import { DEFAULT_STREAMS_PER_USER } from './http/liveStreams';
import { WATERMARK_DEFAULTS } from './domain/watermark/watermarks';
import { DEFAULT_UPLOAD_MAX_BYTES } from './uploads/uploadRules';

const env = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    /** PostgreSQL instead of the embedded SQLite (`postgres://user:password@host:5432/database`); DATA_DIR still
     * holds the link-signing key unless MWS_SIGNING_KEY is set. */
    DATABASE_URL: z.preprocess(
      (v) => (v === '' ? undefined : v), // set but empty: SQLite, as when unset
      z
        .string()
        .refine((v) => /^postgres(ql)?:\/\//.test(v) && URL.canParse(v), 'expected a postgres:// URL')
        .optional(),
    ),
    /** Serve the API from a real deployment instead of the embedded database. */
    MWS_UPSTREAM: z.url().optional(),
    /** The API base the browser app calls, served as /config.json (default '/api', same origin). */
    MWS_API_BASE: z
      .string()
      .refine(
        (v) => v.startsWith('/') || (/^https?:\/\//i.test(v) && URL.canParse(v)),
        'expected a path (/api) or an http(s) URL',
      )
      .optional(),
    /** Hex key for signed links; random per process when absent. */
    MWS_SIGNING_KEY: z
      .string()
      .regex(/^[0-9a-f]{64}$/, 'expected 64 hex characters')
      .optional(),
    DIST_DIR: z.string().default('./dist'),
    LOG: z.enum(['true', 'false']).default('true'),
    /** Cache answered GETs until the next write (default yes; off only to measure the uncached path). */
    RESPONSE_CACHE: z.enum(['true', 'false']).default('true'),
    /** The most memory the response cache's answers take, compressed forms included, in MiB (http/responseCache.ts). */
    RESPONSE_CACHE_MAX_MB: z.coerce
      .number()
      .int()
      .min(1)
      .max(65_536)
      .default(RESPONSE_CACHE_DEFAULTS.maxTotalBytes / 2 ** 20),
    /** The most answers the response cache keeps. */
    RESPONSE_CACHE_MAX_ENTRIES: z.coerce
      .number()
      .int()
      .min(1)
      .max(10_000_000)
      .default(RESPONSE_CACHE_DEFAULTS.maxEntries),
    /** SQLite's page cache, in MiB (the process's own memory; not with DATABASE_URL). */
    SQLITE_CACHE_MB: z.coerce.number().int().min(1).max(65_536).default(SQLITE_MEMORY_DEFAULTS.cacheMb),
    /** How much of the SQLite database is read through a memory map, in MiB (0: none; file pages, counted in RSS). */
    SQLITE_MMAP_MB: z.coerce.number().int().min(0).max(1_048_576).default(SQLITE_MEMORY_DEFAULTS.mmapMb),
    /**
     * Reader workers answering SQLite's list pages, counts and report figures off the event loop (0: on it; each has
     * its own page cache of SQLITE_CACHE_MB; docs/decisions/205-sqlite-reader-workers.md).
     */
    SQLITE_READERS: z.coerce.number().int().min(0).max(16).default(0),
    /**
     * How many recipients an event's own transaction notifies; the rest are notified in batches of this size from the
     * job queue (domain/events.ts; docs/API.md "Notifications").
     */
    FAN_OUT_BATCH: z.coerce.number().int().min(1).max(100_000).default(500),
    /** Seed the demo data on an empty database (default yes). */
    SEED: z.enum(['true', 'false']).default('true'),
    /** Make the media the server synthesises (the demo feature's audio) right after seeding, in the background, so
     * its first viewer does not wait for it (default yes; the API tests' servers turn it off to save the CPU). */
    PREPARE_MEDIA: z.enum(['true', 'false']).default('true'),
    /** Seconds of the synthesised feature that get a picture (docs/decisions/218; its sound stays whole): the whole
     * feature unless set; the e2e server sets a minute, so its making does not take the shared cores for minutes. */
    FEATURE_PICTURE_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 3600)
      .optional(),
    /** ffmpeg, which burns watermarks into previews (docs/API.md, "Watermarks"); checked at start. */
    FFMPEG_PATH: z.string().min(1).default(WATERMARK_DEFAULTS.ffmpegPath),
    /** Watermarked copies made at once (each an ffmpeg process on one core), and requests that may wait for a slot. */
    WATERMARK_JOBS: z.coerce.number().int().min(1).max(64).default(WATERMARK_DEFAULTS.concurrency),
    WATERMARK_QUEUE: z.coerce.number().int().min(0).max(10_000).default(WATERMARK_DEFAULTS.maxQueued),
    /** Disk the watermarked copies may take in DATA_DIR/media/watermarked, in MiB (least recently served dropped). */
    WATERMARK_CACHE_MB: z.coerce
      .number()
      .int()
      .min(1)
      .max(1_048_576)
      .default(WATERMARK_DEFAULTS.maxBytes / 2 ** 20),
    /** How often each instance looks for embargoes whose end has passed, to tell their lift (seconds; docs/API.md
     * "Embargoes"). */
    EMBARGO_SWEEP_SECONDS: z.coerce.number().positive().max(86_400).default(30),
    /** How often the blobs no record refers to are swept, in seconds (docs/API.md "Uploads"; default a day). */
    BLOB_SWEEP_SECONDS: z.coerce
      .number()
      .positive()
      .max(7 * 86_400)
      .default(86_400),
    /** How long a blob nobody refers to is kept after it last changed, in seconds (default 7 days: a paused upload
     * resumed within a week goes on). */
    BLOB_GRACE_SECONDS: z.coerce
      .number()
      .positive()
      .default(7 * 86_400),
    /** The largest file accepted by an upload, in bytes (docs/API.md "Uploads"; default 50 GiB). */
    UPLOAD_MAX_BYTES: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).default(DEFAULT_UPLOAD_MAX_BYTES),
    /** How long an invitation link stays valid, in seconds (default 14 days). */
    INVITATION_TTL_SECONDS: z.coerce.number().int().min(1).optional(),
    /** Failed sign-ins (server/http/signInGuard.ts): the window in seconds, and how many fail per account and address, per address, per account. */
    SIGNIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(LIMITS.windowSeconds),
    SIGNIN_MAX_FAILURES_ACCOUNT_ADDRESS: z.coerce.number().int().min(1).default(LIMITS.perAccountAddress),
    SIGNIN_MAX_FAILURES_ADDRESS: z.coerce.number().int().min(1).default(LIMITS.perAddress),
    SIGNIN_MAX_FAILURES_ACCOUNT: z.coerce.number().int().min(1).default(LIMITS.perAccount),
    /** Password checks (scrypt) that run at once, and that may wait; more are answered 503 at once. */
    PASSWORD_CHECKS_CONCURRENT: z.coerce.number().int().min(1).max(64).default(DEFAULT_PASSWORD_CHECKS.concurrency),
    PASSWORD_CHECKS_QUEUED: z.coerce.number().int().min(0).default(DEFAULT_PASSWORD_CHECKS.queue),
    /**
     * The origin clients reach this server at (`https://console.example.com`): `$links` and app URLs in records use
     * it instead of the request's Host header.
     */
    MWS_PUBLIC_ORIGIN: z
      .url()
      .refine(
        (v) => !URL.canParse(v) || new URL(v).origin === v.replace(/\/$/, ''),
        'expected an origin only: scheme, host and port, no path',
      )
      .transform((v) => new URL(v).origin)
      .optional(),
    /**
     * The load balancers or reverse proxies in front of this server, as addresses or CIDR ranges separated by commas
     * (`10.0.0.5,10.0.1.0/24`; also `loopback`, `linklocal`, `uniquelocal`): requests from them are taken to come
     * from the nearest address in their `X-Forwarded-For` that is not itself trusted, so the sign-in limits count
     * each client's address, not the balancer's. Unset: the connection's own address.
     */
    TRUST_PROXY: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .regex(/^[0-9A-Za-z.:/]+(,\s*[0-9A-Za-z.:/]+)*$/, 'expected addresses or CIDR ranges separated by commas')
        .optional(),
    ),
    /** Time a client has to send a request's headers, in seconds (defaults and reasons: http/requestLimits.ts). */
    HEADERS_TIMEOUT_SECONDS: z.coerce
      .number()
      .positive()
      .default(DEFAULT_TIMEOUTS.headersMs / 1000),
    /** Time a client has to send a whole request, headers and body, in seconds. */
    REQUEST_TIMEOUT_SECONDS: z.coerce
      .number()
      .positive()
      .default(DEFAULT_TIMEOUTS.requestMs / 1000),
    /** A connection with no traffic either way for this long is closed; above the live stream's 20 s heartbeat. */
    IDLE_TIMEOUT_SECONDS: z.coerce
      .number()
      .min(30, "must stay above the live stream's 20 s heartbeat")
      .default(DEFAULT_TIMEOUTS.idleMs / 1000),
    /** How long a kept-alive connection waits for its next request, in seconds. */
    KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce
      .number()
      .positive()
      .default(DEFAULT_TIMEOUTS.keepAliveMs / 1000),
    /**
     * On SIGTERM/SIGINT: how long requests in flight have to be answered before the process exits anyway, in seconds
     * (server/shutdown.ts; docs/DEPLOY.md "Stopping"). Keep it below the supervisor's own stop timeout.
     */
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(10),
    /**
     * Mail out over SMTP (docs/API.md "Mail"): `smtp://user:pass@host:587` or `smtps://…:465`, nodemailer's
     * options as its query (`?tls.rejectUnauthorized=false`). Unset: mail is kept in the outbox admins read.
     */
    SMTP_URL: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .refine((v) => /^smtps?:\/\//.test(v) && URL.canParse(v), 'expected an smtp:// or smtps:// URL')
        .optional(),
    ),
    /** The From of every mail. */
    MAIL_FROM: z.string().min(3).default('MWS Console <no-reply@mws-console.invalid>'),
    /** Live notification streams one user may hold in this process; a further one ends their oldest. */
    LIVE_STREAMS_PER_USER: z.coerce.number().int().min(1).max(1000).default(DEFAULT_STREAMS_PER_USER),
    /** Live notification streams this process holds at most; more are refused (503). Default: half the open-files
     * limit (http/liveStreams.ts). */
    LIVE_STREAMS_MAX: z.coerce.number().int().min(1).optional(),
  })
  .refine((e) => e.HEADERS_TIMEOUT_SECONDS <= e.REQUEST_TIMEOUT_SECONDS, {
    path: ['HEADERS_TIMEOUT_SECONDS'],
    message: 'must not exceed REQUEST_TIMEOUT_SECONDS',
  });

export type Config = z.infer<typeof env> & { dbFile: string };

export function readConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = env.safeParse(source);
  if (!parsed.success) {
    throw new Error(`configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  return { ...parsed.data, dbFile: path.join(parsed.data.DATA_DIR, 'mws.sqlite') };
}
