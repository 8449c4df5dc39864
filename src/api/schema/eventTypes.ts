/**
 * The notification event types, without the event's schema: the inbox's tabs read them, and so does the request
 * started before the app runs (src/app/earlyRequest.ts), which must stay small (no zod).
 */

/** The event types about one work request (docs/API.md): the inbox's Orders. */
export const WORK_REQUEST_EVENT_TYPES = [
  'wam',
  'wr-status',
  'wr-comment',
  'translation-submitted',
  'wr-created',
  'wr-assigned',
  'wr-unassigned',
  'wr-changed',
  'materials-in',
  /** The order is complete with its files: its recipients may download them (docs/API.md "Deliveries"). */
  'delivery',
] as const;
/** Event types this project emits (the spec shows only `wam`; docs/API.md lists what each means). */
export const EVENT_TYPES = [
  ...WORK_REQUEST_EVENT_TYPES,
  'share',
  /** A share's recipients gave feedback (batched for its sender: docs/API.md "Share feedback"). */
  'share-feedback',
  'embargo',
  'embargo-request',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
