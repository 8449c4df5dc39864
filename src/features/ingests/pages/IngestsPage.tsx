/**
 * Ingests (docs/API.md "Ingest"): the caller's uploads (or, for admins and coordinators, their studios') and how
 * their processing stands: state and progress, thumbnail, probe facts, warnings, the error and a retry. While any is
 * waiting or processing the list is asked again every 2 s (a file's processing is a few writes, not a stream).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { listIngests, retryIngest, type IngestScope } from '../../../api/ingests';
import { isApiError } from '../../../api/client';
import { mediaUrl } from '../../../api/media';
import type { File } from '../../../api/schema/file';
import { formatBytes } from '../../../lib/format';
import { runsOrders } from '../../../lib/landing';
import { useSession } from '../../../lib/session/useSession';
import { IngestStateBadge } from '../../../components/IngestStateBadge';
import { canRetry, isUnderWay, probeSummary, warningText } from '../../../lib/ingestText';
import './ingests.css';

const POLL_MS = 2000;

function IngestItem({ file }: { file: File & { _id: string } }) {
  const client = useQueryClient();
  const ingest = file.$ingest;
  const retry = useMutation({
    mutationFn: () => retryIngest(file._id),
    onSettled: () => client.invalidateQueries({ queryKey: ['ingests'] }),
  });
  const [playing, setPlaying] = useState(false);
  const thumb = mediaUrl(ingest?.thumbnail);
  const proxy = mediaUrl(ingest?.proxy);
  const facts = probeSummary(ingest?.probe);
  const uploaded = file.uploadDate ? new Date(file.uploadDate * 1000).toLocaleString() : undefined;
  return (
    <li className="ingest" aria-label={file.name ?? file._id}>
      {thumb ? (
        <img className="ingest__thumb" src={thumb} alt={`Thumbnail of ${file.name ?? 'the file'}`} loading="lazy" />
      ) : (
        <div className="ingest__thumb" aria-hidden="true">
          {isUnderWay(ingest) ? '…' : 'No thumbnail'}
        </div>
      )}
      <div>
        <div className="ingest__head">
          <h2 className="ingest__name">{file.name ?? file._id}</h2>
          <IngestStateBadge ingest={ingest} />
        </div>
        <p className="ingest__meta">
          {[file.length !== undefined ? formatBytes(file.length) : undefined, uploaded, file.transfer?.username]
            .filter(Boolean)
            .join(' · ')}
          {file.asset ? (
            <>
              {' · '}
              <Link to={`/catalog/assets/${file.asset}`}>Asset</Link>
              {ingest?.match?.by === 'name' ? ' (matched by name)' : null}
            </>
          ) : null}
        </p>
        {facts ? <p className="ingest__facts">{facts}</p> : null}
        {ingest?.proxySkipped ? <p className="ingest__facts">No preview: skipped by your ingest settings.</p> : null}
        {file.warnings?.length ? (
          <ul className="ingest__warnings" aria-label="Warnings">
            {file.warnings.map((w, i) => (
              <li key={i}>{warningText(w)}</li>
            ))}
          </ul>
        ) : null}
        {proxy && playing ? (
          // The web preview proxy (H.264/AAC MP4, or AAC for sound): any browser plays it.
          <video className="ingest__player" src={proxy} controls autoPlay preload="metadata" />
        ) : null}
        {ingest?.error ? <p className="ingest__error">{ingest.error}</p> : null}
        {retry.isError ? (
          <p className="ingest__error" role="alert">
            {isApiError(retry.error) ? retry.error.message : 'The retry could not be asked for. Try again.'}
          </p>
        ) : null}
        <div className="ingest__actions">
          {proxy ? (
            <button
              type="button"
              className="button button--small"
              aria-expanded={playing}
              onClick={() => setPlaying((p) => !p)}
            >
              {playing ? 'Hide preview' : 'Play preview'}
              <span className="visually-hidden"> of {file.name}</span>
            </button>
          ) : null}
          {canRetry(ingest) ? (
            <button
              type="button"
              className="button button--small"
              disabled={retry.isPending}
              onClick={() => retry.mutate()}
            >
              Retry<span className="visually-hidden"> {file.name}</span>
            </button>
          ) : null}
        </div>
      </div>
    </li>
  );
}

export function IngestsPage() {
  const staff = runsOrders(useSession()?.user);
  const [who, setWho] = useState<IngestScope>('me');
  const query = useQuery({
    queryKey: ['ingests', who],
    queryFn: ({ signal }) => listIngests(who, { size: 100, signal }),
    refetchInterval: (q) =>
      q.state.data?.items.some((item) => item.ok && isUnderWay(item.data.$ingest)) ? POLL_MS : false,
  });
  const files = (query.data?.items ?? []).flatMap((item) =>
    item.ok && item.data._id ? [item.data as File & { _id: string }] : [],
  );
  return (
    <div className="ingests page">
      <h1>Ingests</h1>
      <p className="hint">
        Uploads and their processing: each file is checked, probed and given a thumbnail and a web preview.
      </p>
      {staff ? (
        <div className="ingests__scope" role="group" aria-label="Whose uploads">
          {(['me', 'studio'] as const).map((w) => (
            <button
              key={w}
              type="button"
              className="button button--small"
              aria-pressed={who === w}
              onClick={() => setWho(w)}
            >
              {w === 'me' ? 'My uploads' : 'My studios’ uploads'}
            </button>
          ))}
        </div>
      ) : null}
      {query.isPending ? <p role="status">Loading uploads…</p> : null}
      {query.isError ? <p role="alert">The uploads could not be read. Try again.</p> : null}
      {query.isSuccess && files.length === 0 ? <p>No uploads yet.</p> : null}
      {files.length > 0 ? (
        <ul className="ingests__list" aria-label="Uploads">
          {files.map((f) => (
            <IngestItem key={f._id} file={f} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
