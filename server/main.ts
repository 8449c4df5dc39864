/** Reads the configuration, opens the store (seeding demo data on an empty one), builds the app and listens. */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { readConfig } from './config';
import { openStore } from './storage/openStore';
import { buildApp } from './app';
import { isEmpty, seedDemo } from './seed/demo';
import { featurePictureMissingMessage } from './domain/featurePicture';
import { mediaCacheDir } from './domain/mediaLibrary';
import { ffmpegMissingMessage } from './domain/watermark/ffmpeg';
import { exitOnSignals } from './shutdown';
import { DiskBlobs } from './uploads/diskBlobs';
import { PostgresBlobs } from './uploads/postgresBlobs';
import { mailDestination, startMail } from './domain/mail/mailer';
import { configureFanOut, fanOutHandlers } from './domain/events';
import { ingestUnavailableMessage, startIngestRunner } from './domain/ingest/ingest';
import { startBlobSweep } from './domain/ingest/blobSweep';
import type { JobRunner } from './storage/jobs';

/** The signing key lives beside the database, so signed links survive a restart. */
function signingKey(dataDir: string, fromEnv?: string): Buffer {
  if (fromEnv) return Buffer.from(fromEnv, 'hex');
  const file = path.join(dataDir, 'signing.key');
  if (fs.existsSync(file)) return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  const key = randomBytes(32);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, key.toString('hex'), { mode: 0o600 });
  return key;
}

async function main(): Promise<void> {
  const config = readConfig();
  const { store, bus, where } = await openStore({
    databaseUrl: config.DATABASE_URL,
    dbFile: config.dbFile,
    sqliteMemory: { cacheMb: config.SQLITE_CACHE_MB, mmapMb: config.SQLITE_MMAP_MB },
    sqliteReaders: config.SQLITE_READERS,
  });
  let synthesised: string[] = [];
  if (!config.MWS_UPSTREAM && config.SEED === 'true' && (await isEmpty(store))) {
    const started = Date.now();
    synthesised = (await seedDemo(store)).synthesisedPreviews;
    console.log(`Seeded demo data into ${where} in ${Date.now() - started} ms`);
  }
  const app = await buildApp({
    store,
    bus,
    distDir: config.DIST_DIR,
    logger: config.LOG === 'true',
    upstream: config.MWS_UPSTREAM,
    responseCache: config.RESPONSE_CACHE === 'true',
    responseCacheBounds: {
      maxTotalBytes: config.RESPONSE_CACHE_MAX_MB * 2 ** 20,
      maxEntries: config.RESPONSE_CACHE_MAX_ENTRIES,
    },
    apiBase: config.MWS_API_BASE,
    signingKey: signingKey(config.DATA_DIR, config.MWS_SIGNING_KEY),
    invitationTtlSeconds: config.INVITATION_TTL_SECONDS,
    signInLimits: {
      windowSeconds: config.SIGNIN_WINDOW_SECONDS,
      perAccountAddress: config.SIGNIN_MAX_FAILURES_ACCOUNT_ADDRESS,
      perAddress: config.SIGNIN_MAX_FAILURES_ADDRESS,
      perAccount: config.SIGNIN_MAX_FAILURES_ACCOUNT,
    },
    passwordChecks: { concurrency: config.PASSWORD_CHECKS_CONCURRENT, queue: config.PASSWORD_CHECKS_QUEUED },
    publicOrigin: config.MWS_PUBLIC_ORIGIN,
    trustProxy: config.TRUST_PROXY,
    mediaCacheDir: mediaCacheDir(config.DATA_DIR),
    featurePictureSeconds: config.FEATURE_PICTURE_SECONDS,
    watermarks: {
      ffmpegPath: config.FFMPEG_PATH,
      concurrency: config.WATERMARK_JOBS,
      maxQueued: config.WATERMARK_QUEUE,
      maxBytes: config.WATERMARK_CACHE_MB * 2 ** 20,
      log: (message) => console.warn(message),
    },
    streamLimits: { perUser: config.LIVE_STREAMS_PER_USER, max: config.LIVE_STREAMS_MAX },
    embargoSweepSeconds: config.EMBARGO_SWEEP_SECONDS,
    // Uploads beside the data: in PostgreSQL when the app runs on it (every instance reaches them), else DATA_DIR.
    blobs: config.DATABASE_URL
      ? new PostgresBlobs(config.DATABASE_URL)
      : new DiskBlobs(path.join(path.resolve(config.DATA_DIR), 'uploads')),
    uploadMaxBytes: config.UPLOAD_MAX_BYTES,
    timeouts: {
      headersMs: config.HEADERS_TIMEOUT_SECONDS * 1000,
      requestMs: config.REQUEST_TIMEOUT_SECONDS * 1000,
      idleMs: config.IDLE_TIMEOUT_SECONDS * 1000,
      keepAliveMs: config.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    },
  });
  let mail: Awaited<ReturnType<typeof startMail>> | undefined;
  let ingest: JobRunner | undefined;
  let fanOut: JobRunner | undefined;
  let blobSweep: JobRunner | undefined;
  configureFanOut(config.FAN_OUT_BATCH);
  exitOnSignals(
    app,
    async () => {
      await mail?.stop();
      await ingest?.stop();
      await fanOut?.stop();
      await blobSweep?.stop();
      await bus?.close();
      await store.close();
    },
    config.SHUTDOWN_TIMEOUT_SECONDS * 1000,
  );
  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const port = new URL(address).port;
  if (!config.MWS_UPSTREAM) {
    // Every instance runs the mail jobs (the queue gives each to one); links in mails point at the public origin.
    mail = await startMail(app.services.store, app.services.signer, {
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      origin: config.MWS_PUBLIC_ORIGIN ?? `http://localhost:${port}`,
    });
    console.log(mailDestination({ smtpUrl: config.SMTP_URL }));
    // The rest of a large fan-out's notifications, batch by batch (domain/events.ts), on every instance.
    fanOut = await app.services.store.runJobs(fanOutHandlers(app.services.store, app.services.bus), { concurrency: 1 });
    // Blobs no record refers to, past their grace period (domain/ingest/blobSweep.ts): one schedule, any instance.
    blobSweep = await startBlobSweep(
      app.services.store,
      app.services.blobs,
      { graceMs: config.BLOB_GRACE_SECONDS * 1000, everyMs: config.BLOB_SWEEP_SECONDS * 1000 },
      (message) => console.log(message),
    );
    // Ingest of uploads (domain/ingest/ingest.ts): every instance with ffmpeg runs its jobs, one at a time.
    const tools = await app.services.mediaTools();
    if (tools.problem) console.warn(ingestUnavailableMessage(tools));
    else ingest = await startIngestRunner(app.services.store, app.services.blobs, { ffmpegPath: config.FFMPEG_PATH });
  }
  // Made in slices, so requests are answered meanwhile; one asking for it joins the making under way.
  // The feature's picture follows its sound, in an ffmpeg process (docs/decisions/218); without ffmpeg it is audio only.
  if (config.PREPARE_MEDIA === 'true') void app.services.media.prepare(synthesised);
  if (synthesised.length > 0 && !config.MWS_UPSTREAM) {
    const tools = await app.services.mediaTools();
    if (tools.problem) console.warn(featurePictureMissingMessage(tools));
  }
  const ffmpeg = await app.services.watermarks.ffmpeg();
  if (ffmpeg.problem && !config.MWS_UPSTREAM) console.warn(ffmpegMissingMessage(ffmpeg));
  console.log(`\nMWS Console is running at http://localhost:${port}/`);
  if (config.MWS_UPSTREAM) {
    console.log(`API requests go to ${config.MWS_UPSTREAM}`);
  } else {
    console.log(
      'Demo accounts: admin@mws.test / admin-demo, coordinator@mws.test / coordinator-demo, translator@mws.test / translator-demo',
    );
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
