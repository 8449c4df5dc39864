/**
 * Who is signed in, and with which credentials. No React here (see useSession.ts for the hook).
 *
 * Credentials are a password (HTTP Basic sends it with every request), so they live in memory and in sessionStorage
 * (gone when the tab closes); only when the user ticks "keep me signed in" do they go to localStorage, for 30 days
 * from that sign-in (`expires`; a remembered copy without one, or past it, is dropped when read). They are never
 * logged. A changed password replaces them in this tab and in every tab sharing the remembered copy; elsewhere the
 * old password is answered 401 and that session ends (docs/API.md, "What the app keeps").
 * Signing out in one tab signs out every open tab: a BroadcastChannel message (sessionStorage is per tab)
 * plus the `storage` event for the localStorage copy.
 */
import type { User } from '../../api/schema/user';

export interface Session {
  /** The `Authorization` header value (`Basic …`). */
  authorization: string;
  username: string;
  remember: boolean;
  /** The caller's User record as the server answered at sign-in (refreshed later when available). */
  user: User | undefined;
  /** A remembered session's end (epoch ms), set at sign-in. */
  expires?: number | undefined;
}

/** How long "keep me signed in" keeps the credentials in localStorage. */
export const REMEMBER_FOR_MS = 30 * 86_400_000;

export type SignedOutReason = 'signed-out' | 'expired' | 'other-tab';

export type SessionState =
  { status: 'signed-in'; session: Session } | { status: 'signed-out'; reason: SignedOutReason | undefined };

const STORAGE_KEY = 'mws.session';
const CHANNEL = 'mws.session';

type Listener = () => void;

function safeStorage(kind: 'local' | 'session'): Storage | undefined {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined; // storage disabled (privacy mode): memory only
  }
}

/** The stored session, if any (also read before the app has loaded: src/app/earlyRequest.ts). */
export function readStoredSession(): Session | undefined {
  // localStorage is opened only when the tab holds no session: its first touch in a page costs a synchronous trip
  // to the browser process (~15 ms of a cold load's main thread, measured), and the tab's session wins.
  for (const kind of ['session', 'local'] as const) {
    const storage = safeStorage(kind);
    const raw = storage?.getItem(STORAGE_KEY);
    if (!raw) continue;
    try {
      const value = JSON.parse(raw) as Partial<Session>;
      const lapsed = kind === 'local' && !(typeof value.expires === 'number' && value.expires > Date.now());
      if (lapsed) {
        storage?.removeItem(STORAGE_KEY);
        continue;
      }
      if (typeof value.authorization === 'string' && typeof value.username === 'string') {
        return {
          authorization: value.authorization,
          username: value.username,
          remember: value.remember === true,
          user: value.user && typeof value.user === 'object' ? value.user : undefined,
          expires: typeof value.expires === 'number' ? value.expires : undefined,
        };
      }
    } catch {
      storage?.removeItem(STORAGE_KEY);
    }
  }
  return undefined;
}

/** Writes only what changed, so other tabs see one `storage` event per real change (never a remove-then-set). */
function writeStored(session: Session | undefined): void {
  const local = safeStorage('local');
  const tab = safeStorage('session');
  if (!session) {
    if (local?.getItem(STORAGE_KEY) !== null) local?.removeItem(STORAGE_KEY);
    if (tab?.getItem(STORAGE_KEY) !== null) tab?.removeItem(STORAGE_KEY);
    return;
  }
  const [target, other] = session.remember ? [local, tab] : [tab, local];
  if (other?.getItem(STORAGE_KEY) !== null) other?.removeItem(STORAGE_KEY);
  const value = JSON.stringify(session);
  if (target?.getItem(STORAGE_KEY) !== value) target?.setItem(STORAGE_KEY, value);
}

let state: SessionState = { status: 'signed-out', reason: undefined };
const listeners = new Set<Listener>();
let channel: BroadcastChannel | undefined;

function set(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** Reads the stored session and starts listening to other tabs. Call once at start-up. */
export function initSessionStore(): void {
  const stored = readStoredSession();
  state = stored ? { status: 'signed-in', session: stored } : { status: 'signed-out', reason: undefined };
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (event: MessageEvent<unknown>) => {
      if (event.data === 'signed-out' && state.status === 'signed-in') {
        writeStored(undefined);
        set({ status: 'signed-out', reason: 'other-tab' });
      }
    };
  }
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY) return;
    if (event.newValue === null && state.status === 'signed-in' && state.session.remember) {
      // The remembered session was removed elsewhere (sign-out in a tab without BroadcastChannel).
      set({ status: 'signed-out', reason: 'other-tab' });
    } else if (event.newValue !== null && state.status === 'signed-out') {
      // Another tab signed in and asked to be remembered: follow it.
      const stored = readStoredSession();
      if (stored) set({ status: 'signed-in', session: stored });
    } else if (event.newValue !== null && state.status === 'signed-in' && state.session.remember) {
      // Another tab changed the password of the remembered session: take the new credentials.
      const stored = readStoredSession();
      if (
        stored?.remember &&
        stored.username === state.session.username &&
        stored.authorization !== state.session.authorization
      )
        set({ status: 'signed-in', session: stored });
    }
  });
}

/** Whether a session is stored, read before start-up has restored it (src/app/preloadPage.ts). */
export function hasStoredSession(): boolean {
  return readStoredSession() !== undefined;
}

export function getSessionState(): SessionState {
  return state;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentAuthorization(): string | undefined {
  return state.status === 'signed-in' ? state.session.authorization : undefined;
}

export function signIn(session: Session): void {
  const kept = session.remember ? { ...session, expires: session.expires ?? Date.now() + REMEMBER_FOR_MS } : session;
  writeStored(kept);
  set({ status: 'signed-in', session: kept });
}

/** The signed-in user changed their password: the credentials become the new ones (the remembered copy's end stays). */
export function changeCredentials(authorization: string): void {
  if (state.status !== 'signed-in') return;
  const session = { ...state.session, authorization };
  writeStored(session);
  set({ status: 'signed-in', session });
}

/** Keeps the stored user record up to date (e.g. after GET /users/me). */
export function updateSessionUser(user: User): void {
  if (state.status !== 'signed-in') return;
  if (JSON.stringify(state.session.user) === JSON.stringify(user)) return;
  const session = { ...state.session, user };
  writeStored(session);
  set({ status: 'signed-in', session });
}

/** The user signs out: forget the credentials here and in every other open tab. */
export function signOut(): void {
  writeStored(undefined);
  channel?.postMessage('signed-out');
  set({ status: 'signed-out', reason: 'signed-out' });
}

/** The server answered 401 to a request made with the stored credentials. */
export function expireSession(): void {
  if (state.status !== 'signed-in') return;
  writeStored(undefined);
  set({ status: 'signed-out', reason: 'expired' });
}
