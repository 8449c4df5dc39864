/** Translations: spec operation 15, and the list / get extensions. */
import * as z from 'zod/mini';
import { translation, type Translation } from './schema/translation';
import { round } from './schema/round';
import { zonedDate } from './schema/common';
import { ApiError, requestList, requestRecord, send, seg, type ListOptions } from './client';
import { TRANSLATIONS_PATH, translationListQuery } from './listRequests';
import { salvageRecord, type Checked } from './parse';

/** Operation 15 `PUT /translations/{id}`. */
export function putTranslation(id: string, record: Translation) {
  return requestRecord(translation, 'PUT', `/translations/${seg(id)}`, { body: record });
}

/** A record with the `ETag` the server sent with it (undefined when the deployment sends none). */
export interface Versioned<T> extends Checked<T> {
  etag: string | undefined;
}

async function versioned(
  method: string,
  path: string,
  body?: unknown,
  ifMatch?: string,
  signal?: AbortSignal,
): Promise<Versioned<Translation>> {
  const { json, response } = await send(method, path, {
    body,
    signal,
    headers: ifMatch ? { 'If-Match': ifMatch } : undefined,
  });
  const checked = salvageRecord(translation, json);
  if (!checked)
    throw new ApiError(
      response.status,
      'invalid_response',
      `The server's answer to ${method} ${path} is not a record.`,
    );
  return { ...checked, etag: response.headers.get('ETag') ?? undefined };
}

/** Extension `GET /translations/{id}`: one translation with its lines, and its ETag. */
export function getTranslation(id: string, signal?: AbortSignal) {
  return versioned('GET', `/translations/${seg(id)}`, undefined, undefined, signal);
}

/**
 * Operation 15 with `If-Match` (docs/API.md): the fields given are merged into the record; a stale `etag` is a
 * 409 `conflict` whose `details.current` is the record as it now is. Answers the record and its new ETag.
 */
export function putTranslationIfMatch(id: string, fields: Translation, etag: string | undefined) {
  return versioned('PUT', `/translations/${seg(id)}`, fields, etag);
}

/** The record a 409 carries in `details.current`, when it is one. */
export function conflictCurrent(error: unknown): Translation | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const details = error.details as { current?: unknown } | undefined;
  return salvageRecord(translation, details?.current)?.data;
}

/** An item of the list extension: a translation without lines (with its counts), and its work request's due date. */
export const translationListItem = z.extend(translation, {
  due: z.optional(zonedDate),
  assetName: z.optional(z.string()),
  workRequestStatus: z.optional(z.string()),
  /** The work request's territory (its language is the translation's), so the list names the order. */
  workRequestTerritory: z.optional(z.string()),
});
export type TranslationListItem = z.infer<typeof translationListItem>;

export interface TranslationFilters {
  status?: string | undefined;
  language?: string | undefined;
}

/** Extension `GET /translations`: the translations the caller may work on or review. */
export function listTranslations(filters: TranslationFilters, options: Omit<ListOptions, 'query'> = {}) {
  return requestList(translationListItem, TRANSLATIONS_PATH, { ...options, query: translationListQuery(filters) });
}

/** Extension `GET /translations/{id}/rounds/{n}`: the lines as submitted in round `n` (docs/API.md "Review rounds"). */
export function getRound(id: string, n: number, signal?: AbortSignal) {
  return requestRecord(round, 'GET', `/translations/${seg(id)}/rounds/${n}`, { signal });
}
