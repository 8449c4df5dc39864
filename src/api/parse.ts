/**
 * Checking response bodies against the contract. Reading is lenient (docs/API.md): every field optional,
 * unknown fields kept, nulls dropped. What still fails is a field of the wrong type. A list keeps going when
 * one record is malformed: that record becomes an error item the page shows in its row. A single record is
 * "salvaged": the fields that fail are left out and listed as problems, so the page can show the rest and
 * say what it could not read.
 */
import type * as z from 'zod/mini';
import { stripNulls } from './schema/common';

export interface Problem {
  /** Dotted path of the field, e.g. `asset.thumbnail.length`; empty for the record itself. */
  path: string;
  message: string;
}

export type Parsed<T> =
  { ok: true; data: T; problems: Problem[] } | { ok: false; id: string | undefined; raw: unknown; problems: Problem[] };

/** A single record that was read, with the fields that had to be left out (usually none). */
export interface Checked<T> {
  data: T;
  problems: Problem[];
}

function toProblems(error: z.core.$ZodError): Problem[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

function idOf(raw: unknown): string | undefined {
  if (raw !== null && typeof raw === 'object' && '_id' in raw) {
    const v = raw._id;
    return typeof v === 'string' ? v : undefined;
  }
  return undefined;
}

/**
 * Strict check of one record (a list's item, a live event): ok, or the problems found. The record is checked as it came
 * first: nulls matter only where the schema reads (a null there fails the check, and the record is then read again
 * without its nulls), so a record with none there skips copying the whole tree to drop them. On a cold first page of 50
 * work requests that copy was most of the parse (~70 ms of ~90 in Node; docs/decisions/111-contract-schemas.md). Fields
 * the schema does not read (unknown, kept as they came) may then keep their nulls: nothing reads them, and a record
 * written back (a line of a translation, spread into the save) sends them as the server sent them.
 */
export function parseRecord<S extends z.ZodMiniType>(schema: S, raw: unknown): Parsed<z.infer<S>> {
  const direct = schema.safeParse(raw);
  if (direct.success) return { ok: true, data: direct.data, problems: [] };
  const cleaned = stripNulls(raw);
  const result = schema.safeParse(cleaned);
  if (result.success) return { ok: true, data: result.data, problems: [] };
  return { ok: false, id: idOf(raw), raw, problems: toProblems(result.error) };
}

/** Removes the value at `path` from a (copied) JSON tree. Returns false when the path is the root. */
function removeAt(root: unknown, path: PropertyKey[]): boolean {
  if (path.length === 0) return false;
  let node: unknown = root;
  for (let i = 0; i < path.length - 1; i++) {
    if (node === null || typeof node !== 'object') return true;
    node = (node as Record<PropertyKey, unknown>)[path[i] as PropertyKey];
  }
  if (node === null || typeof node !== 'object') return true;
  const key = path[path.length - 1] as PropertyKey;
  if (Array.isArray(node) && typeof key === 'number') node.splice(key, 1, undefined);
  else delete (node as Record<PropertyKey, unknown>)[key];
  return true;
}

/**
 * Reads one record, leaving out the fields that fail. Undefined when the body is not a record at all.
 * A list item with a bad field keeps its other fields; an item that is not of the item's shape at all is
 * dropped, so list fields keep their good items.
 */
export function salvageRecord<S extends z.ZodMiniType>(schema: S, raw: unknown): Checked<z.infer<S>> | undefined {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  // As it came first (see parseRecord): a translation of 3,000 lines spent ~35 ms of its cold open copying the tree.
  const direct = schema.safeParse(raw);
  if (direct.success) return { data: direct.data, problems: [] };
  // stripNulls builds a new tree, so the repairs below never touch the caller's object (no structuredClone).
  let current: unknown = stripNulls(raw);
  const problems: Problem[] = [];
  for (let attempt = 0; attempt < 5; attempt++) {
    const result = schema.safeParse(current);
    if (result.success) return { data: result.data, problems };
    problems.push(...toProblems(result.error));
    for (const issue of result.error.issues) {
      if (!removeAt(current, issue.path)) return undefined;
    }
    current = dropHoles(current);
  }
  return undefined;
}

/** Drops the `undefined` items `removeAt` leaves in arrays. */
function dropHoles(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => v !== undefined).map(dropHoles);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = dropHoles(v);
    return out;
  }
  return value;
}
