/** Event: what a notification is about. */
import * as z from 'zod/mini';
import { doc, id, ts, anyList } from './common';
import { userStatus } from './user';
import { eventWorkRequest, workRequestUrls } from './workRequest';

export { EVENT_TYPES, WORK_REQUEST_EVENT_TYPES, type EventType } from './eventTypes';

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
  /** Extension (docs/API.md "Verdicts"): a send back's or rejection's reason and the notes it asks to address. */
  verdict: doc({
    reason: z.string(),
    notes: z.array(doc({ _id: id, line: z.int(), body: z.string(), lineText: z.string() })),
  }),
});
export type Event = z.infer<typeof event>;
