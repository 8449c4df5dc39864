/**
 * The open review notes of a work request (notes pinned to a translation's line, not yet resolved: docs/API.md
 * "Review notes") as the choices of a send back from the order page: "Line 3: Too long", by line.
 */
import type { Comment } from '../../../api/schema/comment';
import type { ReasonChoice } from '../../../components/ReasonDialog';

export function openNoteChoices(comments: readonly Comment[]): ReasonChoice[] {
  return comments
    .filter(
      (c): c is Comment & { _id: string; line: number } =>
        typeof c._id === 'string' && typeof c.translation === 'string' && typeof c.line === 'number' && !c.resolution,
    )
    .sort((a, b) => a.line - b.line || (a.time ?? 0) - (b.time ?? 0))
    .map((c) => ({ id: c._id, label: `Line ${c.line}: ${c.body ?? ''}` }));
}
