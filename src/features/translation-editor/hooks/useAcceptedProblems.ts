/**
 * The translation's accepted problems (docs/API.md "Accepted problems") and the translator's accept / undo: each
 * write answers the whole list, which becomes the cache's (the reviewer's views read the same key).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { acceptProblem, undoAccepted } from '../../../api/qcAcceptances';
import type { QcAcceptance } from '../../../api/schema/qcAcceptance';
import { acceptedProblemsOptions } from '../../../lib/workRecords';
import { workRecordKeys } from '../../../lib/workRecordKeys';

const NONE: readonly QcAcceptance[] = [];

export function useAcceptedProblems(translationId: string) {
  const queryClient = useQueryClient();
  const list = useQuery(acceptedProblemsOptions(translationId));
  const settle = (items: QcAcceptance[]) =>
    queryClient.setQueryData(workRecordKeys.acceptedProblems(translationId), items);
  const accept = useMutation({
    mutationFn: (body: { line: number; rule: string; reason: string }) => acceptProblem(translationId, body),
    onSuccess: settle,
  });
  const undo = useMutation({
    mutationFn: ({ line, rule }: { line: number; rule: string }) => undoAccepted(translationId, line, rule),
    onSuccess: settle,
  });
  return { accepted: list.data ?? NONE, accept, undo };
}
