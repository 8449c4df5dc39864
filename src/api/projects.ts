/** Projects: spec operation 13, and the list / get extensions. */
import { project, type Project } from './schema/project';
import { requestList, requestRecord, seg, type ListOptions } from './client';
import { requestVersioned } from './versioned';

/** Operation 13 `PUT /projects`: with `_id` updates that project, without creates one. */
export function putProjects(record: Project) {
  return requestRecord(project, 'PUT', '/projects', { body: record });
}

/** Operation 13 with `If-Match` (an update of a project read with its ETag); answers the record and its new ETag. */
export function putProjectsIfMatch(record: Project, etag: string | undefined) {
  return requestVersioned(project, 'PUT', '/projects', { body: record, ifMatch: etag });
}

/** Extension `GET /projects`. */
export function listProjects(
  filters: { studio?: string; archived?: boolean; q?: string } = {},
  options: Omit<ListOptions, 'query'> = {},
) {
  return requestList(project, '/projects', {
    ...options,
    query: {
      studio: filters.studio,
      archived: filters.archived === undefined ? undefined : String(filters.archived),
      q: filters.q || undefined,
    },
  });
}

/** Extension `GET /projects/{id}`: one project and its ETag. */
export function getProject(id: string, signal?: AbortSignal) {
  return requestVersioned(project, 'GET', `/projects/${seg(id)}`, { signal });
}
