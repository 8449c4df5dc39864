/** Event: what a notification is about. */
import * as z from 'zod/mini';
import { doc, id, ts, anyList } from './common';
import { userStatus } from './user';
import { eventWorkRequest, workRequestUrls } from './workRequest';

/** The event types about one work request (docs/API.md): the inbox's Orders. */
export const WORK_REQUEST_EVENT_TYPES = [
  'wam',
  'wr-status',
  'wr-comment',
  'translation-submitted',
  'wr-created',
  'wr-assigned',
  'wr-changed',
] as const;
/** Event types this project emits (the spec shows only `wam`; docs/API.md lists what each means). */
export const EVENT_TYPES = [...WORK_REQUEST_EVENT_TYPES, 'share', 'embargo'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const event = doc({
  _id: id,
  processed: z.boolean(),
  pushed: z.boolean(),
  digested: z.boolean(),
  created: ts,
  from: doc({
    _id: id,
    status: userStatus,
    username: z.string(),
    invite: z.string(),
    emailNormal: z.string(),
    name: z.string(),
  }),
  type: z.string(),
  workRequest: eventWorkRequest,
  projects: z.array(doc({ _id: id, name: z.string(), slug: z.string() })),
  urls: workRequestUrls,
  notify: doc({ users: z.array(id), groups: z.array(id) }),
  assets: anyList,
});
export type Event = z.infer<typeof event>;
