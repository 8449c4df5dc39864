/**
 * Filters kept in the URL: read the search params, and replace them (no new history entry per filter change).
 *
 * A router navigation is asynchronous, so a controlled checkbox or select bound straight to the URL is first
 * put back to its old value by React and only later shows the new one: on a busy machine a just-ticked box
 * visibly unticks (a flaky e2e on CI showed it; `flushSync` does not help, the router's update is still a
 * few microtasks away). So the params a caller sets are shown at once, in the same event, for as long as the
 * location they were set from is current: once any navigation lands (this one or another), the URL rules again.
 */
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';

type Updater = (current: URLSearchParams) => URLSearchParams;

export function useFilterParams(): [URLSearchParams, (update: Updater | URLSearchParams) => void] {
  const [params, setParams] = useSearchParams();
  const { key } = useLocation();
  const [pending, setPending] = useState<{ params: URLSearchParams; from: string } | null>(null);
  const shown = pending && pending.from === key ? pending.params : params;
  // What `replace` starts from: this render's params once committed, or what an earlier call of the same event set
  // (written after each commit, never during render).
  const latest = useRef({ shown, key });
  useLayoutEffect(() => {
    latest.current = { shown, key };
  });

  const replace = useCallback(
    (update: Updater | URLSearchParams) => {
      const { shown: current, key: from } = latest.current;
      const next = typeof update === 'function' ? update(new URLSearchParams(current)) : update;
      latest.current = { shown: next, key: from };
      setPending({ params: next, from });
      setParams(next, { replace: true });
    },
    [setParams],
  );
  return [shown, replace];
}

/** A copy of `current` with `key` set to `value`, or removed when `value` is empty. */
export function withParam(current: URLSearchParams, key: string, value: string | undefined): URLSearchParams {
  const next = new URLSearchParams(current);
  if (value) next.set(key, value);
  else next.delete(key);
  return next;
}
