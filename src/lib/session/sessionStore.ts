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
  /**
   * The signed-in user's id. Their record is the app's one cache entry of that user (lib/userRecords.ts), which the
   * settings and the catalog read and write too; the session keeps no copy of it
   * (docs/decisions/160-one-cache-entry-per-user.md).
   */
  userId: string;
  /** A remembered session's end (epoch ms), set at sign-in. */
  expires?: number | undefined;
}

/** How long "keep me signed in" keeps the credentials in localStorage. */
export const REMEMBER_FOR_MS = 30 * 86_400_000;

/**
 * Why the session ended: signed out here or in another tab; `expired`: the server answered 401 to the stored
 * credentials (the password changed elsewhere, the user removed); `disabled`: it answered 403 `account_disabled`
 * (an administrator disabled the account). The sign-in page says which.
 */
export type SignedOutReason = 'signed-out' | 'expired' | 'other-tab' | 'disabled';

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

/**
 * What is stored: the session and the signed-in user's record as last read (`user`), a snapshot of the cache entry
 * kept only to show the user (and land on their page, src/app/landOnHome.ts) before the app has read it again.
 */
type Stored = Session & { user?: User | undefined };

/** The stored session, if any (also read before the app has loaded: src/app/earlyRequest.ts). */
export function readStoredSession(): Session | undefined {
  const stored = readStored();
  if (!stored) return undefined;
  const { user: _snapshot, ...session } = stored;
  return session;
}

/** The signed-in user's record as last stored: the cache entry's first value on a load (lib/session/signedInUser.ts). */
export function readStoredUser(): User | undefined {
  return readStored()?.user;
}

function readStored(): Stored | undefined {
  // localStorage is opened only when the tab holds no session: its first touch in a page costs a synchronous trip
  // to the browser process (~15 ms of a cold load's main thread, measured), and the tab's session wins.
  for (const kind of ['session', 'local'] as const) {
    const storage = safeStorage(kind);
    const raw = storage?.getItem(STORAGE_KEY);
    if (!raw) continue;
    try {
      const value = JSON.parse(raw) as Partial<Stored>;
      const lapsed = kind === 'local' && !(typeof value.expires === 'number' && value.expires > Date.now());
      if (lapsed) {
        storage?.removeItem(STORAGE_KEY);
        continue;
      }
      const user = value.user && typeof value.user === 'object' ? value.user : undefined;
      // A session stored before it kept the id has it in its user record.
      const userId = typeof value.userId === 'string' ? value.userId : user?._id;
      if (typeof value.authorization === 'string' && typeof value.username === 'string' && userId) {
        return {
          authorization: value.authorization,
          username: value.username,
          remember: value.remember === true,
          userId,
          expires: typeof value.expires === 'number' ? value.expires : undefined,
          user: user?._id === userId ? user : undefined,
        };
      }
    } catch {
      storage?.removeItem(STORAGE_KEY);
    }
  }
  return undefined;
}

/** The user record stored beside the session (see `Stored`): the last one remembered for the signed-in user. */
let snapshot: User | undefined;

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
  const value = JSON.stringify({ ...session, user: snapshot?._id === session.userId ? snapshot : undefined });
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
  snapshot = readStoredUser();
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
      snapshot = readStoredUser();
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

/** Starts a session; `user` is the record the sign-in check answered (stored as the snapshot, see `Stored`). */
export function signIn(session: Session, user?: User): void {
  snapshot = user;
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

/**
 * Stores the signed-in user's record as the cache entry now holds it (lib/session/signedInUser.ts), for the next load
 * to show first. The session itself does not change: nothing is told.
 */
export function rememberSignedInUser(user: User): void {
  if (state.status !== 'signed-in' || user._id !== state.session.userId) return;
  if (JSON.stringify(snapshot) === JSON.stringify(user)) return;
  snapshot = user;
  writeStored(state.session);
}

/** The user signs out: forget the credentials here and in every other open tab. */
export function signOut(): void {
  snapshot = undefined;
  writeStored(undefined);
  channel?.postMessage('signed-out');
  set({ status: 'signed-out', reason: 'signed-out' });
}

/**
 * The server refused the stored credentials: 401 (`expired`) or 403 `account_disabled` (`disabled`). Other tabs
 * sharing them meet the same answer at their next request.
 */
export function expireSession(reason: 'expired' | 'disabled' = 'expired'): void {
  if (state.status !== 'signed-in') return;
  snapshot = undefined;
  writeStored(undefined);
  set({ status: 'signed-out', reason });
}
