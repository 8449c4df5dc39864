/**
 * Assignment: the people a studio works with (`GET /users?assignableTo=`), for the assignee picker: one page of up
 * to 100 (the server's page limit), kept a few minutes; `q` asks the server only when the studio has more people
 * than a page. And assigning a work request, with its conflict.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listAssignableUsers } from '../../api/users';
import { workRequest, type WorkRequest } from '../../api/schema/workRequest';
import type { Problem } from '../../api/parse';
import { conflictRecord } from '../../api/versioned';
import { getWorkRequestVersioned, updateWorkRequest } from '../../api/workRequestRecord';
import { assigneeOfRecord, type AssigneeValue } from './model/assignees';
import { workRequestKeys } from './queryOptions';

export const assignableUserKeys = {
  all: ['assignableUsers'] as const,
  list: (studio: string | null, q: string, project?: string) =>
    [...assignableUserKeys.all, studio ?? 'any', q, project ?? ''] as const,
};

/** `studio` null: the people of every studio the caller coordinates; `project`: their orders on it counted too. */
export function useAssignableUsers(studio: string | null, q = '', enabled = true, project?: string) {
  return useQuery({
    queryKey: assignableUserKeys.list(studio, q, project),
    queryFn: ({ signal }) =>
      listAssignableUsers(studio, { q: q || undefined, project: project || undefined }, { size: 100, signal }),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** How an assignment ended: saved, or someone else changed the assignee since the page showed it. */
export type AssignOutcome = { record: WorkRequest; problems: Problem[] } & (
  { kind: 'saved'; assignee: AssigneeValue } | { kind: 'conflict'; holder: AssigneeValue }
);

/**
 * Assigns a work request (`PUT /workrequests/{id}` `{assignee}` with If-Match). The record is read again with its
 * ETag first: when its assignee is no longer the one the page showed (`seen`), nothing is sent and the outcome is a
 * conflict naming who holds it now; otherwise the change goes with that ETag, so a change landing in between is a
 * 409 (the same conflict). Other fields changed meanwhile (a due date) do not stop an assignment.
 */
export function useAssign(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ seen, next }: { seen: AssigneeValue; next: AssigneeValue }): Promise<AssignOutcome> => {
      const current = await getWorkRequestVersioned(id);
      const holder = assigneeOfRecord(current.data);
      if ((holder?._id ?? null) !== (seen?._id ?? null))
        return { kind: 'conflict', record: current.data, problems: current.problems, holder };
      try {
        const saved = await updateWorkRequest(id, { assignee: next?._id ?? null }, current.etag);
        return { kind: 'saved', record: saved.data, problems: saved.problems, assignee: assigneeOfRecord(saved.data) };
      } catch (error) {
        const now = conflictRecord(workRequest, error);
        if (now) return { kind: 'conflict', record: now, problems: [], holder: assigneeOfRecord(now) };
        throw error;
      }
    },
    onSuccess: (outcome) => {
      client.setQueryData(workRequestKeys.detail(id), { data: outcome.record, problems: outcome.problems });
      void client.invalidateQueries({ queryKey: workRequestKeys.lists() });
    },
  });
}

/**
 * Puts an uploaded File into an item of the materials checklist (docs/API.md "Materials: files"): the record is read
 * again with its ETag and the checklist sent with the file added to the item of that name, so a change landing in
 * between is a 409 rather than lost.
 */
export function useAttachMaterialFile(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, fileId }: { name: string; fileId: string }) => {
      const current = await getWorkRequestVersioned(id);
      const materials = (current.data.materials ?? []).map((m) => ({
        name: m.name ?? '',
        complete: m.complete,
        approved: m.approved,
        files: m.name === name ? [...(m.files ?? []), fileId] : (m.files ?? []),
      }));
      return updateWorkRequest(id, { materials }, current.etag);
    },
    onSuccess: (saved) => {
      client.setQueryData(workRequestKeys.detail(id), { data: saved.data, problems: saved.problems });
      void client.invalidateQueries({ queryKey: workRequestKeys.lists() });
    },
  });
}
