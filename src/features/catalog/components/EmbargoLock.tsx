/**
 * A file or preview held by an embargo (docs/API.md "Embargoes"): says it is locked and until when (the viewer's
 * zone, as ZonedDateTime shows dates), and for a file offers "Request access", which tells the project's admins.
 * The button's states: sending, sent, already asked (the server remembers: `$embargo.requested`), failed (try again).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../api/client';
import { requestFileAccess } from '../../../api/files';
import type { EmbargoState } from '../../../api/schema/embargo';
import { ZonedDateTime } from '../../../components/ZonedDateTime';
import { catalogKeys } from '../queries';

/** "Locked — under embargo until <date>" (or until an admin lifts it). */
export function EmbargoUntil({ embargo }: { embargo: EmbargoState }) {
  return (
    <span className="embargo-lock__why">
      <span className="tag tag--danger">Locked</span>{' '}
      {typeof embargo.until === 'number' ? (
        <>
          under embargo until <ZonedDateTime value={{ date: embargo.until }} compact />
        </>
      ) : (
        'under embargo until an admin lifts it'
      )}
    </span>
  );
}

function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) return `Too many requests: ${error.message}.`;
  if (error instanceof ApiError && error.status === 0) return 'Could not reach the server.';
  return error instanceof Error ? `Could not send the request: ${error.message}.` : 'Could not send the request.';
}

interface Props {
  fileId: string;
  fileName: string;
  assetId: string;
  embargo: EmbargoState;
}

/** A locked file's cell: why, until when, and the request-access button with its states. */
export function EmbargoLock({ fileId, fileName, assetId, embargo }: Props) {
  const client = useQueryClient();
  const request = useMutation({
    mutationFn: () => requestFileAccess(fileId),
    onSettled: () => void client.invalidateQueries({ queryKey: catalogKeys.files(assetId) }),
  });
  const already =
    embargo.requested === true || (request.error instanceof ApiError && request.error.code === 'already_requested');
  const sent = request.isSuccess;
  return (
    <span className="embargo-lock">
      <EmbargoUntil embargo={embargo} />
      <span className="embargo-lock__action">
        {sent || already ? (
          <span className="embargo-lock__done" role="status">
            <span aria-hidden="true">✓ </span>
            {sent
              ? 'Access requested: the project’s admins were told.'
              : 'Already requested: you will be told when it lifts.'}
          </span>
        ) : (
          <>
            <button
              type="button"
              className="button button--small"
              disabled={request.isPending}
              aria-describedby={request.isError ? `request-error-${fileId}` : undefined}
              onClick={() => request.mutate()}
            >
              {request.isPending ? 'Requesting…' : request.isError ? 'Try again' : 'Request access'}
              <span className="visually-hidden"> to {fileName}</span>
            </button>
            {request.isError ? (
              <span className="embargo-lock__failed" id={`request-error-${fileId}`} role="alert">
                {failureText(request.error)}
              </span>
            ) : null}
          </>
        )}
      </span>
    </span>
  );
}
