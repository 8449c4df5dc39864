/**
 * One upload as the tray lists it: its state — queued, checking (the MD5, in a worker), uploading with speed and
 * time left, paused, failed with the reason and Retry, done — and Pause / Resume / Cancel (Dismiss once done).
 */
import { formatBytes } from '../../lib/format';
import { secondsLeft, type UploadItem } from './uploadQueue';
import { uploadQueue } from './useUploads';

export const STATE_WORDS: Record<UploadItem['state'], string> = {
  queued: 'Queued',
  hashing: 'Checking',
  uploading: 'Uploading',
  paused: 'Paused',
  failed: 'Failed',
  done: 'Done',
};

function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const m = Math.floor(seconds / 60);
  if (m < 60) return `${m} min ${seconds % 60} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

function detail(item: UploadItem): string {
  const size = item.file.size;
  if (item.state === 'failed') return item.error ?? 'failed';
  if (item.state === 'hashing') return `making its checksum: ${Math.floor((item.done / size) * 100)}%`;
  if (item.state === 'done')
    return item.afterError ? `stored, but not attached: ${item.afterError}` : formatBytes(size);
  const of = `${formatBytes(item.done)} of ${formatBytes(size)}`;
  const left = secondsLeft(item);
  if (item.state !== 'uploading') return of;
  return item.speed > 0
    ? `${of} · ${formatBytes(item.speed)}/s · ${left !== undefined ? duration(left) : '…'} left`
    : of;
}

export function UploadRow({ item }: { item: UploadItem }) {
  const percent = item.file.size ? Math.floor((item.done / item.file.size) * 100) : 0;
  return (
    <li className={`upload upload--${item.state}`}>
      <div className="upload__head">
        <span className="upload__name">{item.file.name}</span>
        <span className="upload__state">{STATE_WORDS[item.state]}</span>
      </div>
      {item.state === 'uploading' || item.state === 'hashing' || item.state === 'paused' ? (
        <progress max={100} value={percent} aria-label={`${item.file.name}: ${percent}%`} />
      ) : null}
      <div className="upload__foot">
        <span
          className={item.state === 'failed' || item.afterError ? 'form-error' : 'hint'}
          role={item.state === 'failed' || item.afterError ? 'alert' : undefined}
        >
          {detail(item)}
        </span>
        <span className="upload__actions">
          {item.state === 'uploading' || item.state === 'hashing' || item.state === 'queued' ? (
            <button
              type="button"
              className="button button--small"
              onClick={() => uploadQueue.pause(item.id)}
              aria-label={`Pause ${item.file.name}`}
            >
              Pause
            </button>
          ) : null}
          {item.state === 'paused' ? (
            <button
              type="button"
              className="button button--small"
              onClick={() => uploadQueue.resume(item.id)}
              aria-label={`Resume ${item.file.name}`}
            >
              Resume
            </button>
          ) : null}
          {item.state === 'failed' &&
          item.done >= 0 &&
          item.error &&
          !/cannot be uploaded|limited to|empty/.test(item.error) ? (
            <button type="button" className="button button--small" onClick={() => uploadQueue.resume(item.id)}>
              Retry
            </button>
          ) : null}
          <button
            type="button"
            className="button button--small"
            onClick={() => uploadQueue.cancel(item.id)}
            aria-label={`${item.state === 'done' ? 'Dismiss' : 'Cancel'} ${item.file.name}`}
          >
            {item.state === 'done' ? 'Dismiss' : 'Cancel'}
          </button>
        </span>
      </div>
    </li>
  );
}
