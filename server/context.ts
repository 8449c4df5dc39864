/** What every route plugin gets: the store, the authenticator, the notification bus, the link signer and settings. */
import type { ConfirmPassword } from './http/signInGuard';
import type { FastifyRequest } from 'fastify';
import type { Store } from './storage/store';
import type { Authenticator } from './domain/auth';
import type { NotificationBus } from './domain/events';
import type { LinkSigner } from './domain/signing';
import type { Caller } from './domain/types';
import type { MediaLibrary } from './domain/mediaLibrary';
import type { Watermarks } from './domain/watermark/watermarks';
import type { LiveStreams } from './http/liveStreams';
import type { TransferLog } from './http/transferLog';
import type { BlobStore } from './uploads/blobStore';
import type { OpenApiDocument } from './http/openapi';
import type { FfmpegStatus } from './domain/watermark/ffmpeg';

export interface Services {
  store: Store;
  auth: Authenticator;
  bus: NotificationBus;
  /** The open live notification streams and their limits (http/liveStreams.ts). */
  streams: LiveStreams;
  signer: LinkSigner;
  /** Download and view records of signed links, written in batches (http/transferLog.ts). */
  transfers: TransferLog;
  /** Where media bytes are (domain/mediaLibrary.ts). */
  media: MediaLibrary;
  /** Where uploaded bytes are (uploads/blobStore.ts): the disk, or PostgreSQL shared by every instance. */
  blobs: BlobStore;
  /** Watermarked copies of previews (domain/watermark/watermarks.ts). */
  watermarks: Watermarks;
  /** Whether ingest can run ffmpeg and ffprobe (domain/ingest/ingest.ts), checked once. */
  mediaTools: () => Promise<FfmpegStatus>;
  /** How long an invitation code stays valid, in seconds (domain/invitations.ts). */
  invitationTtl: number;
  /** `MWS_PUBLIC_ORIGIN`: the origin `$links` and app URLs use instead of the request's Host. */
  publicOrigin?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | undefined;
  }
  interface FastifyInstance {
    services: Services;
    /** Checks a password the caller types again, as a sign-in (http/signInGuard.ts). */
    confirmPassword: ConfirmPassword;
    /** The interface's description (GET /api/openapi.json), made from the routes registered (http/openapi.ts). */
    apiDescription: () => OpenApiDocument;
  }
}

/** The signed-in caller; routes behind the auth hook always have one. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error('route reached without authentication');
  return request.caller;
}
