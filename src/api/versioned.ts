/**
 * Single records with their `ETag`, and writes with `If-Match` (docs/API.md "ETag / If-Match"). A stale
 * `If-Match` is a 409 `conflict` whose `details.current` is the record as it now is. A deployment that sends no
 * ETag still works: the write then goes without `If-Match`, as the spec has it.
 */
import type * as z from 'zod/mini';
import { ApiError, send } from './client';
import { salvageRecord, type Checked } from './parse';

/** A record with the `ETag` the server sent with it (undefined when the deployment sends none). */
export interface VersionedRecord<T> extends Checked<T> {
  etag: string | undefined;
}

export interface VersionedOptions {
  body?: unknown;
  /** The ETag the edit started from; sent as `If-Match`. */
  ifMatch?: string | undefined;
  signal?: AbortSignal;
}

/** One request answering one record, with the response's ETag. */
export async function requestVersioned<S extends z.ZodMiniType>(
  schema: S,
  method: string,
  path: string,
  options: VersionedOptions = {},
): Promise<VersionedRecord<z.infer<S>>> {
  const { json, response } = await send(method, path, {
    body: options.body,
    signal: options.signal,
    headers: options.ifMatch ? { 'If-Match': options.ifMatch } : undefined,
  });
  const checked = salvageRecord(schema, json);
  if (!checked)
    throw new ApiError(
      response.status,
      'invalid_response',
      `The server's answer to ${method} ${path} is not a record.`,
    );
  return { ...checked, etag: response.headers.get('ETag') ?? undefined };
}

/** True for a 409 caused by a stale `If-Match` (it carries the current record), not by a duplicate value. */
export function isVersionConflict(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 409) return false;
  const details = error.details as { current?: unknown } | undefined;
  return details !== null && typeof details === 'object' && details.current !== undefined;
}

/** The record a 409 carries in `details.current`, read with `schema`, when it is one. */
export function conflictRecord<S extends z.ZodMiniType>(schema: S, error: unknown): z.infer<S> | undefined {
  if (!isVersionConflict(error)) return undefined;
  return salvageRecord(schema, ((error as ApiError).details as { current?: unknown }).current)?.data;
}
