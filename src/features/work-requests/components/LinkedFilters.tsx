/**
 * The filters the list only gets from a link (the dashboard's tiles and calendar): the due range and the assignee,
 * each said in words as a chip with a button that removes it. Shown only while one is set.
 */
import type { WorkRequestFilters } from '../../../api/workRequests';
import { formatDateTime } from '../../../lib/dates';
import './linkedFilters.css';

interface Props {
  filters: WorkRequestFilters;
  onChange: (patch: Partial<WorkRequestFilters>) => void;
}

function dueText({ dueFrom, dueTo }: WorkRequestFilters): string | undefined {
  if (dueFrom !== undefined && dueTo !== undefined)
    return `Due from ${formatDateTime(dueFrom)} to before ${formatDateTime(dueTo)}`;
  if (dueFrom !== undefined) return `Due from ${formatDateTime(dueFrom)}`;
  if (dueTo !== undefined) return `Due before ${formatDateTime(dueTo)}`;
  return undefined;
}

function assigneeText(assignee: string | undefined): string | undefined {
  if (assignee === undefined) return undefined;
  if (assignee === 'none') return 'Unassigned';
  if (assignee === 'me') return 'Assigned to me';
  return 'Assigned to one person';
}

export function LinkedFilters({ filters, onChange }: Props) {
  const due = dueText(filters);
  const assignee = assigneeText(filters.assignee);
  if (!due && !assignee) return null;
  return (
    <ul className="chips linked-filters" aria-label="Filters from the link">
      {due ? (
        <li className="chip chip--on linked-filters__chip">
          {due}
          <button
            type="button"
            className="linked-filters__remove"
            aria-label="Remove the due date filter"
            onClick={() => onChange({ dueFrom: undefined, dueTo: undefined })}
          >
            ×
          </button>
        </li>
      ) : null}
      {assignee ? (
        <li className="chip chip--on linked-filters__chip">
          {assignee}
          <button
            type="button"
            className="linked-filters__remove"
            aria-label="Remove the assignee filter"
            onClick={() => onChange({ assignee: undefined })}
          >
            ×
          </button>
        </li>
      ) : null}
    </ul>
  );
}
