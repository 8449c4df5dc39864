/** Who may run a report (reportScope) and the range a query covers (reportRange): docs/API.md "Reports". */
import { describe, expect, it } from 'vitest';
import type { Caller } from './types';
import type { Grants, ProjectGrant } from './grants';
import { reportRange, reportScope } from './reports';
import { DomainError } from './errors';

const caller = (over: Partial<Caller> = {}): Caller =>
  ({
    id: 'u',
    user: {},
    groups: [],
    isAdmin: false,
    isCoordinator: false,
    isTranslator: false,
    studios: new Set(),
    ...over,
  }) as Caller;
const project = (id: string, wide: boolean, flags: string[]): [string, ProjectGrant] => [
  id,
  { project: id, studio: 's', wide, flags: new Set(flags) as ProjectGrant['flags'] },
];
const granted = (...projects: [string, ProjectGrant][]): Grants => ({
  kind: 'granted',
  assets: new Map(),
  projects: new Map(projects),
  studios: new Set(['s']),
});

describe('reportScope', () => {
  it('admins: no filter; coordinators: their studios', () => {
    expect(reportScope(caller({ isAdmin: true }), { kind: 'all' }, 'workRequestReport')).toEqual([]);
    const cora = caller({ isCoordinator: true, studios: new Set(['a', 'b']) });
    expect(reportScope(cora, { kind: 'studios', studios: cora.studios }, 'downloadReport')).toEqual([
      { field: 'studio', op: 'in', value: ['a', 'b'] },
    ]);
  });

  it('anyone else: the projects a project-wide Permission gives the flag on, and only those', () => {
    const grants = granted(
      project('p1', true, ['workRequestReport']),
      project('p2', true, ['groupSpendingReport']),
      project('p3', false, ['workRequestReport']),
    );
    expect(reportScope(caller(), grants, 'workRequestReport')).toEqual([{ field: 'project', op: 'in', value: ['p1'] }]);
    expect(reportScope(caller(), grants, 'groupSpendingReport')).toEqual([
      { field: 'project', op: 'in', value: ['p2'] },
    ]);
  });

  it('without the flag on any whole project: forbidden (a flag on single assets does not open a report)', () => {
    const grants = granted(project('p3', false, ['exceptionReport']));
    expect(() => reportScope(caller(), grants, 'exceptionReport')).toThrow(DomainError);
    expect(() => reportScope(caller(), granted(), 'downloadReport')).toThrow(/downloadReport/);
  });
});

describe('reportRange', () => {
  const now = Date.UTC(2026, 10, 28, 15) / 1000;
  it('defaults to the year up to today, both days included', () => {
    expect(reportRange({}, now)).toMatchObject({ from: '2025-11-29', to: '2026-11-28' });
  });
  it('takes UTC days, `to` included', () => {
    const r = reportRange({ from: '2026-01-01', to: '2026-01-31' }, now);
    expect(r).toEqual({
      start: Date.UTC(2026, 0, 1) / 1000,
      end: Date.UTC(2026, 1, 1) / 1000,
      from: '2026-01-01',
      to: '2026-01-31',
    });
  });
  it.each([
    [{ from: '2026-02-30' }, /^from: /],
    [{ to: '26-01-01' }, /^to: /],
    [{ from: '2026-03-02', to: '2026-03-01' }, /^from: must not be after to/],
    [{ from: '2000-01-01', to: '2026-01-01' }, /^from: a report covers at most/],
  ])('%j is refused', (query, message) => {
    expect(() => reportRange(query, now)).toThrow(message);
  });
});
