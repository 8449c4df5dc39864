/**
 * The playlist's in-card player: a shared asset's preview played inside its card (docs/API.md "Shares in the app"),
 * from its signed link, watermarked for whoever must get a marked copy (the server decides: "Watermarks"). The
 * catalog's playback (lib/previewPlayback.ts, components/MediaPlayer.tsx) opens the link; the asset's first preview with media is
 * played. One card plays at a time: the playlist page holds which.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Preview } from '../../../api/schema/preview';
import { describeError } from '../../../components/ErrorPanel';
import { rowsOf } from '../../../lib/pages';
import { explainPreviewError, MediaPlayer } from '../../../components/MediaPlayer';
import { signedUrl } from '../../../api/previews';
import { previewListOptions, previewViewOptions } from '../../../lib/catalogRecords';

type PlayablePreview = Preview & { _id: string; media: NonNullable<Preview['media']> };

/** The preview a card plays: the first of the asset's previews that has media. */
export function playableOf(previews: readonly Preview[]): PlayablePreview | undefined {
  return previews.find((p): p is PlayablePreview => typeof p._id === 'string' && p.media !== undefined);
}

export function CardPlayer({ assetId, name }: { assetId: string; name: string }) {
  const list = useInfiniteQuery(previewListOptions(assetId));
  const previews = rowsOf(list.data).flatMap((r) => (r.ok ? [r.data] : []));
  const preview = playableOf(previews);
  const view = useQuery({ ...previewViewOptions(preview ?? { _id: '' }), enabled: !!preview });

  if (list.isPending || (preview && view.isPending && !view.isError)) {
    return (
      <div className="card-player card-player--message" role="status">
        Opening the preview of {name}…
      </div>
    );
  }
  if (list.isError) {
    return (
      <div className="card-player card-player--message" role="alert">
        <p>Could not read the previews: {describeError(list.error)}</p>
        <button type="button" className="button button--small" onClick={() => void list.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (!preview) {
    return (
      <div className="card-player card-player--message" role="status">
        This asset has no preview to play here yet.
      </div>
    );
  }
  if (view.isError) {
    return (
      <div className="card-player card-player--message" role="alert">
        <p>{explainPreviewError(view.error)}</p>
        <button type="button" className="button button--small" onClick={() => void view.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (!view.data) return null; // not asked: no preview (above)
  return (
    <div className="card-player">
      <MediaPlayer src={signedUrl(view.data.path)} media={preview.media} label={`Preview of ${name}`} autoPlay />
    </div>
  );
}
