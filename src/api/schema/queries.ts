/**
 * The query parameters of the interface's reads, and the path parameters of its routes: what a request may put in
 * its URL, declared once for the server's edge (server/http/validation.ts checks them before a route runs) and the
 * description it serves (GET /api/openapi.json). A parameter given twice counts once (its first value), and one given
 * blank is absent: the server normalizes both before these schemas see the query. Parameters no schema names are
 * ignored. Values whose rules span several parameters or read the store (a status list, a due range, day bounds)
 * are declared here as text and read by their route (docs/API.md: "Extensions", "Orders", "Dashboard").
 */
import * as z from 'zod/mini';
import { id } from './common';
import { TRANSLATION_STATUSES } from './translationStatuses';

const text = z.optional(z.string());

/** `true` or `false`, as a boolean. */
const flag = z.optional(
  z.pipe(
    z.enum(['true', 'false'], { error: 'expected true or false' }),
    z.transform((v) => v === 'true'),
  ),
);

/** A record's id in the path. Its form is not checked here: an id of the wrong form is unknown, a 404. */
export const idParams = z.object({ id });
/** A share's asset (`/shares/{id}/feedback/{asset}`) or recipient (`/shares/{id}/invitations/{user}`). */
export const shareAssetParams = z.object({ id, asset: id });
export const shareUserParams = z.object({ id, user: id });
/** A translation's review round in the path (routes/translations.ts): its number, 1 or more. */
export const roundParams = z.object({
  id,
  round: z.string().check(z.regex(/^[1-9]\d{0,5}$/, 'expected a round number')),
});
/** An invitation's one-time code in the path (routes/invitations.ts). */
export const codeParams = z.object({ code: z.string() });
/** A kind of mail in an unsubscribe link's path (routes/mail.ts), or `all`. */
export const mailKindParams = z.object({ kind: z.string() });

/** The orders of the work-request lists (`?sort=`): soonest or latest due, oldest or newest. */
export const WORK_REQUEST_SORTS = ['due', '-due', 'created', '-created'] as const;
export type WorkRequestSort = (typeof WORK_REQUEST_SORTS)[number];
const workRequestSort = z.optional(
  z.enum(WORK_REQUEST_SORTS, { error: `expected one of ${WORK_REQUEST_SORTS.join(', ')}` }),
);

/** The filters of GET /workrequests, which GET /workrequests/dueCounts counts by day. */
const workRequestFilters = {
  status: text,
  language: text,
  territory: text,
  project: text,
  assignee: text,
  dueFrom: text,
  dueTo: text,
  q: text,
};
export const workRequestListQuery = z.object({ ...workRequestFilters, sort: workRequestSort });
export const dueCountsQuery = z.object({ ...workRequestFilters, bounds: text });
export type WorkRequestFilters = Omit<z.output<typeof workRequestListQuery>, 'sort'>;
export const automationQueueQuery = z.object({ sort: workRequestSort });

export const userListQuery = z.object({ assignableTo: text, q: text, project: text });
export const projectListQuery = z.object({ studio: text, archived: flag, q: text });
export const glossaryListQuery = z.object({
  translation: text,
  studio: text,
  project: text,
  language: text,
  search: text,
});
/** GET /specs: a studio's specs, narrowed (docs/API.md "Delivery specifications"). */
export const specListQuery = z.object({ studio: text, project: text, language: text });
/**
 * GET /specs/applied: the spec an order, or a translation's order, is judged by; or (`studio`, `project`, `language`)
 * the spec an order the caller is about to place there would get.
 */
export const appliedSpecQuery = z.object({
  workRequest: text,
  translation: text,
  studio: text,
  project: text,
  language: text,
});
export const projectQuery = z.object({ project: text });
/**
 * `GET /assets/countByProject`: a project's assets (all the caller sees when absent), narrowed by words of the name,
 * slug or type (`q`) and by an asset type (`type`): the catalog's asset search (docs/API.md, operation 9).
 */
export const assetListQuery = z.object({ project: text, q: text, type: text });
export const assetQuery = z.object({ asset: text });
/** GET /files: an asset's files, or a studio's pictures (`studio` with `kind=picture`: docs/API.md "Logos"). */
export const fileListQuery = z.object({ asset: text, studio: text, kind: text });
export const workRequestQuery = z.object({ workRequest: text });
/** GET /api/ingests: whose (`me`, the default, or `studio`: staff) and which states (comma list). */
export const ingestListQuery = z.object({ who: text, state: text });
export const notificationListQuery = z.object({ q: text, type: text, read: flag, summary: flag });

/** A signed link's parameters (server/domain/signing.ts checks them against the signature). */
export const signedLinkQuery = z.object({ expires: text, user: text, link: text, use: text, sig: text });
export const translationListQuery = z.object({
  status: z.optional(z.enum(TRANSLATION_STATUSES, { error: `expected one of ${TRANSLATION_STATUSES.join(', ')}` })),
  language: text,
});

/** The body of a write that reads none (POST /session, an access request): whatever is sent is ignored. */
export const unreadBody = z.unknown();

/**
 * An upload's bytes (tus, `application/offset+octet-stream`; none when an upload is created), streamed to the
 * store by the upload handler, never parsed (docs/API.md "Uploads").
 */
export const uploadBytes = z.unknown();

/**
 * The headers of a list's read: the page it asks for (`X-Range: resources=<first>-<last>`, docs/API.md "Lists"), read
 * where the page is (server/http/paging.ts), after the list's own checks.
 */
export const pagedHeaders = z.object({
  'x-range': z.optional(z.string().check(z.regex(/^\s*resources=\d{1,9}-\d{1,9}\s*$/))),
});

/**
 * The query of GET /reports/{name} (docs/API.md "Reports"): a date range of placed orders (`from`, `to`: UTC days,
 * both included), the filters, and for the series the period (`by`). Whether a day is a day and `from` is not after
 * `to` is the route's check (server/domain/reports.ts).
 */
export const REPORT_PERIODS = ['week', 'month'] as const;
export const reportQuery = z.object({
  from: text,
  to: text,
  studio: text,
  project: text,
  language: text,
  territory: text,
  group: text,
  vendor: text,
  by: z.optional(z.enum(REPORT_PERIODS, { error: `expected one of ${REPORT_PERIODS.join(', ')}` })),
});
export type ReportQuery = z.output<typeof reportQuery>;
/** The report's name in the path (an unknown one is a 404). */
export const reportParams = z.object({ name: z.string() });
