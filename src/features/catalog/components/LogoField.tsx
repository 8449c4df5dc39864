/**
 * A studio's or a project's logo, picked as a picture (docs/API.md "Uploads": the `studio` / `project` target): the
 * current one shown, an upload (resumable, through the uploads tray) that becomes the logo once stored, and Remove.
 * A file that is not a PNG, JPEG, WebP or GIF, or is over 5 MiB, is refused here in words before anything is sent (the
 * server refuses it too). A new studio or project has no record to upload into yet: it is saved first. A picture
 * already uploaded for the studio (its logo, a project's) may be chosen instead (StudioPictures).
 */
import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getFile } from '../../../api/files';
import { UploadPanel } from '../../../components/uploads/UploadPanel';
import type { UploadTarget } from '../../../components/uploads/uploadQueue';
import { LOGO_TYPES, logoProblem } from '../../../api/schema/uploadRules';
import { safeHref } from '../../../lib/safeUrl';
import { catalogKeys } from '../queries';
import { After } from './FormControls';
import { StudioPictures } from './StudioPictures';
import '../catalog.css';

interface Props {
  id: string;
  value: string;
  onChange: (fileId: string) => void;
  error?: string | undefined;
  disabled?: boolean;
  /** Where the picture is uploaded (the record's own id); undefined for a record not yet saved. */
  target: UploadTarget | undefined;
  /** "studio" or "project", for the words. */
  what: string;
  /** The studio whose pictures may be chosen (docs/API.md "Logos"); none before one is known. */
  studio?: string | undefined;
}

const checkLogo = (file: File) => logoProblem(file.name, file.size);

export function LogoField({ id, value, onChange, error, disabled, target, what, studio }: Props) {
  const file = useQuery({
    queryKey: [...catalogKeys.all, 'file', value],
    queryFn: ({ signal }) => getFile(value, signal),
    enabled: value !== '',
  });
  const src = safeHref(file.data?.data.path);
  const name = file.data?.data.name;
  const client = useQueryClient();
  const after = useCallback(
    async (fileId: string) => {
      onChange(fileId);
      // The new picture is one of the studio's pictures from now on.
      if (studio) void client.invalidateQueries({ queryKey: catalogKeys.studioPictures(studio) });
    },
    [client, onChange, studio],
  );
  return (
    <fieldset className="form-field logo-field" aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}>
      <legend>Logo</legend>
      <div className="logo-field__current">
        {value === '' ? (
          <p className="muted">No logo.</p>
        ) : file.isError ? (
          <p className="form-error">The logo could not be read: pick another picture, or remove it.</p>
        ) : (
          <>
            {src ? <img className="logo-field__preview" src={src} alt={`Logo: ${name ?? 'picture'}`} /> : null}
            <span>{name ?? 'Loading…'}</span>
            <button type="button" className="button button--small" disabled={disabled} onClick={() => onChange('')}>
              Remove logo
            </button>
          </>
        )}
      </div>
      {studio ? <StudioPictures studio={studio} value={value} onChange={onChange} disabled={disabled} /> : null}
      {target ? (
        <UploadPanel
          target={target}
          purpose={`logo:${id}`}
          label={value ? 'Upload another picture' : 'Upload a picture'}
          multiple={false}
          disabled={disabled}
          accept={LOGO_TYPES.join(',')}
          check={checkLogo}
          after={after}
        />
      ) : (
        <p className="hint">Save the {what} first, then add its logo.</p>
      )}
      <After
        id={id}
        error={error}
        hint="PNG, JPEG, WebP or GIF, at most 5 MiB: it becomes the logo once uploaded; save to keep it."
      />
    </fieldset>
  );
}
