/**
 * The share queue: assets picked while browsing (an asset's page, a project's assets, an order, the orders a search
 * selected), kept in this browser until they are sent as a share (`/shares/new`), added to one (its page) or removed.
 * In localStorage, so it survives a reload and is the same in every tab; a change in one tab shows in the others (the
 * `storage` event).
 */
import { useSyncExternalStore } from 'react';

const KEY = 'mws.shareQueue';
const listeners = new Set<() => void>();
let cached: { raw: string | null; ids: string[] } = { raw: null, ids: [] };

function storedRaw(): string | null | undefined {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return undefined; // storage blocked: the queue lives in memory for this page
  }
}

function parseIds(raw: string | null): string[] {
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

function read(): string[] {
  const raw = storedRaw();
  if (raw === undefined || raw === cached.raw) return cached.ids;
  cached = { raw, ids: parseIds(raw) };
  return cached.ids;
}

function write(ids: readonly string[]): void {
  const unique = [...new Set(ids)];
  const raw = JSON.stringify(unique);
  cached = { raw, ids: unique };
  try {
    window.localStorage.setItem(KEY, raw);
  } catch {
    /* storage blocked or full: kept in memory for this page */
  }
  for (const l of listeners) l();
}

export const shareQueue = {
  ids: read,
  add: (...ids: string[]) => write([...read(), ...ids]),
  remove: (id: string) => write(read().filter((x) => x !== id)),
  clear: () => write([]),
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The queued asset ids, kept current. */
export function useShareQueue(): readonly string[] {
  return useSyncExternalStore(subscribe, read, () => cached.ids);
}
