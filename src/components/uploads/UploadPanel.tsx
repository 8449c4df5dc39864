/**
 * Where a user uploads files for one record: a drop zone and a file picker. The uploads started here are listed in
 * the app's uploads tray (UploadTray.tsx, in the shell), where they go on while the user moves around the app; here,
 * a line says how many of this place's are under way. `after` is the step run once a file is stored (attach it to
 * its record): it belongs to the upload, so it runs even when this page was left.
 */
import { useId, useRef, useState, type DragEvent } from 'react';
import type { AfterUpload, UploadTarget } from './uploadQueue';
import { uploadQueue, useUploads } from './useUploads';
import './uploads.css';

export function UploadPanel({
  target,
  purpose,
  label,
  multiple = true,
  after,
  disabled = false,
  accept,
  check,
}: {
  /** The file picker's `accept` (a hint to the picker: `check` decides). */
  accept?: string;
  /** Why a file may not go here (a logo that is no picture, or too large), said before anything is sent. */
  check?: (file: File) => string | undefined;
  target: UploadTarget;
  after?: AfterUpload;
  /** Nothing may be added (a required field is missing); the picker is shown disabled. */
  disabled?: boolean;
  /** Tags the uploads started here (the line of those under way reads them). */
  purpose: string;
  label: string;
  multiple?: boolean;
}) {
  const active = useUploads(purpose).filter((i) => i.state !== 'done' && i.state !== 'failed').length;
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [refused, setRefused] = useState<string | undefined>();
  const id = useId();
  const add = (files: FileList | null) => {
    if (!files?.length || disabled) return;
    const problems = check ? [...files].flatMap((f) => check(f) ?? []) : [];
    setRefused(problems[0]);
    if (problems.length === 0) uploadQueue.add([...files], target, purpose, after);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    add(e.dataTransfer.files);
  };
  return (
    <div className="upload-panel">
      <div
        className={`upload-drop${over ? ' upload-drop--over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <label htmlFor={id} className={`button button--small${disabled ? ' is-disabled' : ''}`}>
          {label}
        </label>
        <input
          id={id}
          ref={input}
          type="file"
          className="visually-hidden"
          disabled={disabled}
          multiple={multiple}
          accept={accept}
          aria-describedby={refused ? `${id}-refused` : undefined}
          onChange={(e) => {
            add(e.target.files);
            e.target.value = '';
          }}
        />
        <span className="hint">or drop files here</span>
      </div>
      {refused ? (
        <p id={`${id}-refused`} className="form-error" role="alert">
          {refused}
        </p>
      ) : null}
      {active > 0 ? (
        <p className="hint">
          {active === 1 ? '1 upload' : `${active} uploads`} under way: see Uploads, at the bottom of the page.
        </p>
      ) : null}
    </div>
  );
}
