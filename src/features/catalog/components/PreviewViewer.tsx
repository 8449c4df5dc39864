/**
 * The catalog's preview viewer: a preview opened from its signed, time-limited `path` (lib/previewPlayback.ts), its
 * media played, its fields and the link.
 */
import { useQuery } from '@tanstack/react-query';
import { signedUrl } from '../../../api/previews';
import type { Preview } from '../../../api/schema/preview';
import { Field, Fields } from '../../../components/Field';
import { Modal } from '../../../components/Modal';
import { SkeletonLines } from '../../../components/Skeleton';
import { formatDateTime } from '../../../lib/dates';
import { signedLinkExpiry } from '../model/access';
import { explainPreviewError, MediaPlayer } from '../../../components/MediaPlayer';
import { previewViewOptions } from '../../../lib/catalogRecords';

export function PreviewViewer({ preview, onClose }: { preview: Preview & { _id: string }; onClose: () => void }) {
  const query = useQuery(previewViewOptions(preview));
  const expires = signedLinkExpiry(query.data?.path);
  const cdn = query.data?.view.cdn;
  return (
    <Modal
      title={`Preview “${preview.label ?? ''}”${preview.revision ? ` (${preview.revision})` : ''}`}
      onClose={onClose}
    >
      <div className="modal__body">
        {query.isPending ? (
          <SkeletonLines lines={3} label="Opening the preview" />
        ) : query.isError ? (
          <div className="form-error" role="alert">
            <p>{explainPreviewError(query.error)}</p>
            <button type="button" className="button button--small" onClick={() => void query.refetch()}>
              Try again
            </button>
          </div>
        ) : (
          <>
            <p className="notice notice--info" role="status">
              The signed viewing link is open{expires ? ` until ${formatDateTime(expires)}` : ''}.
            </p>
            {preview.media ? <MediaPlayer src={signedUrl(query.data.path)} media={preview.media} /> : undefined}
            <Fields columns={1}>
              <Field label="Label">{query.data.view.label ?? preview.label}</Field>
              <Field label="Revision">{query.data.view.revision ?? preview.revision}</Field>
              <Field label="Media">
                {cdn?.domain || cdn?.path ? (
                  <code className="code">{`${cdn.domain ?? ''}${cdn.path ?? ''}`}</code>
                ) : undefined}
              </Field>
            </Fields>
            <p className="catalog__foot">
              <a href={signedUrl(query.data.path)} target="_blank" rel="noopener noreferrer">
                Open the signed link in a new tab
              </a>
            </p>
          </>
        )}
        <div className="modal__actions">
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </Modal>
  );
}
