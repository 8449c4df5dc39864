/**
 * The app's uploads tray (docs/API.md "Uploads in the app"): one place in the shell, at the bottom corner, listing
 * every upload of the session wherever it was started, with its progress, speed and time left, and Pause / Resume /
 * Cancel. Folded, it is one line; a screen reader hears the totals change (a polite live region, in steps of 10 %,
 * not every byte). It opens by itself when files are added, and is gone when nothing is left to show.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { traySummary } from './traySummary';
import { UploadRow } from './UploadRow';
import { uploadQueue, useUploads } from './useUploads';
import './uploads.css';

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
