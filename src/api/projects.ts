/** Projects: spec operation 13, and the list extension. */
import { project, type Project } from './schema/project';
import { requestList, requestRecord, type ListOptions } from './client';

/** Operation 13 `PUT /projects`: with `_id` updates that project, without creates one. */
export function putProjects(record: Project) {
  return requestRecord(project, 'PUT', '/projects', { body: record });
}

/** Extension `GET /projects`. */
export function listProjects(filters: { studio?: string; archived?: boolean } = {}, options: Omit<ListOptions, 'query'> = {}) {
  return requestList(project, '/projects', {
    ...options,
    query: { studio: filters.studio, archived: filters.archived === undefined ? undefined : String(filters.archived) },
  });
}
