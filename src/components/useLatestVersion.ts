/**
 * An edit dialog's first read: the record's latest version with its ETag, once, when the dialog opens (`load`
 * undefined: nothing to read). `onLatest` decides what the answer replaces (a form the user has not touched yet).
 * Pair with LatestVersionNotice, which says what the read is doing.
 */
import { useEffect, useState } from 'react';
import type { VersionedRecord } from '../api/versioned';

export function useLatestVersion<R>(
  load: ((signal: AbortSignal) => Promise<VersionedRecord<R>>) | undefined,
  onLatest: (latest: VersionedRecord<R>) => void,
): { loading: boolean; error: string | undefined } {
  const [loading, setLoading] = useState(Boolean(load));
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (!load) return;
    const controller = new AbortController();
    load(controller.signal).then(
      (latest) => {
        onLatest(latest);
        setLoading(false);
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        setLoading(false);
        setError(failure instanceof Error ? failure.message : 'Could not load the latest version.');
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once per dialog: later props do not start another read
  }, []);
  return { loading, error };
}
