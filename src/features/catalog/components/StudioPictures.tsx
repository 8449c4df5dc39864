/**
 * A logo chosen from the pictures already uploaded for the studio (docs/API.md "Logos": `GET /files?studio=&kind=
 * picture`): its logo and its projects' logos, as thumbnails with their names, one choice (native radios: arrow keys
 * move the choice, Tab leaves the group). Choosing one sets the record's logo, as an upload does; it is kept on Save.
 */
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { safeHref } from '../../../lib/safeUrl';
import { plural } from '../../../lib/format';
import { STUDIO_PICTURES_SHOWN, studioPicturesOptions } from '../queries';

interface Props {
  studio: string;
  /** The chosen File's id ('' for none). */
  value: string;
  onChange: (fileId: string) => void;
  disabled?: boolean | undefined;
}

export function StudioPictures({ studio, value, onChange, disabled }: Props) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const pictures = useQuery({ ...studioPicturesOptions(studio), enabled: open });
  const files = (pictures.data?.items ?? []).flatMap((item) => (item.ok ? [item.data] : []));
  const total = pictures.data?.total ?? files.length;
  return (
    <div className="studio-pictures">
      <button
        type="button"
        className="button button--small"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        disabled={disabled}
        onClick={() => setOpen((o) => !o)}
      >
        {/* A disclosure: one name, its state in aria-expanded. */}
        Choose from this studio’s pictures
      </button>
      <div id={`${id}-list`} hidden={!open}>
        {!open ? null : pictures.isPending ? (
          <p className="muted" role="status">
            Loading the studio’s pictures…
          </p>
        ) : pictures.isError ? (
          <p className="form-error" role="alert">
            The studio’s pictures could not be read.{' '}
            <button type="button" className="button button--small" onClick={() => void pictures.refetch()}>
              Try again
            </button>
          </p>
        ) : files.length === 0 ? (
          <p className="muted">This studio has no pictures yet: upload one below.</p>
        ) : (
          <fieldset className="studio-pictures__list" disabled={disabled}>
            <legend className="visually-hidden">This studio’s pictures</legend>
            {files.map((f) => {
              const src = safeHref(f.path);
              const name = f.name ?? 'Unnamed picture';
              return (
                <label key={f._id} className="studio-pictures__choice">
                  <input
                    type="radio"
                    name={`${id}-picture`}
                    value={f._id}
                    checked={value === f._id}
                    onChange={() => onChange(f._id!)}
                  />
                  {src ? <img src={src} alt="" className="studio-pictures__thumb" loading="lazy" /> : null}
                  <span className="studio-pictures__name">{name}</span>
                </label>
              );
            })}
            {total > files.length ? (
              <p className="hint">
                The first {plural(STUDIO_PICTURES_SHOWN, 'picture')} of {total.toLocaleString('en')}.
              </p>
            ) : null}
          </fieldset>
        )}
      </div>
    </div>
  );
}
