/**
 * A preview's media played from its signed link (lib/previewPlayback.ts opens it), and what a refused link means in
 * words: the catalog's preview viewer and the playlist's in-card player.
 */
import { isApiError } from '../api/client';
import { mediaUrl } from '../api/media';
import type { Preview } from '../api/schema/preview';
import { describeError } from './ErrorPanel';

/** The preview's media, played from its signed link (docs/API.md "Media"): video with its poster, or audio. */
export function MediaPlayer({
  src,
  media,
  label,
  autoPlay = false,
}: {
  src: string;
  media: NonNullable<Preview['media']>;
  /** What it plays, for assistive tech. */
  label?: string;
  /** Starts at once (the playlist's "Play": the user asked for it). */
  autoPlay?: boolean;
}) {
  const poster = mediaUrl(media.poster);
  return media.mime?.startsWith('audio/') ? (
    <>
      <audio
        className="preview-player"
        src={src}
        controls
        preload="metadata"
        autoPlay={autoPlay}
        aria-label={label ?? 'Preview audio'}
      />
      {media.picturePending ? (
        // A picture on its way (docs/API.md "Media": being made, or the viewer's watermarked copy of it).
        <p className="form-hint">
          The picture is being prepared: the sound plays until then. Open it again in a minute.
        </p>
      ) : null}
    </>
  ) : (
    <video
      className="preview-player"
      src={src}
      poster={poster}
      width={media.width}
      height={media.height}
      controls
      preload="metadata"
      autoPlay={autoPlay}
      aria-label={label ?? 'Preview video'}
    />
  );
}

export function explainPreviewError(error: unknown): string {
  if (isApiError(error) && error.status === 403)
    return 'The server refused this viewing link: its signature does not match (the link was altered).';
  if (isApiError(error) && error.status === 410)
    return 'This viewing link has expired, and a fresh one could not be obtained.';
  return describeError(error);
}
