/** Extension `GET /mail/outbox`: the mails kept or sent, newest first (admins only; docs/API.md "Mail"). */
import { outboxMail } from './schema/mail';
import { requestList, type ListOptions } from './client';

export function listOutbox(options: Omit<ListOptions, 'query'> = {}) {
  return requestList(outboxMail, '/mail/outbox', options);
}
