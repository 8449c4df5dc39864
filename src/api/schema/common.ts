/**
 * Building blocks shared by every resource schema.
 *
 * The spec marks no field as required, and a real deployment may send more than it shows, so every record
 * and every embedded object is a `doc`: all fields optional, unknown fields kept. Types are checked, so a
 * wrong type is rejected with the path of the field. Nulls from a real deployment are removed before parsing
 * on the read side (see `stripNulls`), so the inferred types stay `T | undefined` rather than `T | null | undefined`.
 */
import * as z from 'zod/mini';
import { describeIssue } from './messages';

// zod/mini (a fraction of zod's classic build; docs/decisions/111-contract-schemas.md) ships no messages: ours, in one
// place.
z.config({ customError: describeIssue });

/** A loose object whose fields are all optional: the shape of every record and embedded object in the spec. */
export function doc<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.partial(z.looseObject(shape));
}

export const id = z.string().check(z.minLength(1));
/** Integer timestamp of Unix-epoch-seconds magnitude. */
export const ts = z.int();
export const strings = z.array(z.string());
/** Lists whose element shape the spec does not show: any JSON value is accepted and kept. */
export const anyList = z.array(z.unknown());

export const selfLinks = doc({ self: z.string() });
export function links<K extends string>(...names: K[]) {
  const shape = Object.fromEntries(names.map((n) => [n, z.string()])) as Record<K, z.ZodMiniString>;
  return doc({ self: z.string(), ...shape });
}

/** Group reference inside a user summary. */
export const groupRef = doc({ _id: id, name: z.string(), $links: selfLinks });

/** User summary embedded in work requests, comments, history entries and shares. */
export const userSummary = doc({
  _id: id,
  name: z.string(),
  emailNormal: z.string(),
  groups: z.array(groupRef),
  $links: selfLinks,
});
export type UserSummary = z.infer<typeof userSummary>;

/** A date in a named time zone: `date` epoch seconds, `tz` an IANA zone name. */
export const zonedDate = doc({ date: ts, tz: z.string() });
export type ZonedDate = z.infer<typeof zonedDate>;

/** Language/country scope used by permissions. */
export const scope = doc({ languages: anyList, countries: anyList });

/** Removes `null` values recursively (object members and array items stay in place with undefined members dropped). */
export function stripNulls(value: unknown, keepNullAt: ReadonlySet<string> = NULLABLE_FIELDS): unknown {
  if (Array.isArray(value)) return value.map((v) => stripNulls(v, keepNullAt));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (v === null && !keepNullAt.has(k)) continue;
      out[k] = stripNulls(v, keepNullAt);
    }
    return out;
  }
  return value;
}

/** Fields the spec allows to be null. */
export const NULLABLE_FIELDS: ReadonlySet<string> = new Set(['audioFile']);
