/**
 * The list's assignee filters (`assignee=me|none|<user id>` in the URL, sent as is to `GET /workrequests`): quick
 * filters "Assigned to me" and "Unassigned", and a person chosen with the assignee picker among the people of the
 * caller's studios. Who sees what: admins and coordinators all three; a requester only "Unassigned" (they list no
 * people, and are assigned nothing); a translator none (their whole list is what is assigned to them).
 */
import { useId } from 'react';
import type { WorkRequestFilters } from '../../../api/workRequests';
import { Deferred } from '../../../components/Deferred';
import { useSession } from '../../../lib/session/useSession';

// Loaded after the list's first render (coordinators only): it is not on the list's first load (`npm run bench --
// --only bundle`). Until it is here, or if it cannot be loaded, the inert placeholder stands in (never the page's error).
const loadAssigneePicker = () => import('./AssigneePicker').then((m) => m.AssigneePicker);

/** What shows while the picker loads: its label and an inert box of the same size. */
function PickerPlaceholder() {
  const id = useId();
  return (
    <div className="assignee-picker">
      <label htmlFor={id}>Assignee</label>
      <div className="assignee-picker__control">
        <input id={id} type="text" placeholder="Anyone" disabled aria-busy="true" />
      </div>
    </div>
  );
}

interface Props {
  value: string | undefined;
  onChange: (patch: Partial<WorkRequestFilters>) => void;
}

export function AssigneeFilter({ value, onChange }: Props) {
  const ids = useId();
  const types = new Set((useSession()?.user?.groups ?? []).map((g) => g.type));
  const coordinates = types.has('admin') || types.has('coordinator');
  if (!coordinates && types.has('translator')) return null;
  const toggle = (to: 'me' | 'none') => onChange({ assignee: value === to ? undefined : to });
  const person = value && value !== 'me' && value !== 'none' ? { _id: value } : null;

  return (
    <>
      {coordinates ? (
        <div className="filter-field assignee-filter__picker">
          <Deferred
            load={loadAssigneePicker}
            props={{
              studio: null,
              label: 'Assignee',
              noneLabel: 'Anyone',
              value: person,
              onChange: (next) => onChange({ assignee: next?._id }),
            }}
            fallback={<PickerPlaceholder />}
          />
        </div>
      ) : null}
      <div className="filter-field">
        <span className="filter-field__label" id={`${ids}-quick`}>
          Assigned
        </span>
        <div className="assignee-filter__quick" role="group" aria-labelledby={`${ids}-quick`}>
          {coordinates ? (
            <button type="button" className="filter-button" aria-pressed={value === 'me'} onClick={() => toggle('me')}>
              Assigned to me
            </button>
          ) : null}
          <button
            type="button"
            className="filter-button"
            aria-pressed={value === 'none'}
            onClick={() => toggle('none')}
          >
            Unassigned
          </button>
        </div>
      </div>
    </>
  );
}
