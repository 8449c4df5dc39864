/** Notification (collection `Notifications`), generated from events. */
import * as z from 'zod/mini';
import { doc, id, ts, selfLinks } from './common';
import { event } from './event';

export const notification = doc({
  _id: id,
  from: id,
  to: id,
  event,
  type: z.string(),
  title: z.string(),
  emailSubject: z.string(),
  read: z.boolean(),
  viewed: z.boolean(),
  sent: z.boolean(),
  added: ts,
  created: ts,
  $links: selfLinks,
});
export type Notification = z.infer<typeof notification>;
