/**
 * The workflow table (src/api/schema/workflow.ts) as data: well formed, and the demo's status histories follow it
 * (every step of the seed's HISTORY_PATHS is a move some role may make), so demo records read as the workflow says.
 */
import { describe, expect, it } from 'vitest';
import { WORK_REQUEST_STATUSES } from '../../src/api/schema/workRequest';
import { allowedMoves, findMove, WORKFLOW, WORKFLOW_ROLES } from '../../src/api/schema/workflow';
import { HISTORY_PATHS } from '../seed/demo';

describe('the workflow table', () => {
  it('has each move once, never to the same status, each with roles, in the order of the statuses', () => {
    const keys = WORKFLOW.map((m) => `${m.from}>${m.to}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const m of WORKFLOW) {
      expect(m.from).not.toBe(m.to);
      expect(m.roles.length).toBeGreaterThan(0);
    }
    for (const from of WORK_REQUEST_STATUSES) {
      const targets = allowedMoves(from, WORKFLOW_ROLES).map((m) => WORK_REQUEST_STATUSES.indexOf(m.to));
      expect(targets).toEqual([...targets].sort((a, b) => a - b));
    }
  });

  it('leads out of every status and into every status but the first', () => {
    for (const s of WORK_REQUEST_STATUSES) expect(WORKFLOW.some((m) => m.from === s)).toBe(true);
    for (const s of WORK_REQUEST_STATUSES.filter((x) => x !== 'incomplete'))
      expect(WORKFLOW.some((m) => m.to === s)).toBe(true);
  });

  it('allows every step of the demo histories', () => {
    for (const paths of Object.values(HISTORY_PATHS))
      for (const path of paths)
        for (let i = 1; i < path.length; i++) expect(findMove(path[i - 1], path[i]!), path.join(' > ')).toBeDefined();
  });
});
