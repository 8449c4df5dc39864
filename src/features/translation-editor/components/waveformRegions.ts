/**
 * The lines as wavesurfer regions, kept only near the view: a 90-minute feature has 3,000 lines, and each region
 * is a DOM element with its own pointer listeners, so the segments of the lines within one view's width either
 * side of the view are made, moved or removed as the view scrolls, zooms or the lines change.
 *
 * A drag's end goes through the editor's document (snapped to frames, never into a neighbour, one undo step);
 * the segment is then put where the document says, so a refused overlap springs back.
 */
import type WaveSurfer from 'wavesurfer.js';
import type { Region } from 'wavesurfer.js/dist/plugins/regions.esm.js';
import type RegionsPlugin from 'wavesurfer.js/dist/plugins/regions.esm.js';
import type { EditorDocument } from '../model/editorDocument';
import { linesInWindow } from '../model/playhead';
import { frameMs, type Timing } from '../model/timecode';
import { plainText } from '../model/text';
import { frameBatched } from './frameBatched';

type Regions = InstanceType<typeof RegionsPlugin>;

/** At most this many segments at once (a zoomed-out view of a long feature shows the nearest ones only). */
const MAX_SEGMENTS = 400;
const COLOR = 'rgba(75, 91, 214, 0.16)';
const ACTIVE_COLOR = 'rgba(75, 91, 214, 0.38)';

export interface RegionWindowHost {
  doc: () => EditorDocument;
  activeIndex: () => number;
  readOnly: () => boolean;
  onChoose: (index: number) => void;
  onRetimed: (index: number, limited: boolean) => void;
}

interface Shown {
  region: Region;
  signature: string;
}

const ID_PREFIX = 'line-';

export class RegionWindow {
  private readonly shown = new Map<number, Shown>();
  private readonly batch = frameBatched(() => this.refresh());

  constructor(
    private readonly ws: WaveSurfer,
    private readonly regions: Regions,
    private readonly host: RegionWindowHost,
  ) {
    regions.on('region-updated', (region, side) => this.retime(region, side));
    regions.on('region-clicked', (region, event) => {
      event.stopPropagation();
      const index = this.indexOf(region);
      if (index >= 0) host.onChoose(index);
    });
    for (const event of ['ready', 'scroll', 'zoom', 'resize'] as const) ws.on(event, () => this.schedule());
  }

  /** How many segments exist now (the bench and tests read it). */
  get size(): number {
    return this.shown.size;
  }

  /** Refresh on the next frame (several changes in one frame refresh once). */
  schedule(): void {
    this.batch.schedule();
  }

  refresh(): void {
    const durationS = this.ws.getDuration();
    if (!durationS) return;
    const doc = this.host.doc();
    const pxPerSecond = this.ws.getWrapper().clientWidth / durationS;
    if (!(pxPerSecond > 0)) return;
    const fromS = this.ws.getScroll() / pxPerSecond;
    const spanS = this.ws.getWidth() / pxPerSecond;
    const timingOf = (i: number) => doc.timingAt(i);
    let [first, end] = linesInWindow(doc.count, timingOf, (fromS - spanS) * 1000, (fromS + 2 * spanS) * 1000);
    if (end - first > MAX_SEGMENTS) {
      const middle = linesInWindow(doc.count, timingOf, (fromS + spanS / 2) * 1000, Number.POSITIVE_INFINITY)[0];
      first = Math.max(first, middle - MAX_SEGMENTS / 2);
      end = Math.min(end, first + MAX_SEGMENTS);
    }
    const active = this.host.activeIndex();
    const editable = !this.host.readOnly();
    const minLength = frameMs(doc.currentProfile.fps) / 1000;
    const keep = new Set<number>();
    for (let i = first; i < end; i++) {
      const row = doc.row(i);
      const timing = doc.timingAt(i);
      if (!row || !timing || timing.stopMs <= timing.startMs) continue;
      keep.add(row.key);
      const label = `${i + 1} ${plainText(row.line.text ?? '').replace(/\s+/g, ' ')}`.slice(0, 80);
      const signature = `${timing.startMs}|${timing.stopMs}|${i === active}|${label}|${editable}`;
      const existing = this.shown.get(row.key);
      if (existing?.signature === signature || existing?.region.isDragging) continue;
      const options = {
        start: timing.startMs / 1000,
        end: timing.stopMs / 1000,
        color: i === active ? ACTIVE_COLOR : COLOR,
        content: label,
        drag: editable,
        resize: editable,
      };
      if (existing) {
        existing.region.setOptions(options);
        existing.signature = signature;
      } else {
        const region = this.regions.addRegion({ ...options, id: `${ID_PREFIX}${row.key}`, minLength });
        this.shown.set(row.key, { region, signature });
      }
    }
    for (const [key, { region }] of this.shown) {
      if (keep.has(key) || region.isDragging) continue;
      region.remove();
      this.shown.delete(key);
    }
  }

  destroy(): void {
    this.batch.cancel();
    this.shown.clear();
  }

  private indexOf(region: Region): number {
    const key = Number(region.id.slice(ID_PREFIX.length));
    return Number.isInteger(key) ? this.host.doc().indexOfKey(key) : -1;
  }

  private retime(region: Region, side: 'start' | 'end' | undefined): void {
    const doc = this.host.doc();
    const index = this.indexOf(region);
    if (index < 0 || this.host.readOnly()) return;
    const wanted: Timing = { startMs: region.start * 1000, stopMs: region.end * 1000 };
    if (side === 'start') doc.placeEdge(index, 'start', wanted.startMs, 'Drag start');
    else if (side === 'end') doc.placeEdge(index, 'stop', wanted.stopMs, 'Drag stop');
    else doc.moveLine(index, wanted.startMs);
    const now = doc.timingAt(index);
    if (!now) return;
    // Where the document put it (a refused overlap springs back to the neighbour's edge).
    region.setOptions({ start: now.startMs / 1000, end: now.stopMs / 1000 });
    const shown = this.shown.get(doc.row(index)!.key);
    if (shown) shown.signature = '';
    const frame = frameMs(doc.currentProfile.fps);
    const limited =
      (side !== 'end' && Math.abs(now.startMs - wanted.startMs) > frame) ||
      (side !== 'start' && Math.abs(now.stopMs - wanted.stopMs) > frame);
    this.host.onRetimed(index, limited);
    this.schedule();
  }
}
