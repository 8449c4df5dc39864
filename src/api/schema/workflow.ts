/**
 * The work-request workflow (docs/API.md, "Workflow"): which status may follow which, and who may make each move.
 * Written once, as data: the server checks every status change against it (server/domain/workRequests.ts) and the
 * app offers only the moves it allows (work-requests feature, StatusChangeControl), so nobody is offered a move the
 * server then refuses. Each move names the roles that may make it; a person's roles are relative to one work
 * request (`workflowRoles`).
 */
import type { WorkRequestStatus } from './workRequestRow';

/**
 * A person's roles towards one work request: `admin` (any studio), `coordinator` (of the work request's studio),
 * `translator` (assigned: holds its translation), `requester` (placed the order: its `from`).
 */
export const WORKFLOW_ROLES = ['admin', 'coordinator', 'translator', 'requester'] as const;
export type WorkflowRole = (typeof WORKFLOW_ROLES)[number];

/** Each role in words, as messages and the app name it. */
export const WORKFLOW_ROLE_LABELS: Record<WorkflowRole, string> = {
  admin: 'admins',
  coordinator: 'the studio’s coordinators',
  translator: 'its translator',
  requester: 'its requester',
};

export interface WorkflowMove {
  from: WorkRequestStatus;
  to: WorkRequestStatus;
  roles: readonly WorkflowRole[];
  /** What the move means, in the words the app may show next to it. */
  meaning: string;
}

const STUDIO: readonly WorkflowRole[] = ['admin', 'coordinator'];
const STUDIO_AND_REQUESTER: readonly WorkflowRole[] = ['admin', 'coordinator', 'requester'];
const STUDIO_AND_TRANSLATOR: readonly WorkflowRole[] = ['admin', 'coordinator', 'translator'];

/**
 * Every allowed move, each status's moves in the order of WORK_REQUEST_STATUSES. A move not listed here is refused
 * for everyone (a 409), one listed for other roles a 403.
 */
export const WORKFLOW: readonly WorkflowMove[] = [
  { from: 'incomplete', to: 'submitted', roles: STUDIO_AND_REQUESTER, meaning: 'The order is complete and sent' },
  {
    from: 'incomplete',
    to: 'awaiting-materials',
    roles: STUDIO,
    meaning: 'The order waits for materials before it is complete',
  },
  { from: 'incomplete', to: 'cancelled', roles: STUDIO_AND_REQUESTER, meaning: 'The order is withdrawn' },
  { from: 'submitted', to: 'incomplete', roles: STUDIO_AND_REQUESTER, meaning: 'The order goes back to be completed' },
  { from: 'submitted', to: 'awaiting-materials', roles: STUDIO_AND_TRANSLATOR, meaning: 'Materials are missing' },
  { from: 'submitted', to: 'in-progress', roles: STUDIO_AND_TRANSLATOR, meaning: 'Work starts' },
  { from: 'submitted', to: 'rejected', roles: STUDIO, meaning: 'The studio refuses the order' },
  { from: 'submitted', to: 'cancelled', roles: STUDIO_AND_REQUESTER, meaning: 'The order is withdrawn' },
  { from: 'awaiting-materials', to: 'in-progress', roles: STUDIO_AND_TRANSLATOR, meaning: 'The materials arrived' },
  { from: 'awaiting-materials', to: 'rejected', roles: STUDIO, meaning: 'The studio refuses the order' },
  { from: 'awaiting-materials', to: 'cancelled', roles: STUDIO_AND_REQUESTER, meaning: 'The order is withdrawn' },
  { from: 'in-progress', to: 'awaiting-materials', roles: STUDIO_AND_TRANSLATOR, meaning: 'Materials are missing' },
  {
    from: 'in-progress',
    to: 'for-review',
    roles: STUDIO_AND_TRANSLATOR,
    meaning: 'The translation is done: its translations are submitted for review',
  },
  { from: 'in-progress', to: 'approved', roles: STUDIO, meaning: 'Approved by the coordinator without a review step' },
  { from: 'in-progress', to: 'complete', roles: STUDIO, meaning: 'Delivered without a separate review' },
  { from: 'in-progress', to: 'cancelled', roles: STUDIO, meaning: 'The work is stopped' },
  {
    from: 'for-review',
    to: 'in-progress',
    roles: STUDIO,
    meaning: 'Changes are requested: the translations open again for the translator',
  },
  // The requester (the client) judges the work under review too (docs/API.md "Verdicts").
  { from: 'for-review', to: 'approved', roles: STUDIO_AND_REQUESTER, meaning: 'The translation is approved' },
  { from: 'for-review', to: 'rejected', roles: STUDIO_AND_REQUESTER, meaning: 'The translation is refused' },
  { from: 'for-review', to: 'cancelled', roles: STUDIO, meaning: 'The work is stopped' },
  {
    from: 'approved',
    to: 'in-progress',
    roles: STUDIO,
    meaning: 'Reopened for changes: the translations open again for the translator',
  },
  { from: 'approved', to: 'complete', roles: STUDIO, meaning: 'Delivered' },
  { from: 'approved', to: 'cancelled', roles: STUDIO, meaning: 'The work is stopped' },
  { from: 'rejected', to: 'incomplete', roles: STUDIO_AND_REQUESTER, meaning: 'The order is reopened to be corrected' },
  {
    from: 'rejected',
    to: 'in-progress',
    roles: STUDIO,
    meaning: 'Reworked: the translations open again for the translator',
  },
  {
    from: 'complete',
    to: 'in-progress',
    roles: STUDIO,
    meaning: 'Reopened for a fix after delivery: the translations open again',
  },
  { from: 'cancelled', to: 'incomplete', roles: STUDIO, meaning: 'The order is reopened' },
];

/** The status a new order takes unless it is placed as a draft (`incomplete`). */
export const INITIAL_STATUSES = ['submitted', 'incomplete'] as const satisfies readonly WorkRequestStatus[];

/**
 * Statuses in which every translation of a work request is `submitted` (read-only for the translator): moving the
 * work request into one submits them; moving it from one back to `in-progress` opens them again (`incomplete`).
 */
export const TRANSLATIONS_SUBMITTED_IN: readonly WorkRequestStatus[] = ['for-review', 'approved', 'complete'];

/**
 * A move that judges a reviewed work request: back to work or refused, from review, approved or complete. It needs a
 * reason and may name the review notes to address (docs/API.md "Verdicts"): the server checks, the app asks.
 */
export function isVerdictMove(from: string | undefined, to: string): boolean {
  return TRANSLATIONS_SUBMITTED_IN.includes(from as WorkRequestStatus) && (to === 'in-progress' || to === 'rejected');
}

/** What `workflowRoles` reads of a person. */
export interface WorkflowPerson {
  id: string;
  admin: boolean;
  /** The studios whose coordinator groups the person is in. */
  coordinatorStudios: readonly string[];
}

/** What `workflowRoles` reads of a work request: its studio, requester and the translators of its translations. */
export interface WorkflowSubject {
  studio?: string;
  requester?: string;
  translators: readonly (string | undefined)[];
}

/** The roles a person has towards one work request (several at once: a coordinator may also be the requester). */
export function workflowRoles(person: WorkflowPerson, wr: WorkflowSubject): WorkflowRole[] {
  const roles: WorkflowRole[] = [];
  if (person.admin) roles.push('admin');
  if (wr.studio !== undefined && person.coordinatorStudios.includes(wr.studio)) roles.push('coordinator');
  if (wr.translators.includes(person.id)) roles.push('translator');
  if (wr.requester === person.id) roles.push('requester');
  return roles;
}

/** The move from `from` to `to`, when the workflow has it (for anyone). */
export function findMove(from: string | undefined, to: string): WorkflowMove | undefined {
  return WORKFLOW.find((m) => m.from === from && m.to === to);
}

/** The moves someone with these roles may make from a status, in the table's order. */
export function allowedMoves(from: string | undefined, roles: readonly WorkflowRole[]): WorkflowMove[] {
  return WORKFLOW.filter((m) => m.from === from && m.roles.some((r) => roles.includes(r)));
}
