/**
 * Review notes in the Subtitler (docs/API.md "Review notes"): the notes of one translation, read with its work
 * request's comments (whoever sees the work request sees them), and the writes that add or resolve one. The
 * comments' root key is shared with the work request page, so a note written here shows there too.
 */
import { workRecordKeys } from '../../lib/workRecordKeys';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addNote, listComments, resolveNote, type NoteInput } from '../../api/comments';
import { goodItems, readOn } from '../../api/everyPage';
import type { Comment } from '../../api/schema/comment';

/** A note as the editor reads it: a comment with its id, line and time. */
export type ReviewNote = Comment & { _id: string; line: number; time: number };

export const reviewNoteKeys = {
  all: workRecordKeys.comments,
  notes: (workRequestId: string) => [...workRecordKeys.comments, 'notes', workRequestId] as const,
};

const PAGE = 100;

/** The translation's notes, by line then time. */
export function useReviewNotes(workRequestId: string, translationId: string) {
  return useQuery({
    queryKey: reviewNoteKeys.notes(workRequestId),
    queryFn: async ({ signal }) => {
      const held = await readOn((offset) => listComments(workRequestId, { offset, size: PAGE, signal }));
      return goodItems(held.pages);
    },
    select: (comments) => notesOf(comments, translationId),
  });
}

/** The comments that are notes on this translation, by line then time. */
export function notesOf(comments: readonly Comment[], translationId: string): ReviewNote[] {
  return comments
    .filter(
      (c): c is ReviewNote =>
        c.translation === translationId && typeof c._id === 'string' && typeof c.line === 'number',
    )
    .map((c) => ({ ...c, time: typeof c.time === 'number' ? c.time : 0 }))
    .sort((a, b) => a.line - b.line || a.time - b.time);
}

export function useAddNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NoteInput) => addNote(input),
    onSuccess: () => client.invalidateQueries({ queryKey: reviewNoteKeys.all }),
  });
}

export function useResolveNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...answer }: { id: string; reply?: string; change?: boolean }) => resolveNote(id, answer),
    onSuccess: () => client.invalidateQueries({ queryKey: reviewNoteKeys.all }),
  });
}
