/** A mail as the outbox keeps it (extension `GET /mail/outbox`, admins only; docs/API.md "Mail"). */
import * as z from 'zod/mini';
import { doc, id, ts } from './common';

export const outboxMail = doc({
  _id: id,
  to: z.string(),
  address: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  frequency: z.number(),
  delivery: z.string(),
  created: ts,
});
export type OutboxMail = z.infer<typeof outboxMail>;
