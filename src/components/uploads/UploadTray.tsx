/**
 * The app's uploads tray (docs/API.md "Uploads in the app"): one place in the shell, at the bottom corner, listing
 * every upload of the session wherever it was started, with its progress, speed and time left, and Pause / Resume /
 * Cancel. Folded, it is one line; a screen reader hears the totals change (a polite live region, in steps of 10 %,
 * not every byte). It opens by itself when files are added, and is gone when nothing is left to show.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { formatBytes } from '../../lib/format';
import type { UploadItem } from './uploadQueue';
import { UploadRow } from './UploadRow';
import { uploadQueue, useUploads } from './useUploads';
import './uploads.css';

const isActive = (i: UploadItem) => i.state === 'queued' || i.state === 'hashing' || i.state === 'uploading';

/** The tray's one line: how many go on, how far in all, at what speed; else what is left to look at. */
export function traySummary(items: readonly UploadItem[]): string {
  const active = items.filter(isActive);
  const failed = items.filter((i) => i.state === 'failed').length;
  const paused = items.filter((i) => i.state === 'paused').length;
  const parts: string[] = [];
  if (active.length) {
    const size = active.reduce((n, i) => n + i.file.size, 0);
    const done = active.reduce((n, i) => n + (i.state === 'uploading' ? i.done : 0), 0);
    const percent = size ? Math.floor(((done / size) * 100) / 10) * 10 : 0;
    const speed = active.reduce((n, i) => n + i.speed, 0);
    parts.push(`${active.length} uploading, ${percent}%${speed > 0 ? ` at ${formatBytes(speed)}/s` : ''}`);
  }
  if (paused) parts.push(`${paused} paused`);
  if (failed) parts.push(`${failed} failed`);
  const done = items.filter((i) => i.state === 'done').length;
  if (!parts.length && done) parts.push(`${done} done`);
  return parts.join(' · ');
}

export function UploadTray() {
  const items = useUploads();
  const [open, setOpen] = useState(true);
  const listId = useId();
  const count = useRef(items.length);
  // Files added: the tray opens, so the new uploads are seen.
  useEffect(() => {
    if (items.length > count.current) setOpen(true);
    count.current = items.length;
  }, [items.length]);
  if (items.length === 0) return null;
  const summary = traySummary(items);
  const finished = items.filter((i) => i.state === 'done');
  return (
    <section className={`upload-tray${open ? ' upload-tray--open' : ''}`} aria-label="Uploads">
      <div className="upload-tray__bar">
        <button
          type="button"
          className="upload-tray__toggle"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((o) => !o)}
        >
          <span className="upload-tray__title">Uploads</span>
          <span className="upload-tray__summary" aria-live="polite">
            {summary}
          </span>
          <span aria-hidden="true">{open ? '▾' : '▴'}</span>
        </button>
        {finished.length ? (
          <button
            type="button"
            className="button button--small"
            onClick={() => finished.forEach((i) => uploadQueue.cancel(i.id))}
          >
            Clear done
          </button>
        ) : null}
      </div>
      <ul id={listId} className="uploads upload-tray__list" aria-label="Uploads" hidden={!open}>
        {items.map((item) => (
          <UploadRow key={item.id} item={item} />
        ))}
      </ul>
    </section>
  );
}
