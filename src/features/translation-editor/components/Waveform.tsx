/**
 * The audio's waveform under the picture (wavesurfer.js 8 on the same <video> element, so both always agree),
 * with the lines as segments: drag an edge or a whole segment to retime, click to seek, a segment to choose its
 * line; a time ruler in the editor's timecode form (waveformRuler.ts) and the review notes as marks
 * (waveformMarks.ts). The peaks come from the server (never decoded here). wavesurfer and its Regions plugin are imported only
 * when this mounts, so they load with the editor's media, not with the app.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type WaveSurfer from 'wavesurfer.js';
import type { EditorDocument } from '../model/editorDocument';
import { usePlaybackValue, ZOOM_MAX, ZOOM_MIN, type MediaController } from '../hooks/usePlayback';
import { useEditorMedia, usePeaks, useShotChanges } from '../mediaQueries';
import { useRememberedSwitch } from '../hooks/useRememberedSwitch';
import { RegionWindow } from './waveformRegions';
import { WaveformRuler } from './waveformRuler';
import { WaveformMarks, type NoteMark } from './waveformMarks';
import { useTimecoder } from './timecodeContext';
import type { ReviewNote } from '../reviewQueries';
import { WAVEFORM_HEIGHT } from './waveformOptions';

interface Props {
  doc: EditorDocument;
  version: number;
  controller: MediaController;
  assetId: string | undefined;
  activeIndex: number;
  readOnly: boolean;
  onChooseLine: (index: number) => void;
  onRetimed: (index: number, limited: boolean) => void;
  /** Review notes, marked at their time; choosing one jumps to it. */
  notes?: readonly ReviewNote[];
  /** The grid's place of a line by its number (notes name lines by number). */
  lineIndexOf?: (number: number) => number | undefined;
  onNote?: (note: ReviewNote) => void;
}

const SNAP_WORDS = { on: 'on', off: 'off' };

function loadWaveSurfer() {
  return Promise.all([import('wavesurfer.js'), import('wavesurfer.js/dist/plugins/regions.esm.js')]).then(
    ([core, regions]) => ({ WaveSurfer: core.default, RegionsPlugin: regions.default }),
  );
}

export function Waveform(props: Props) {
  const { doc, version, controller, assetId, activeIndex, readOnly, onChooseLine, onRetimed } = props;
  const coder = useTimecoder();
  const shots = useShotChanges(assetId);
  const [snapping, setSnapping] = useRememberedSwitch('mws.editor.snapToShots', SNAP_WORDS, true);
  const media = useEditorMedia(assetId).data ?? undefined;
  const peaks = usePeaks(media?.peaksPath);
  const video = usePlaybackValue(controller, (c) => c.element);
  const zoom = usePlaybackValue(controller, (c) => c.zoom);
  const follow = usePlaybackValue(controller, (c) => c.follow);
  const [failed, setFailed] = useState<string | undefined>();
  const [ready, setReady] = useState(false);
  const hostRef = useRef<HTMLDivElement>(null);
  const surfer = useRef<
    { ws: WaveSurfer; regions: RegionWindow; ruler: WaveformRuler; marks: WaveformMarks } | undefined
  >(undefined);
  const latest = useRef({ doc, activeIndex, readOnly, onChooseLine, onRetimed, follow, coder, props });
  useLayoutEffect(() => {
    latest.current = { doc, activeIndex, readOnly, onChooseLine, onRetimed, follow, coder, props };
  });

  const data = peaks.data;
  useEffect(() => {
    const host = hostRef.current;
    if (!video || !data || !host) return;
    let cancelled = false;
    let destroy = () => {};
    loadWaveSurfer().then(
      ({ WaveSurfer, RegionsPlugin }) => {
        if (cancelled) return;
        const plugin = RegionsPlugin.create();
        const markPlugin = RegionsPlugin.create();
        const ws = WaveSurfer.create({
          container: host,
          media: video,
          peaks: [data.peaks],
          duration: data.duration,
          height: WAVEFORM_HEIGHT,
          normalize: true,
          waveColor: '#9aa3b5',
          progressColor: '#5d6bd8',
          cursorColor: '#d92d20',
          cursorWidth: 2,
          minPxPerSec: controller.zoom,
          autoScroll: latest.current.follow,
          autoCenter: latest.current.follow,
          dragToSeek: false,
          plugins: [plugin, markPlugin],
        });
        // The scrolled strip takes the keyboard (arrows scroll it), as every scrollable region must.
        const strip = ws.getWrapper().parentElement;
        if (strip) {
          strip.tabIndex = 0;
          strip.setAttribute('role', 'group');
          strip.setAttribute('aria-label', 'Waveform: the lines as segments on the audio');
        }
        const regions = new RegionWindow(ws, plugin, {
          doc: () => latest.current.doc,
          activeIndex: () => latest.current.activeIndex,
          readOnly: () => latest.current.readOnly,
          onChoose: (index) => latest.current.onChooseLine(index),
          onRetimed: (index, limited) => latest.current.onRetimed(index, limited),
        });
        const ruler = new WaveformRuler(ws, host, () => latest.current.coder);
        const marks = new WaveformMarks(markPlugin, (id) => {
          const note = latest.current.props.notes?.find((n) => n._id === id);
          if (note) latest.current.props.onNote?.(note);
        });
        ws.on('interaction', (seconds) => controller.seek(seconds * 1000));
        ws.on('ready', () => setReady(true));
        ws.on('error', (error) => setFailed(error.message));
        // Paused, a seek far from the view (a line chosen, a time typed) brings the view to it.
        const unfollow = controller.subscribe(() => {
          if (!latest.current.follow || controller.playing || !ws.getDuration()) return;
          const t = controller.timeMs / 1000;
          const pxPerSecond = ws.getWrapper().clientWidth / ws.getDuration();
          const from = ws.getScroll() / pxPerSecond;
          const span = ws.getWidth() / pxPerSecond;
          if (t < from || t > from + span) ws.setScrollTime(Math.max(0, t - span / 4));
        });
        surfer.current = { ws, regions, ruler, marks };
        destroy = () => {
          unfollow();
          regions.destroy();
          ruler.destroy();
          marks.destroy();
          ws.destroy();
          surfer.current = undefined;
        };
      },
      (error: unknown) => {
        if (!cancelled) setFailed(error instanceof Error ? error.message : 'The waveform could not be loaded.');
      },
    );
    return () => {
      cancelled = true;
      setReady(false);
      destroy();
    };
  }, [video, data, controller]);

  useEffect(() => {
    surfer.current?.regions.schedule();
  }, [version, activeIndex, readOnly, ready]);

  useEffect(() => {
    const ws = surfer.current?.ws;
    if (!ws || !ready) return;
    ws.zoom(zoom);
  }, [zoom, ready]);

  useEffect(() => {
    surfer.current?.ruler.schedule();
  }, [coder, ready]);

  useEffect(() => {
    if (ready) surfer.current?.ruler.setShots(shots ?? []);
  }, [shots, ready]);

  // Drags and nudges snap to the shot changes while the waveform shows them (docs/API.md "Frames").
  useEffect(() => {
    doc.setShotChanges(snapping ? (shots ?? []) : []);
    return () => doc.setShotChanges([]);
  }, [doc, shots, snapping]);

  const { notes, lineIndexOf } = props;
  useEffect(() => {
    const marks = surfer.current?.marks;
    if (!marks || !ready) return;
    marks.setNotes(
      (notes ?? []).map((n): NoteMark => {
        const index = lineIndexOf?.(n.line);
        const line = index === undefined ? 'a removed line' : `line ${index + 1}`;
        return {
          id: n._id,
          time: n.time,
          resolved: Boolean(n.resolution),
          label:
            `Note on ${line} at ${coder.format(n.time * 1000)}${n.resolution ? ' (resolved)' : ''}: ${n.body ?? ''}`.slice(
              0,
              160,
            ),
        };
      }),
    );
  }, [notes, lineIndexOf, coder, ready, version]);

  useEffect(() => {
    const ws = surfer.current?.ws;
    if (ws && ready) ws.setOptions({ autoScroll: follow, autoCenter: follow });
  }, [follow, ready]);

  let state: string | undefined;
  if (!media) state = undefined;
  else if (!media.peaksPath) state = 'This preview has no waveform on the server.';
  else if (peaks.isError) state = `The waveform could not be loaded: ${peaks.error.message}`;
  else if (failed) state = `The waveform could not be shown: ${failed}`;
  else if (!ready) state = 'Loading the waveform…';
  if (!media) return null;

  return (
    <section className="waveform" aria-label="Waveform and timeline">
      <div className="waveform__controls">
        <label className="waveform__zoom">
          <span>Zoom</span>
          <input
            type="range"
            min={ZOOM_MIN}
            max={ZOOM_MAX}
            step={10}
            value={zoom}
            onChange={(e) => controller.setZoom(Number(e.target.value))}
            aria-valuetext={`${zoom} pixels per second`}
            title="Alt+= / Alt+-"
          />
        </label>
        <label className="check">
          <input type="checkbox" checked={follow} onChange={(e) => controller.setFollow(e.target.checked)} />
          Follow the playhead
        </label>
        {shots && shots.length > 0 ? (
          <label className="check" title="Within 3 frames, when dragging or nudging an edge">
            <input type="checkbox" checked={snapping} onChange={(e) => setSnapping(e.target.checked)} />
            Snap to shot changes ({shots.length})
          </label>
        ) : null}
        <span className="hint waveform__hint">
          Drag a segment's edge or body to retime (snapped to frames); click to seek.
        </span>
        {state ? (
          <span className="waveform__state" role="status">
            {state}
          </span>
        ) : null}
      </div>
      <div ref={hostRef} className="waveform__host" data-testid="waveform" data-ready={ready || undefined} />
    </section>
  );
}
