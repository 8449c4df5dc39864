/** A list row's assignee: the name, or "Unassigned" in a muted style. */
import type { AssigneeValue } from '../model/assignees';

export function AssigneeCell({ assignee }: { assignee: AssigneeValue }) {
  if (!assignee) return <span className="truncate muted">Unassigned</span>;
  return <span className="truncate">{assignee.name || 'Unknown person'}</span>;
}
