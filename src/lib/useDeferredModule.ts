/**
 * A module loaded after the page's first content is on screen (afterFirstContent.ts), without Suspense: until it is
 * here (or when it cannot be loaded) the caller renders nothing in its place, so a secondary part of a page never
 * delays or breaks the rest of it.
 * Each loader is called once per page life; a failed load is tried again on the next mount.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { afterFirstContent } from './afterFirstContent';

const loaded = new Map<() => Promise<unknown>, unknown>();

export function useDeferredModule<T>(load: () => Promise<T>): T | undefined {
  const client = useQueryClient();
  const [value, setValue] = useState<T | undefined>(() => loaded.get(load) as T | undefined);
  useEffect(() => {
    if (value !== undefined) return;
    let live = true;
    afterFirstContent(client)
      .then(load)
      .then(
        (v) => {
          loaded.set(load, v);
          if (live) setValue(() => v);
        },
        (error: unknown) => console.warn('a deferred module could not be loaded', error),
      );
    return () => {
      live = false;
    };
  }, [client, load, value]);
  return value;
}
