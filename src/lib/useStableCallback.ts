/**
 * A function that never changes and calls the latest `callback` given (undefined while there is none): for a
 * memoized child's handler props, so a parent that makes a new closure on every render (an inline arrow) does not
 * re-render every memoized child. The latest callback is kept after each commit, before any event can reach it (a
 * ref is not written during render); calling the result during render is a mistake, as with any event handler.
 */
import { useCallback, useLayoutEffect, useRef } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any handler's arguments and result pass through
export function useStableCallback<F extends (...args: any[]) => unknown>(callback: F): F;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export function useStableCallback<F extends (...args: any[]) => unknown>(callback: F | undefined): F | undefined;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export function useStableCallback<F extends (...args: any[]) => unknown>(callback: F | undefined): F | undefined {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  const stable = useCallback((...args: Parameters<F>) => latest.current?.(...args), []) as unknown as F;
  return callback === undefined ? undefined : stable;
}
