/**
 * A module loaded after the first render, without Suspense: until it is here (or when it cannot be loaded) the
 * caller renders nothing in its place, so a secondary part of a page never delays or breaks the rest of it.
 * Each loader is called once per page life; a failed load is tried again on the next mount.
 */
import { useEffect, useState } from 'react';

const loaded = new Map<() => Promise<unknown>, unknown>();

export function useDeferredModule<T>(load: () => Promise<T>): T | undefined {
  const [value, setValue] = useState<T | undefined>(() => loaded.get(load) as T | undefined);
  useEffect(() => {
    if (value !== undefined) return;
    let live = true;
    load().then(
      (v) => {
        loaded.set(load, v);
        if (live) setValue(() => v);
      },
      (error: unknown) => console.warn('a deferred module could not be loaded', error),
    );
    return () => {
      live = false;
    };
  }, [load, value]);
  return value;
}
