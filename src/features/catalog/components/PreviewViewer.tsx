/**
 * Opens a preview's signed, time-limited `path`. The server refuses an expired link (410) and a tampered one
 * (403); an expired link is replaced by a freshly signed one (GET /previews/{id}) and tried once more.
 */
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../api/client';
import { getPreview, signedUrl, viewPreview, type PreviewView } from '../../../api/previews';
import type { Preview } from '../../../api/schema/preview';
import { mediaUrl } from '../../../api/media';
import { describeError } from '../../../components/ErrorPanel';
import { Field, Fields } from '../../../components/Field';
import { Modal } from '../../../components/Modal';
import { SkeletonLines } from '../../../components/Skeleton';
import { formatDateTime } from '../../../lib/dates';
import { signedLinkExpiry } from '../model/access';

async function open(
  preview: Preview & { _id: string },
  signal: AbortSignal,
): Promise<{ view: PreviewView; path: string }> {
  let path = preview.path ?? '';
  const expires = signedLinkExpiry(path);
  if (!path || (expires !== undefined && expires * 1000 <= Date.now() + 5_000)) {
    path = (await getPreview(preview._id, signal)).data.path ?? '';
  }
  const media = preview.media !== undefined;
  try {
    return { view: await viewPreview(path, signal, media), path };
  } catch (error) {
    if (!isApiError(error) || error.status !== 410) throw error;
    const fresh = (await getPreview(preview._id, signal)).data.path ?? '';
    return { view: await viewPreview(fresh, signal, media), path: fresh };
  }
}

/** The preview's media, played from its signed link (docs/API.md "Media"): video with its poster, or audio. */
function MediaPlayer({ src, media }: { src: string; media: NonNullable<Preview['media']> }) {
  const poster = mediaUrl(media.poster);
  return media.mime?.startsWith('audio/') ? (
    <audio className="preview-player" src={src} controls preload="metadata" aria-label="Preview audio" />
  ) : (
    <video
      className="preview-player"
      src={src}
      poster={poster}
      width={media.width}
      height={media.height}
      controls
      preload="metadata"
      aria-label="Preview video"
    />
  );
}

function explain(error: unknown): string {
  if (isApiError(error) && error.status === 403)
    return 'The server refused this viewing link: its signature does not match (the link was altered).';
  if (isApiError(error) && error.status === 410)
    return 'This viewing link has expired, and a fresh one could not be obtained.';
  return describeError(error);
}

export function PreviewViewer({ preview, onClose }: { preview: Preview & { _id: string }; onClose: () => void }) {
  const query = useQuery({
    queryKey: ['catalog', 'previewView', preview._id],
    queryFn: ({ signal }) => open(preview, signal),
    retry: false,
    gcTime: 0,
  });
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
            <p>{explain(query.error)}</p>
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
