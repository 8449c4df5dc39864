/**
 * The work request's assignee (the translator of its translations, docs/API.md "Orders: Assignment"). Admins and
 * the studio's coordinators assign, reassign and unassign it with the picker; the outcome is announced in a status
 * message. When someone else changed the assignee since the page showed it, nothing is changed: the section says
 * who holds it now and offers to make the change anyway. Everyone else reads the name.
 */
import { useState } from 'react';
import type { User } from '../../../api/schema/user';
import type { WorkRequest } from '../../../api/schema/workRequest';
import { describeError } from '../../../components/ErrorPanel';
import { Section } from '../../../components/Section';
import { useAssign } from '../assigneeQueries';
import { assigneeOfRecord, assignmentMessage, type AssigneeValue } from '../model/assignees';
import { rolesFor } from '../model/statusMoves';
import { AssigneePicker } from './AssigneePicker';
import './assigneePicker.css';

interface Props {
  id: string;
  wr: WorkRequest;
  user: User | undefined;
}

const nameOf = (value: AssigneeValue) => (value ? (value.name ?? 'someone') : 'nobody');

export function AssigneeSection({ id, wr, user }: Props) {
  const assignee = assigneeOfRecord(wr);
  const roles = rolesFor(user, wr);
  const canAssign = roles.includes('admin') || roles.includes('coordinator');
  const assign = useAssign(id);
  const [message, setMessage] = useState('');
  /** The change the user asked for when the assignee had changed meanwhile (offered again). */
  const [wanted, setWanted] = useState<{ next: AssigneeValue; holder: AssigneeValue } | null>(null);
  const hasTranslation = Boolean(wr.translation || wr.graphicsTranslation);

  const change = (seen: AssigneeValue, next: AssigneeValue) => {
    setMessage(next ? `Assigning ${nameOf(next)}…` : 'Unassigning…');
    setWanted(null);
    assign.mutate(
      { seen, next },
      {
        onSuccess: (outcome) => {
          if (outcome.kind === 'saved') {
            setMessage(assignmentMessage(outcome.assignee));
          } else {
            setMessage('');
            setWanted({ next, holder: outcome.holder });
          }
        },
        onError: () => setMessage(''),
      },
    );
  };

  return (
    <Section title="Assignee">
      {canAssign && hasTranslation ? (
        <AssigneePicker
          studio={wr.studio ?? null}
          language={wr.language}
          project={wr.project?._id}
          value={assignee}
          onChange={(next) => change(assignee, next)}
          label="Assigned to"
          disabled={assign.isPending}
        />
      ) : (
        <p className={assignee ? undefined : 'muted'}>{assignee ? nameOf(assignee) : 'Unassigned'}</p>
      )}
      {canAssign && !hasTranslation ? (
        <p className="muted">This order has no translation yet, so there is nothing to assign.</p>
      ) : null}
      <p role="status" className="assignee-section__status">
        {message}
      </p>
      {wanted ? (
        <div className="notice notice--warning" role="alert">
          <p>
            {wanted.holder
              ? `Someone else assigned this order to ${nameOf(wanted.holder)} meanwhile.`
              : 'Someone else unassigned this order meanwhile.'}{' '}
            Nothing was changed.
          </p>
          <div className="assignee-section__actions">
            <button
              type="button"
              className="button button--primary button--small"
              onClick={() => change(wanted.holder, wanted.next)}
            >
              {wanted.next ? `Assign to ${nameOf(wanted.next)} anyway` : 'Unassign anyway'}
            </button>
            <button type="button" className="button button--small" onClick={() => setWanted(null)}>
              Keep {wanted.holder ? nameOf(wanted.holder) : 'it unassigned'}
            </button>
          </div>
        </div>
      ) : null}
      {assign.isError ? (
        <div className="notice notice--warning" role="alert">
          Could not change the assignee: {describeError(assign.error)}
        </div>
      ) : null}
    </Section>
  );
}
