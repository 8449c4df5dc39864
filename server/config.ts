/** Runtime configuration from the environment, validated in one place. */
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_PASSWORD_CHECKS } from './domain/auth';
import { DEFAULT_SIGNIN_LIMITS as LIMITS } from './http/signInGuard';

const env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  /** Serve the API from a real deployment instead of the embedded database. */
  MWS_UPSTREAM: z.url().optional(),
  /** The API base the browser app calls, served as /config.json (default '/api', same origin). */
  MWS_API_BASE: z.string().optional(),
  /** Hex key for signed links; random per process when absent. */
  MWS_SIGNING_KEY: z.string().regex(/^[0-9a-f]{64}$/, 'expected 64 hex characters').optional(),
  DIST_DIR: z.string().default('./dist'),
  LOG: z.enum(['true', 'false']).default('true'),
  /** Cache answered GETs until the next write (default yes; off only to measure the uncached path). */
  RESPONSE_CACHE: z.enum(['true', 'false']).default('true'),
  /** Seed the demo data on an empty database (default yes). */
  SEED: z.enum(['true', 'false']).default('true'),
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
});

export type Config = z.infer<typeof env> & { dbFile: string };

export function readConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = env.safeParse(source);
  if (!parsed.success) {
    throw new Error(`configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  return { ...parsed.data, dbFile: path.join(parsed.data.DATA_DIR, 'mws.sqlite') };
}
