/**
 * The Subtitler's picture: the preview with the line at the playhead drawn on it, and the transport (play /
 * pause, play the line, loop the line, the playhead's time, the frame shape). Without media the editor works as
 * before and the pane says why.
 */
import { useState } from 'react';
import type { EditorDocument } from '../model/editorDocument';
import { ASPECT_RATIOS, aspectById, defaultAspect } from '../model/aspect';
import { useTimecoder } from './timecodeContext';
import { usePlaybackValue, type MediaController } from '../hooks/usePlayback';
import { useEditorMedia, useHeldPreview } from '../mediaQueries';
import { ZonedDateTime } from '../../../components/ZonedDateTime';
import { VideoPreview } from './VideoPreview';

interface Props {
  /** For the splitter that sets the panes' width (aria-controls). */
  id?: string | undefined;
  doc: EditorDocument;
  controller: MediaController;
  assetId: string | undefined;
  assetName: string | undefined;
  assetAspect: string | undefined;
  activeIndex: number;
  dir: 'rtl' | 'ltr';
  lang: string | undefined;
  fontFamily: string | undefined;
}

function PlayheadTime({ controller }: { controller: MediaController }) {
  const ms = usePlaybackValue(controller, (c) => Math.floor(c.timeMs));
  const coder = useTimecoder();
  return (
    // A timer (not an <output>, which is a polite live region): read when asked, never announced while it runs.
    <span className="media-controls__time" role="timer" aria-label="Playhead">
      {coder.format(ms)}
    </span>
  );
}

export function MediaPane({ id, doc, controller, assetId, assetName, assetAspect, activeIndex, ...text }: Props) {
  const media = useEditorMedia(assetId);
  const held = useHeldPreview(assetId);
  const [aspectId, setAspectId] = useState<string | undefined>();
  const [playError, setPlayError] = useState<string | undefined>();
  const playing = usePlaybackValue(controller, (c) => c.playing);
  const looping = usePlaybackValue(controller, (c) => c.looping);
  const found = media.data ?? undefined;
  const aspect = aspectById(aspectId) ?? defaultAspect(assetAspect, found?.width, found?.height);
  const activeTiming = doc.timingAt(activeIndex);

  let body;
  if (!assetId) body = <p className="media-pane__state">This translation has no asset, so there is no preview.</p>;
  else if (media.isPending) body = <p className="media-pane__state">Loading the preview…</p>;
  else if (media.isError)
    body = (
      <div className="media-pane__state" role="alert">
        <p>The preview could not be found: {media.error.message}</p>
        <button type="button" className="button button--small" onClick={() => void media.refetch()}>
          Try again
        </button>
      </div>
    );
  else if (!found && held)
    body = (
      // An embargo on the asset's files holds its previews too (docs/API.md "Embargoes"): say so, not "no preview".
      <div className="media-pane__state">
        <p>
          The preview is under embargo{' '}
          {held.until === null ? (
            'until an admin lifts it'
          ) : (
            <>
              until <ZonedDateTime value={{ date: held.until }} compact />
            </>
          )}
          . Ask your coordinator if you need it sooner; the lines can be edited and timed by hand meanwhile.
        </p>
      </div>
    );
  else if (!found)
    body = (
      <p className="media-pane__state">
        This asset has no preview with media yet. The lines can be edited and timed by hand as usual.
      </p>
    );
  else
    body = (
      <>
        <VideoPreview
          key={found.path}
          doc={doc}
          controller={controller}
          media={found}
          aspect={aspect}
          label={`Preview of ${assetName ?? 'the asset'}`}
          onError={setPlayError}
          {...text}
        />
        {playError ? (
          <div className="media-pane__state media-pane__state--error" role="alert">
            <span>{playError} The lines still follow the playhead you set.</span>
            <button
              type="button"
              className="button button--small"
              onClick={() => {
                setPlayError(undefined);
                void media.refetch();
              }}
            >
              Reload
            </button>
          </div>
        ) : null}
        <div className="media-controls" role="toolbar" aria-label="Playback">
          <button type="button" className="button button--small" onClick={() => controller.playPause()} title="Alt+K">
            {playing ? 'Pause' : 'Play'}
          </button>
          <button
            type="button"
            className="button button--small"
            disabled={!activeTiming}
            onClick={() => activeTiming && controller.playRange(activeTiming)}
            title="Alt+J"
          >
            Play line {activeIndex + 1}
          </button>
          <button
            type="button"
            className="button button--small"
            aria-pressed={looping}
            onClick={() => controller.setLooping(!looping)}
            title="Alt+L"
          >
            Loop line
          </button>
          <PlayheadTime controller={controller} />
          <label className="media-controls__aspect">
            <span>Frame</span>
            <select value={aspect.id} onChange={(e) => setAspectId(e.target.value)}>
              {ASPECT_RATIOS.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.label}
                </option>
              ))}
            </select>
          </label>
        </div>
      </>
    );

  return (
    <section id={id} className="media-pane" aria-label="Preview">
      {body}
    </section>
  );
}
