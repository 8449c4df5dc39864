import { describe, expect, it } from 'vitest';
import type { User } from '../../../api/schema/user';
import { movesFor, rolesFor } from './statusMoves';

const group = (type: string, studios: string[]) => ({ _id: `g-${type}`, name: type, type, studios });
const user = (id: string, ...groups: ReturnType<typeof group>[]): User => ({ _id: id, groups });
const wr = (status: string) => ({
  status,
  studio: 'north',
  from: { _id: 'priya' },
  translation: { _id: 't1', translator: { _id: 'tomas' } },
});
const targets = (u: User, status: string) => movesFor(u, wr(status)).map((m) => m.to);

describe('status moves offered', () => {
  it('offers the assigned translator only the translator’s moves', () => {
    const tomas = user('tomas', group('translator', ['north']));
    expect(rolesFor(tomas, wr('in-progress'))).toEqual(['translator']);
    expect(targets(tomas, 'in-progress')).toEqual(['awaiting-materials', 'for-review']);
    expect(targets(tomas, 'for-review')).toEqual([]);
    expect(targets(tomas, 'submitted')).toEqual(['awaiting-materials', 'in-progress']);
  });

  it('offers a translator who is not assigned nothing', () => {
    expect(targets(user('margaux', group('translator', ['north'])), 'in-progress')).toEqual([]);
  });

  it('offers the studio’s coordinator the studio’s moves, another studio’s coordinator none', () => {
    expect(targets(user('cora', group('coordinator', ['north'])), 'for-review')).toEqual([
      'in-progress',
      'approved',
      'rejected',
      'cancelled',
    ]);
    expect(targets(user('sam', group('coordinator', ['harbor'])), 'for-review')).toEqual([]);
  });

  it('offers the requester to send, withdraw or take back their order, and to approve or reject it under review', () => {
    const priya = user('priya', group('client', ['north']));
    expect(targets(priya, 'incomplete')).toEqual(['submitted', 'cancelled']);
    expect(targets(priya, 'for-review')).toEqual(['approved', 'rejected']);
  });

  it('offers nothing from a status the workflow does not know, or to nobody signed in', () => {
    expect(targets(user('ada', group('admin', [])), 'on-hold')).toEqual([]);
    expect(movesFor(undefined, wr('submitted'))).toEqual([]);
  });
});
