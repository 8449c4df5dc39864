/**
 * The status moves the signed-in user is offered on a work request: the shared workflow's (src/api/schema/workflow.ts,
 * the table the server checks), for the roles the user has towards this record. Offering only these means nobody is
 * offered a move the server refuses.
 */
import type { User } from '../../../api/schema/user';
import { allowedMoves, workflowRoles, type WorkflowMove, type WorkflowRole } from '../../../api/schema/workflow';

/** What the roles are read from: a full record or a list row. */
interface Subject {
  studio?: string;
  status?: string;
  from?: { _id?: string };
  translation?: { translator?: { _id?: string } };
  graphicsTranslation?: { translator?: { _id?: string } };
}

/** The user's roles towards the work request, read from their groups (types and studios) and the record. */
export function rolesFor(user: User | undefined, wr: Subject): WorkflowRole[] {
  if (!user?._id) return [];
  const groups = user.groups ?? [];
  return workflowRoles(
    {
      id: user._id,
      admin: groups.some((g) => g.type === 'admin'),
      // As the server counts them: the studios of the user's coordinator (and admin) groups.
      coordinatorStudios: groups
        .filter((g) => g.type === 'coordinator' || g.type === 'admin')
        .flatMap((g) => g.studios ?? []),
    },
    {
      studio: wr.studio,
      requester: wr.from?._id,
      translators: [wr.translation?.translator?._id, wr.graphicsTranslation?.translator?._id],
    },
  );
}

/** The moves to offer: none when the status is one the workflow does not know. */
export function movesFor(user: User | undefined, wr: Subject): WorkflowMove[] {
  return allowedMoves(wr.status, rolesFor(user, wr));
}
