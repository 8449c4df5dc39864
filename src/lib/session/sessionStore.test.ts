/** Reading the stored session: the tab's own first, the remembered one only when the tab has none. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from './memoryStorage';
import { readStoredSession, readStoredUser } from './sessionStore';

const stored = (username: string, remember: boolean, expires = Date.now() + 60_000) => ({
  'mws.session': JSON.stringify({
    authorization: `Basic ${username}`,
    username,
    userId: `id-${username}`,
    remember,
    expires,
  }),
});

/** A window whose localStorage counts how often it is opened (its first touch is a trip to the browser process). */
function windowWith(tab: Record<string, string>, local: Record<string, string>) {
  const opened = vi.fn();
  const localStorage = memoryStorage(local);
  const sessionStorage = memoryStorage(tab);
  vi.stubGlobal('window', {
    sessionStorage,
    get localStorage() {
      opened();
      return localStorage;
    },
  });
  return opened;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('readStoredSession', () => {
  it("reads the tab's session without opening localStorage", () => {
    const localOpened = windowWith(stored('tab-user', false), stored('remembered-user', true));
    expect(readStoredSession()?.username).toBe('tab-user');
    expect(localOpened).not.toHaveBeenCalled();
  });

  it('falls back to the remembered session when the tab has none', () => {
    const localOpened = windowWith({}, stored('remembered-user', true));
    expect(readStoredSession()).toMatchObject({ username: 'remembered-user', remember: true });
    expect(localOpened).toHaveBeenCalledTimes(1);
  });

  it('drops a remembered session past its end, or stored without one, and is signed out', () => {
    windowWith({}, stored('lapsed-user', true, Date.now() - 1));
    expect(readStoredSession()).toBeUndefined();
    expect(window.localStorage.getItem('mws.session')).toBeNull();
    windowWith({}, { 'mws.session': JSON.stringify({ authorization: 'Basic x', username: 'old', remember: true }) });
    expect(readStoredSession()).toBeUndefined();
  });

  it('keeps the user id, reads it from the user record of a session stored before it had one, and needs one', () => {
    windowWith(stored('tab-user', false), {});
    expect(readStoredSession()).toMatchObject({ userId: 'id-tab-user' });
    expect(readStoredSession()).not.toHaveProperty('user');
    const older = { authorization: 'Basic x', username: 'old', remember: false, user: { _id: 'u7', name: 'Old' } };
    windowWith({ 'mws.session': JSON.stringify(older) }, {});
    expect(readStoredSession()?.userId).toBe('u7');
    expect(readStoredUser()).toEqual({ _id: 'u7', name: 'Old' });
    windowWith(
      { 'mws.session': JSON.stringify({ authorization: 'Basic x', username: 'nobody', remember: false }) },
      {},
    );
    expect(readStoredSession()).toBeUndefined();
  });

  it('is signed out when neither holds a session, and drops one that is not JSON', () => {
    windowWith({ 'mws.session': '{not json' }, {});
    expect(readStoredSession()).toBeUndefined();
    expect(window.sessionStorage.getItem('mws.session')).toBeNull();
  });
});
