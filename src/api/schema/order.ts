/**
 * The bodies that place and change an order (docs/API.md, "Orders"): `POST /workrequests` (extension) and
 * `PUT /workrequests/{id}`. Write-side schemas: strict where the record's are lenient (required fields, bounds,
 * a real time zone), so the server refuses a bad order with a 400 naming each field and the app's forms can check
 * the same rules before sending.
 */
import * as z from 'zod/mini';
import { anyList, id } from './common';
import { dng, uses } from './workRequest';
import { INITIAL_STATUSES } from './workflow';
import { WORK_REQUEST_STATUSES } from './workRequestRow';
import { isTimeZone, TIME_ZONE_MESSAGE } from './timeZone';

export { isTimeZone } from './timeZone';

/** 9999-12-31T23:59:59Z in epoch seconds: later dates are not dates a browser can show (Invalid Date). */
export const LATEST_DATE = 253_402_300_799;

/** A date with its time zone, as a form sends it: both parts required, the zone one the runtime knows. */
export const zonedDateInput = z.object({
  date: z.int().check(z.minimum(0), z.maximum(LATEST_DATE, 'expected a date before the year 10000')),
  tz: z.string().check(z.refine(isTimeZone, TIME_ZONE_MESSAGE)),
});
export type ZonedDateInput = z.infer<typeof zonedDateInput>;

/**
 * At most `max` characters once written as JSON: the order's parts whose items the spec leaves open (uses, dcp,
 * recipients, a material's files) stay small, since every event and notification about the order embeds them
 * (docs/API.md, "Order bodies: sizes").
 */
export function jsonAtMost<T extends z.ZodMiniType>(schema: T, max: number): T {
  return schema.check(
    z.refine(
      (v) => JSON.stringify(v).length <= max,
      `too large: at most ${max.toLocaleString('en')} characters as JSON`,
    ),
  );
}
/** The size bound of each open-shaped part of an order (uses, dcp, recipients, dng, the materials checklist). */
export const ORDER_PART_MAX = 20_000;

const text = (max: number) => z.string().check(z.maxLength(max));
const required = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

export const INSTRUCTIONS_MAX = 20_000;
export const instructionsInput = text(INSTRUCTIONS_MAX);
/** Tags as this console writes them: short words (`rush`, `festival`), at most 30. */
export const tagsInput = z.array(required(50)).check(z.maxLength(30));
/** The materials checklist: each item named, with whether it arrived (`complete`) and was accepted (`approved`). */
export const materialsInput = jsonAtMost(
  z
    .array(
      z.object({
        name: required(200),
        complete: z.optional(z.boolean()),
        approved: z.optional(z.boolean()),
        files: z.optional(anyList),
      }),
    )
    .check(z.maxLength(100)),
  ORDER_PART_MAX,
);
/** The translator (or vendor's translator) who does the work, by user id; `null` unassigns. */
export const assigneeInput = z.nullable(id);
export const reasonInput = z.string().check(z.trim(), z.minLength(1, 'a reason is required'), z.maxLength(2000));

/** Body of `POST /workrequests`: the server fills studio, project and asset snapshot, requester, history. */
export const orderInput = z.object({
  asset: id,
  language: required(35),
  territory: required(50),
  /** What is localized: `dialogue`, `narration`, `graphics`, each a list of treatments (`subtitles`, `dub`…). */
  dng: jsonAtMost(dng, ORDER_PART_MAX),
  due: zonedDateInput,
  deliveryDeadline: z.optional(zonedDateInput),
  uses: z.optional(jsonAtMost(uses, ORDER_PART_MAX)),
  dcp: z.optional(jsonAtMost(z.object({ items: anyList, details: anyList }), ORDER_PART_MAX)),
  assetCategory: z.optional(required(100)),
  recipients: z.optional(jsonAtMost(z.record(z.string(), anyList), ORDER_PART_MAX)),
  auto: z.optional(z.boolean()),
  autosubs: z.optional(z.boolean()),
  dualLanguages: z.optional(z.boolean()),
  instructions: z.optional(instructionsInput),
  tags: z.optional(tagsInput),
  materials: z.optional(materialsInput),
  assignee: z.optional(id),
  /**
   * The delivery specification the order is judged by (a spec of the asset's studio); left out, the most specific
   * of the studio's specs applies (docs/API.md "Delivery specifications").
   */
  spec: z.optional(id),
  /** `submitted` (default: the order is sent) or `incomplete` (a draft the requester completes later). */
  status: z.optional(z.enum(INITIAL_STATUSES)),
  /** The first history entry's reason (default "Order placed"). */
  reason: z.optional(reasonInput),
});
export type OrderInput = z.infer<typeof orderInput>;

/** Statuses in which the requester may still change their order (before work starts; docs/API.md "Orders"). */
export const REQUESTER_EDITS_IN: readonly string[] = ['incomplete', 'submitted'];

/** The order fields `PUT /workrequests/{id}` changes (each change is a history entry). */
export const ORDER_FIELDS = [
  'due',
  'deliveryDeadline',
  'instructions',
  'tags',
  'materials',
  'assignee',
  'spec',
] as const;
export type OrderField = (typeof ORDER_FIELDS)[number];

/**
 * Body of `PUT /workrequests/{id}`: a status change (`status` with its `reason`), order changes, or both (the
 * changes are made first, then the move). `reason`, without a status, is the history entry's reason for the
 * changes.
 */
export const orderChange = z.object({
  status: z.optional(z.enum(WORK_REQUEST_STATUSES)),
  reason: z.optional(reasonInput),
  due: z.optional(zonedDateInput),
  deliveryDeadline: z.optional(zonedDateInput),
  instructions: z.optional(instructionsInput),
  tags: z.optional(tagsInput),
  materials: z.optional(materialsInput),
  assignee: z.optional(assigneeInput),
  /** The delivery specification by id; `null`: the most specific match applies again. */
  spec: z.optional(z.nullable(id)),
  /** With a status moving back from review (a send back, a rejection): the review notes to address. */
  notes: z.optional(
    z.array(z.string().check(z.regex(/^[0-9a-f]{24}$/, 'expected a comment id'))).check(z.maxLength(200)),
  ),
});
export type OrderChange = z.infer<typeof orderChange>;
