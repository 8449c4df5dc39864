/**
 * Offlines of a work request: upload one (the file goes up resumably, then POST /offlines names it: docs/API.md
 * "Offlines: files and review"), list them with their download links (extension GET /offlines?workRequest=), and,
 * for the studio, approve or reject each with a reason. Links are signed and expire; without the list extension the
 * ones added in this visit are still shown.
 */
import { useCallback, useState } from 'react';
import { UploadPanel } from '../../../components/uploads/UploadPanel';
import { isUnavailable } from '../../../api/client';
import type { Offline } from '../../../api/schema/offline';
import { describeError, ErrorPanel } from '../../../components/ErrorPanel';
import { Section } from '../../../components/Section';
import { SkeletonLines } from '../../../components/Skeleton';
import { formatDateTime, isoDateTime } from '../../../lib/dates';
import { safeHref } from '../../../lib/safeUrl';
import { ShowMore } from '../../../components/ShowMore';
import { useOfflines, useRequestOffline, useReviewOffline } from '../queries';
import { useNow } from '../../../lib/useNow';
import { OfflineCompare } from './OfflineCompare';

function expiresAt(path: string | undefined): number | undefined {
  if (!path) return undefined;
  try {
    const value = new URL(path, window.location.origin).searchParams.get('expires');
    return value && /^\d+$/.test(value) ? Number(value) : undefined;
  } catch {
    return undefined;
  }
}

const REVIEW_WORDS: Record<string, string> = {
  pending: 'Waiting for review',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** The studio's verdict on one offline: Approve, or Reject with the reason the vendor reads. */
function OfflineReview({ offline, workRequestId }: { offline: Offline; workRequestId: string }) {
  const review = useReviewOffline(workRequestId);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const id = offline._id ?? '';
  return (
    <form
      className="offline__review"
      onSubmit={(e) => {
        e.preventDefault();
        if (reason.trim() === '') return setMissing(true);
        review.mutate(
          { id, verdict: { verdict: 'rejected', reason: reason.trim() } },
          { onSuccess: () => setReason('') },
        );
      }}
    >
      <label className="visually-hidden" htmlFor={`reject-${id}`}>
        Reason to reject {offline.name}
      </label>
      <input
        id={`reject-${id}`}
        className="input"
        placeholder="What to fix (to reject)"
        value={reason}
        onChange={(e) => {
          setReason(e.target.value);
          setMissing(false);
        }}
      />
      <button type="submit" className="button button--small" disabled={review.isPending}>
        Reject
      </button>
      <button
        type="button"
        className="button button--small button--primary"
        disabled={review.isPending || offline.review === 'approved'}
        onClick={() => review.mutate({ id, verdict: { verdict: 'approved' } })}
      >
        Approve
      </button>
      {missing ? (
        <p className="form-error" role="alert">
          Say what to fix: the vendor reads it.
        </p>
      ) : null}
      {review.error ? (
        <p className="form-error" role="alert">
          {describeError(review.error)}
        </p>
      ) : null}
    </form>
  );
}

export function OfflinesSection({
  workRequestId,
  studioSide,
  assetId,
}: {
  workRequestId: string;
  studioSide: boolean;
  /** The order's asset: its preview is the original an offline is compared with. */
  assetId?: string | undefined;
}) {
  const [comparing, setComparing] = useState<string | undefined>();
  const offlines = useOfflines(workRequestId);
  const request = useRequestOffline(workRequestId);
  const [requested, setRequested] = useState<Offline[]>([]);
  const purpose = `offline:${workRequestId}`;
  // Once stored, the file becomes the offline (run by the upload itself, even when this page was left).
  const addUploaded = useCallback(
    (fileId: string) => request.mutateAsync(fileId).then(({ data }) => setRequested((r) => [data, ...r])),
    [request],
  );
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
          title="Ask for an offline without a file (the vendor uploads it below)"
        >
          {request.isPending ? 'Requesting…' : 'Request offline'}
        </button>
      }
    >
      <UploadPanel
        target={{ workrequest: workRequestId }}
        purpose={purpose}
        label="Upload offline"
        multiple={false}
        after={addUploaded}
      />
      {request.error ? (
        <p className="form-error" role="alert">
          {describeError(request.error)}
        </p>
      ) : null}
      {request.isSuccess ? (
        <p className="hint" role="status">
          Offline added. Its download link is below.
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
                        {o.name ?? 'Offline'}{' '}
                        {o.created ? <time dateTime={isoDateTime(o.created)}>{formatDateTime(o.created)}</time> : null}
                      </span>
                      {o.review ? (
                        <span className={`tag tag--${o.review === 'rejected' ? 'danger' : 'muted'}`}>
                          {' '}
                          {REVIEW_WORDS[o.review]}
                          {o.kind === 'graphics' ? ' · graphics' : ''}
                        </span>
                      ) : null}
                      {o.review === 'rejected' && o.rejections?.length ? (
                        <p className="hint">Rejected: {o.rejections.at(-1)?.reason}</p>
                      ) : null}
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
                    {studioSide && o.file ? (
                      <>
                        <button
                          type="button"
                          className="button button--small"
                          aria-expanded={comparing === o._id}
                          onClick={() => setComparing(comparing === o._id ? undefined : o._id)}
                        >
                          Compare with original<span className="visually-hidden"> ({o.name})</span>
                        </button>
                        {comparing === o._id ? (
                          <OfflineCompare offline={o} workRequestId={workRequestId} assetId={assetId} />
                        ) : null}
                        <OfflineReview offline={o} workRequestId={workRequestId} />
                      </>
                    ) : null}
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
