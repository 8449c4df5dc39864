/**
 * Offlines of a work request: request one (spec POST /offlines) and list them with their download links
 * (extension GET /offlines?workRequest=). Links are signed and expire; without the list extension the ones
 * requested in this visit are still shown.
 */
import { useState } from 'react';
import { isUnavailable } from '../../../api/client';
import type { Offline } from '../../../api/schema/offline';
import { describeError, ErrorPanel } from '../../../components/ErrorPanel';
import { Section } from '../../../components/Section';
import { SkeletonLines } from '../../../components/Skeleton';
import { formatDateTime, isoDateTime } from '../../../lib/dates';
import { safeHref } from '../../../lib/safeUrl';
import { ShowMore } from '../../../components/ShowMore';
import { useOfflines, useRequestOffline } from '../queries';
import { useNow } from '../../../lib/useNow';

function expiresAt(path: string | undefined): number | undefined {
  if (!path) return undefined;
  try {
    const value = new URL(path, window.location.origin).searchParams.get('expires');
    return value && /^\d+$/.test(value) ? Number(value) : undefined;
  } catch {
    return undefined;
  }
}

export function OfflinesSection({ workRequestId }: { workRequestId: string }) {
  const offlines = useOfflines(workRequestId);
  const request = useRequestOffline(workRequestId);
  const [requested, setRequested] = useState<Offline[]>([]);
  const now = useNow();
  const listed = offlines.data?.pages.flatMap((p) => p.items.flatMap((i) => (i.ok ? [i.data] : []))) ?? [];
  const unavailable = offlines.isError && isUnavailable(offlines.error);
  const shown = unavailable ? requested : listed;
  return (
    <Section
      title="Offlines"
      meta={offlines.data ? `(${offlines.data.pages[0]?.total ?? listed.length})` : undefined}
      actions={
        <button
          type="button"
          className="button button--small"
          disabled={request.isPending}
          onClick={() => request.mutate(undefined, { onSuccess: ({ data }) => setRequested((r) => [data, ...r]) })}
        >
          {request.isPending ? 'Requesting…' : 'Request offline'}
        </button>
      }
    >
      {request.error ? (
        <p className="form-error" role="alert">
          {describeError(request.error)}
        </p>
      ) : null}
      {request.isSuccess ? (
        <p className="hint" role="status">
          Offline requested. Its download link is below.
        </p>
      ) : null}
      {offlines.isPending ? (
        <SkeletonLines lines={2} label="Loading offlines" />
      ) : offlines.isError && !unavailable ? (
        <ErrorPanel
          error={offlines.error}
          title="Could not load offlines"
          onRetry={() => void offlines.refetch()}
          compact
        />
      ) : (
        <>
          {unavailable ? (
            <p className="hint">This server can't list earlier offlines; the ones you request now appear here.</p>
          ) : null}
          {shown.length === 0 ? (
            <p className="muted">No offlines yet.</p>
          ) : (
            <ul className="offlines">
              {shown.map((o, i) => {
                const href = safeHref(o.path);
                const expires = expiresAt(o.path);
                const expired = expires !== undefined && expires * 1000 < now;
                return (
                  <li key={o._id ?? i} className="offline">
                    <div>
                      <span>
                        Offline{' '}
                        {o.created ? <time dateTime={isoDateTime(o.created)}>{formatDateTime(o.created)}</time> : null}
                      </span>
                      {expires ? (
                        <span className="muted">
                          {' '}
                          · {expired ? 'link expired' : `link valid until ${formatDateTime(expires)}`}
                        </span>
                      ) : null}
                    </div>
                    {href && !expired ? (
                      <a className="button button--small" href={href} download>
                        Download
                        <span className="visually-hidden">
                          {' '}
                          offline of {o.created ? formatDateTime(o.created) : ''}
                        </span>
                      </a>
                    ) : (
                      <span className="muted">{expired ? 'Request a new one' : 'No download link'}</span>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
          {unavailable ? null : <ShowMore query={offlines} noun="offlines" />}
        </>
      )}
    </Section>
  );
}
