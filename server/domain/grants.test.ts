/** The grants model (grants.ts) on a real store: the paths the API matrix does not reach through the demo data. */
import { describe, expect, it } from 'vitest';
import { SqliteStore } from '../storage/sqlite/sqliteStore';
import type { Doc } from '../storage/store';
import { makeCaller } from './access';
import { grantsOf, sourceReaches, type Grants } from './grants';
import type { GroupDoc, UserDoc } from './types';

const ID = (n: number) => n.toString(16).padStart(24, '0');
const PROJECT = ID(100);
const OTHER_PROJECT = ID(101);
const STUDIO = ID(200);

async function setUp() {
  const store = new SqliteStore(':memory:');
  const group = { _id: ID(300), created: 1, name: 'Press', type: 'client', studios: [], users: [] } as GroupDoc;
  const user = { _id: ID(400), created: 1, name: 'Reader', groups: [group._id] } as unknown as UserDoc;
  await store.transaction(async (tx) => {
    await tx.insert('Groups', group);
    await tx.insert('Users', user);
    await tx.insert('Projects', { _id: PROJECT, created: 1, name: 'P', studio: STUDIO });
    await tx.insert('Projects', { _id: OTHER_PROJECT, created: 1, name: 'Q', studio: STUDIO });
    for (const [n, type, tags, project] of [
      [1, 'trailer', ['final'], PROJECT],
      [2, 'trailer', ['draft'], PROJECT],
      [3, 'poster', ['final'], PROJECT],
      [4, 'trailer', ['final'], OTHER_PROJECT],
    ] as const) {
      await tx.insert('Assets', { _id: ID(n), created: 1, project, studio: STUDIO, type, tags: [...tags] });
    }
    await tx.insert('Files', { _id: ID(11), created: 1, asset: ID(1), language: 'und', country: 'US' });
    await tx.insert('Files', { _id: ID(12), created: 1, asset: ID(1), language: 'fr-FR', country: 'FR' });
    await tx.insert('Files', { _id: ID(13), created: 1, asset: ID(1), language: 'fr-CA', country: 'CA' });
  });
  return { store, caller: makeCaller(user, [group]), group, user };
}

function permission(fields: Doc | Record<string, unknown>): Record<string, unknown> {
  return { access: { previews: 'clean', download: true }, ...fields };
}

const granted = (g: Grants) => {
  if (g.kind !== 'granted') throw new Error('expected the grants of someone who is not staff');
  return g;
};

describe('grantsOf', () => {
  it('a Permission record of its own applies while it is approved; a project-wide one narrows by types and tags', async () => {
    const { store, caller, user } = await setUp();
    await store.insert('Permissions', {
      user: user._id,
      approved: true,
      project: PROJECT,
      types: ['trailer'],
      tags: [['trailer', 'final']],
      ...permission({ sources: { download: { ov: true, languages: ['fr'], countries: ['FR'] } } }),
    });
    const g = granted(await grantsOf(caller, store));
    expect([...g.assets.keys()]).toEqual([ID(1)]);
    expect(g.projects.get(PROJECT)).toMatchObject({ wide: true });
    // The OV file and the French one of France; not the Canadian French one.
    expect(g.assets.get(ID(1))!.files).toEqual(new Set([ID(11), ID(12)]));

    const other = await store.insert('Permissions', {
      user: user._id,
      approved: false,
      assets: [ID(3)],
      ...permission({}),
    });
    expect(granted(await grantsOf(caller, store)).assets.has(ID(3))).toBe(false);
    await store.replace('Permissions', { ...other.doc, approved: true });
    expect(granted(await grantsOf(caller, store)).assets.has(ID(3))).toBe(true);
  });

  it('a share reaches the members of its groups; its stored Permissions apply while the share is approved', async () => {
    const { store, caller, group } = await setUp();
    // Sent by an admin (a share grants only what its sender may still share: docs/API.md).
    const admins = await store.insert('Groups', { name: 'Admins', type: 'admin', studios: [], users: [] });
    const sender = await store.insert('Users', { name: 'Ada', groups: [admins.doc._id], status: { approved: true } });
    const share = await store.insert('Shares', {
      from: { _id: sender.doc._id },
      groups: [group._id],
      to: [],
      approved: false,
      permissions: [],
    });
    await store.insert('Permissions', {
      share: share.doc._id,
      assets: [ID(2), ID(4)],
      project: PROJECT,
      ...permission({}),
    });
    expect(granted(await grantsOf(caller, store)).assets.size).toBe(0);
    await store.replace('Shares', { ...share.doc, approved: true });
    const g = granted(await grantsOf(caller, store));
    // ID(4) is of another project than the Permission's: not reached.
    expect([...g.assets.keys()]).toEqual([ID(2)]);
    expect(g.assets.get(ID(2))!.previews).toBe('clean');
  });

  it('is computed once while nothing it reads changes', async () => {
    const { store, caller } = await setUp();
    const first = await grantsOf(caller, store);
    expect(await grantsOf(caller, store)).toBe(first);
    await store.insert('Shares', { to: [], groups: [], approved: true, permissions: [] });
    const after = await grantsOf(caller, store);
    expect(after).not.toBe(first);
    expect(after).toEqual(first);
  });
});

describe('sourceReaches', () => {
  const file = (language: string, country?: string): Doc => ({ _id: ID(9), created: 1, language, country });
  it('reaches originals with ov, localised files by language (a bare tag matches its regions) and country', () => {
    const scope = { ov: false, languages: ['en-GB'], countries: ['GB'] };
    expect(sourceReaches(scope, file('und'))).toBe(false);
    expect(sourceReaches({ ...scope, ov: true }, file('und'))).toBe(true);
    expect(sourceReaches(scope, file('en', 'GB'))).toBe(true);
    expect(sourceReaches(scope, file('en-US', 'GB'))).toBe(false);
    expect(sourceReaches(scope, file('en-GB', 'US'))).toBe(false);
    expect(sourceReaches({ ...scope, countries: [] }, file('en-GB', 'US'))).toBe(true);
    expect(sourceReaches({ ov: true, languages: [], countries: [] }, file('fr-FR'))).toBe(false);
    expect(sourceReaches(undefined, file('und'))).toBe(false);
  });
});
