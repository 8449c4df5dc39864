/**
 * The picture in the chosen frame shape: the media letterboxed or pillarboxed inside it (object-fit: contain),
 * the subtitle drawn inside the frame's safe area. Audio-only media is a black frame with the subtitle (and a note
 * when a picture is on its way: mediaQueries.ts reads the preview again until it comes).
 */
import { useCallback, useState, type CSSProperties } from 'react';
import type { EditorDocument } from '../model/editorDocument';
import type { AspectRatio } from '../model/aspect';
import type { MediaController } from '../hooks/usePlayback';
import type { EditorMedia } from '../mediaQueries';
import { SubtitleOverlay } from './SubtitleOverlay';

interface Props {
  doc: EditorDocument;
  controller: MediaController;
  media: EditorMedia;
  aspect: AspectRatio;
  label: string;
  dir: 'rtl' | 'ltr';
  lang: string | undefined;
  fontFamily: string | undefined;
  onError: (message: string) => void;
}

export function VideoPreview({ doc, controller, media, aspect, label, onError, ...text }: Props) {
  const audioOnly = media.mime.startsWith('audio/');
  const [loading, setLoading] = useState(true);
  const attach = useCallback((video: HTMLVideoElement | null) => controller.attach(video), [controller]);
  return (
    <div className="media-stage">
      <div className="media-frame" style={{ '--frame-ratio': aspect.ratio } as CSSProperties} data-aspect={aspect.id}>
        <video
          ref={attach}
          className={audioOnly ? 'media-video media-video--audio' : 'media-video'}
          src={media.path}
          poster={media.posterPath}
          preload="auto"
          playsInline
          aria-label={label}
          onLoadedData={() => setLoading(false)}
          onCanPlay={() => setLoading(false)}
          onError={(e) => {
            setLoading(false);
            // Chromium reports a missing file and an unknown format alike (MEDIA_ERR_SRC_NOT_SUPPORTED).
            const code = e.currentTarget.error?.code;
            onError(
              code === MediaError.MEDIA_ERR_DECODE
                ? `This browser cannot decode the preview (${media.mime}).`
                : `The preview could not be played (${media.mime}): the browser may not support it, or the link expired.`,
            );
          }}
        />
        {audioOnly && media.picturePending ? (
          // Said once (a status): the player switches to the picture by itself where the playhead is.
          <span className="media-frame__note" role="status">
            The picture is being prepared: the sound plays meanwhile, and the picture takes over by itself.
          </span>
        ) : audioOnly ? (
          <span className="media-frame__note" aria-hidden="true">
            Audio only
          </span>
        ) : null}
        {loading && !audioOnly ? (
          <span className="media-frame__note" aria-hidden="true">
            Loading the picture…
          </span>
        ) : null}
        <SubtitleOverlay doc={doc} controller={controller} {...text} />
      </div>
    </div>
  );
}
