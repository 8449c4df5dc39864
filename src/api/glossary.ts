/** Glossary (extension, docs/API.md "Glossary"): terms per studio or project and language. */
import { glossaryTerm, type GlossaryTerm } from './schema/glossary';
import { requestList, send, seg, type ListOptions } from './client';
import { requestVersioned } from './versioned';
import { everyPage } from './everyPage';

export interface GlossaryFilters {
  studio?: string | undefined;
  /** A project's id, or `none`: the studio's own terms only. */
  project?: string | undefined;
  language?: string | undefined;
  search?: string | undefined;
}

/** `GET /glossary`: a coordinator's (or admin's) terms, filtered; source-term order. */
export function listGlossary(filters: GlossaryFilters, options: Omit<ListOptions, 'query'> = {}) {
  return requestList(glossaryTerm, '/glossary', { ...options, query: { ...filters } });
}

/** At most this many terms are read for one translation. */
export const TRANSLATION_GLOSSARY_CAP = 5000;

/** `GET /glossary?translation=`: every term that applies to the translation (a project's overriding its studio's). */
export function translationGlossary(translation: string, signal?: AbortSignal): Promise<GlossaryTerm[]> {
  return everyPage(
    (offset) => requestList(glossaryTerm, '/glossary', { offset, size: 100, signal, query: { translation } }),
    TRANSLATION_GLOSSARY_CAP,
  );
}

/** `GET /glossary/{id}`: one term and its ETag (coordinators and admins). */
export function getGlossaryTerm(id: string, signal?: AbortSignal) {
  return requestVersioned(glossaryTerm, 'GET', `/glossary/${seg(id)}`, { signal });
}

/** `POST /glossary`: a new term, with its ETag. */
export function createGlossaryTerm(term: GlossaryTerm) {
  return requestVersioned(glossaryTerm, 'POST', '/glossary', { body: term });
}

/** `PUT /glossary/{id}` with `If-Match`: the changed fields; a stale ETag is a 409 carrying the current term. */
export function updateGlossaryTerm(id: string, fields: GlossaryTerm, etag: string | undefined) {
  return requestVersioned(glossaryTerm, 'PUT', `/glossary/${seg(id)}`, { body: fields, ifMatch: etag });
}

/** `DELETE /glossary/{id}` with `If-Match`. */
export async function deleteGlossaryTerm(id: string, etag: string | undefined): Promise<void> {
  await send('DELETE', `/glossary/${seg(id)}`, { headers: etag ? { 'If-Match': etag } : undefined });
}
