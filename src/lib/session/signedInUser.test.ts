/**
 * The signed-in user's record is its cache entry: a load starts it from the copy stored with the session (stale, to
 * be read again), and the stored copy follows the entry, so the next load shows what was last saved.
 */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userRecordFrom, userRecordKeys, type UserRecord } from '../userRecordKeys';
import { memoryStorage } from './memoryStorage';
import { keepSignedInUser } from './signedInUser';
import { initSessionStore, readStoredUser, signIn, signOut } from './sessionStore';

function freshWindow(tab: Record<string, string> = {}) {
  vi.stubGlobal('window', {
    sessionStorage: memoryStorage(tab),
    localStorage: memoryStorage(),
    addEventListener: () => {},
  });
  vi.stubGlobal('BroadcastChannel', undefined);
}

afterEach(() => {
  signOut();
  vi.unstubAllGlobals();
});

const stored = {
  authorization: 'Basic x',
  username: 'ann@example.com',
  remember: false,
  userId: 'u1',
  user: { _id: 'u1', name: 'Ann Stored' },
};

describe('keepSignedInUser', () => {
  it("starts the signed-in user's entry from the stored copy, stale, and never an entry the app holds", () => {
    freshWindow({ 'mws.session': JSON.stringify(stored) });
    initSessionStore();
    const client = new QueryClient();
    keepSignedInUser(client);
    expect(client.getQueryData<UserRecord>(userRecordKeys.user('u1'))?.data.name).toBe('Ann Stored');
    expect(client.getQueryState(userRecordKeys.user('u1'))?.dataUpdatedAt).toBe(1);
  });

  it('keeps the stored copy as the entry now holds it, and only for the signed-in user', () => {
    freshWindow();
    initSessionStore();
    const client = new QueryClient();
    keepSignedInUser(client);
    const first = { _id: 'u1', name: 'Ann First' };
    client.setQueryData(userRecordKeys.user('u1'), userRecordFrom(first));
    signIn({ authorization: 'Basic x', username: 'ann@example.com', remember: false, userId: 'u1' }, first);
    expect(readStoredUser()?.name).toBe('Ann First');
    client.setQueryData(userRecordKeys.user('u1'), userRecordFrom({ _id: 'u1', name: 'Ann Renamed' }));
    expect(readStoredUser()?.name).toBe('Ann Renamed');
    client.setQueryData(userRecordKeys.user('u2'), userRecordFrom({ _id: 'u2', name: 'Bo' }));
    expect(readStoredUser()?.name).toBe('Ann Renamed');
    signOut();
    expect(readStoredUser()).toBeUndefined();
  });
});
