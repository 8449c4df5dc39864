/**
 * An offline reviewed beside the original (docs/API.md "Offlines: files and review", "Notes on frames"): the
 * offline's web proxy (its ingest rendition, else the file itself) and the asset's preview play side by side, one
 * Play / Pause and one position driving both (the original follows the offline, corrected when it drifts); a note is
 * taken at the current frame (`POST /comments` with `offline` + `time`), and a note's time seeks both.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getFile } from '../../../api/files';
import { listPreviews, signedUrl } from '../../../api/previews';
import type { Offline } from '../../../api/schema/offline';
import { describeError } from '../../../components/ErrorPanel';
import { formatNoteTime } from '../../../lib/noteTime';
import { useComments, useAddOfflineNote } from '../queries';

/** How far (seconds) the original may drift from the offline before it is put back in step. */
const DRIFT = 0.15;

export function OfflineCompare({
  offline,
  workRequestId,
  assetId,
}: {
  offline: Offline;
  workRequestId: string;
  assetId: string | undefined;
}) {
  const file = useQuery({
    queryKey: ['offline-compare', 'file', offline.file],
    queryFn: ({ signal }) => getFile(offline.file ?? '', signal),
    enabled: Boolean(offline.file),
  });
  const previews = useQuery({
    queryKey: ['offline-compare', 'previews', assetId],
    queryFn: ({ signal }) => listPreviews(assetId ?? '', { size: 20, signal }),
    enabled: Boolean(assetId),
  });
  const comments = useComments(workRequestId);
  const addNote = useAddOfflineNote(workRequestId);
  const left = useRef<HTMLVideoElement>(null);
  const right = useRef<HTMLVideoElement>(null);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [text, setText] = useState('');
  const id = useId();

  const f = file.data?.data;
  const offlineSrc = f?.$ingest?.proxy ?? f?.path;
  const original = previews.data?.items.flatMap((p) => (p.ok && p.data.media && p.data.path ? [p.data] : []))[0];
  const notes = (comments.data?.pages.flatMap((p) => p.items.flatMap((i) => (i.ok ? [i.data] : []))) ?? [])
    .filter((c) => c.offline === offline._id && typeof c.time === 'number')
    .sort((a, b) => (a.time ?? 0) - (b.time ?? 0));

  // The original follows the offline: on each frame of the offline's clock, back in step when it drifts.
  useEffect(() => {
    const a = left.current;
    if (!a) return;
    const follow = () => {
      setTime(a.currentTime);
      const b = right.current;
      if (b && Math.abs(b.currentTime - a.currentTime) > DRIFT) b.currentTime = a.currentTime;
    };
    a.addEventListener('timeupdate', follow);
    a.addEventListener('seeked', follow);
    return () => {
      a.removeEventListener('timeupdate', follow);
      a.removeEventListener('seeked', follow);
    };
  }, [offlineSrc]);

  const both = (act: (v: HTMLVideoElement) => void) => {
    for (const v of [left.current, right.current]) if (v) act(v);
  };
  const seek = (t: number) => {
    both((v) => (v.currentTime = t));
    setTime(t);
  };
  const toggle = () => {
    if (playing) both((v) => v.pause());
    else both((v) => void v.play().catch(() => undefined));
    setPlaying(!playing);
  };

  return (
    <div className="offline-compare">
      <div className="offline-compare__players">
        <figure>
          <figcaption>Offline: {offline.name}</figcaption>
          {offlineSrc ? (
            <video
              ref={left}
              src={signedUrl(offlineSrc)}
              preload="metadata"
              muted={false}
              onLoadedMetadata={(e) => setDuration(e.currentTarget.duration || 0)}
              onEnded={() => setPlaying(false)}
              aria-label={`Offline ${offline.name ?? ''}`}
            />
          ) : (
            <p className="muted">{file.isError ? describeError(file.error) : 'Loading the offline…'}</p>
          )}
        </figure>
        <figure>
          <figcaption>Original{original?.label ? `: ${original.label}` : ''}</figcaption>
          {original?.path ? (
            <video ref={right} src={signedUrl(original.path)} preload="metadata" muted aria-label="Original preview" />
          ) : (
            <p className="muted">
              {previews.isPending && assetId ? 'Loading the original…' : 'The asset has no preview to compare with.'}
            </p>
          )}
        </figure>
      </div>
      <div className="offline-compare__controls">
        <button type="button" className="button button--small" onClick={toggle} disabled={!offlineSrc}>
          {playing ? 'Pause both' : 'Play both'}
        </button>
        <label htmlFor={`${id}-pos`} className="visually-hidden">
          Position in both videos
        </label>
        <input
          id={`${id}-pos`}
          type="range"
          min={0}
          max={duration || 0}
          step={0.04}
          value={Math.min(time, duration || 0)}
          onChange={(e) => seek(Number(e.target.value))}
          aria-valuetext={formatNoteTime(time)}
          disabled={!duration}
        />
        <span className="offline-compare__time">{formatNoteTime(time)}</span>
      </div>
      <form
        className="offline-compare__note"
        onSubmit={(e) => {
          e.preventDefault();
          if (!offline._id || text.trim() === '') return;
          addNote.mutate(
            { offline: offline._id, time: Math.round(time * 1000) / 1000, body: text.trim() },
            { onSuccess: () => setText('') },
          );
        }}
      >
        <label htmlFor={`${id}-note`}>Note at {formatNoteTime(time)}</label>
        <input
          id={`${id}-note`}
          className="input"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="What to fix on this frame"
        />
        <button type="submit" className="button button--small" disabled={addNote.isPending || text.trim() === ''}>
          Add note
        </button>
        {addNote.error ? (
          <p className="form-error" role="alert">
            {describeError(addNote.error)}
          </p>
        ) : null}
      </form>
      {notes.length ? (
        <ul className="offline-compare__notes" aria-label={`Notes on ${offline.name ?? 'the offline'}`}>
          {notes.map((n) => (
            <li key={n._id}>
              <button type="button" className="button button--small" onClick={() => seek(n.time ?? 0)}>
                {formatNoteTime(n.time ?? 0)}
              </button>{' '}
              {n.body}
              {n.user?.name ? <span className="muted"> · {n.user.name}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
