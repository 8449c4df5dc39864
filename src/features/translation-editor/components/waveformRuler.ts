/**
 * The waveform's time ruler: a strip under the audio, beside wavesurfer's element rather than in its scrolled
 * wrapper (whose height the lines' segments and their drag handles fill), drawn at the view's scroll; labelled in
 * the editor's timecode form, its steps chosen for the zoom (model/ruler.ts). Only the ticks near the view exist
 * (a 90-minute feature at full zoom would have a quarter of a million), redrawn as it scrolls or zooms. Styled
 * through the CSSOM (the pages' CSP allows no style attributes) and hidden from assistive technology: the
 * playhead's timer says the time.
 */
import type WaveSurfer from 'wavesurfer.js';
import { rulerSteps } from '../model/ruler';
import type { Timecoder } from '../model/timecodeDisplay';
import { frameBatched } from './frameBatched';

export const RULER_HEIGHT = 20;
const SHOT_COLOR = '#0e7c86';

export class WaveformRuler {
  private readonly strip: HTMLDivElement;
  /** Shot changes, drawn over the audio as lines (no pointer events: the segments under them stay draggable). */
  private readonly shotLayer: HTMLDivElement;
  private shots: readonly number[] = [];
  private readonly batch = frameBatched(() => this.refresh());

  constructor(
    private readonly ws: WaveSurfer,
    host: HTMLElement,
    private readonly coder: () => Timecoder,
  ) {
    this.strip = document.createElement('div');
    this.strip.setAttribute('part', 'ruler');
    this.strip.setAttribute('aria-hidden', 'true');
    this.strip.dataset.testid = 'waveform-ruler';
    Object.assign(this.strip.style, {
      position: 'relative',
      height: `${RULER_HEIGHT}px`,
      borderTop: '1px solid #c5cad6',
      color: '#3d4452',
      fontSize: '11px',
      lineHeight: '1',
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      pointerEvents: 'none',
    });
    host.appendChild(this.strip);
    host.style.position = 'relative';
    this.shotLayer = document.createElement('div');
    this.shotLayer.setAttribute('aria-hidden', 'true');
    this.shotLayer.dataset.testid = 'shot-changes';
    Object.assign(this.shotLayer.style, {
      position: 'absolute',
      left: '0',
      right: '0',
      top: '0',
      bottom: `${RULER_HEIGHT}px`,
      overflow: 'hidden',
      pointerEvents: 'none',
      zIndex: '6',
    });
    host.appendChild(this.shotLayer);
    for (const event of ['ready', 'scroll', 'zoom', 'resize', 'redraw'] as const) ws.on(event, () => this.schedule());
  }

  schedule(): void {
    this.batch.schedule();
  }

  refresh(): void {
    const duration = this.ws.getDuration();
    const px = duration ? this.ws.getWrapper().clientWidth / duration : 0;
    if (!(px > 0)) return;
    const coder = this.coder();
    const { tick, label } = rulerSteps(px, coder.display === 'frames' ? coder.rate : undefined);
    const from = this.ws.getScroll() / px;
    const span = this.ws.getWidth() / px;
    const every = Math.round(label / tick);
    const first = Math.max(0, Math.floor((from - span / 2) / tick));
    const last = Math.min(Math.floor(duration / tick), Math.ceil((from + span * 1.5) / tick));
    const ticks = document.createDocumentFragment();
    for (let k = first; k <= last; k++) {
      const seconds = k * tick;
      const labelled = k % every === 0;
      const mark = document.createElement('div');
      Object.assign(mark.style, {
        position: 'absolute',
        left: `${seconds * px - this.ws.getScroll()}px`,
        top: '0',
        height: labelled ? '100%' : '35%',
        borderLeft: '1px solid currentColor',
        opacity: labelled ? '1' : '0.45',
        paddingLeft: '3px',
        paddingTop: labelled ? '7px' : '0',
        boxSizing: 'border-box',
      });
      if (labelled) {
        mark.setAttribute('part', 'ruler-label');
        mark.textContent = coder.format(seconds * 1000);
      }
      ticks.appendChild(mark);
    }
    this.strip.replaceChildren(ticks);
    this.drawShots(px, from - span / 2, from + span * 1.5);
  }

  /** Shot changes in milliseconds, ascending. */
  setShots(shots: readonly number[]): void {
    this.shots = shots;
    this.schedule();
  }

  private drawShots(px: number, fromS: number, toS: number): void {
    const marks = document.createDocumentFragment();
    for (const ms of this.shots) {
      const seconds = ms / 1000;
      if (seconds < fromS || seconds > toS) continue;
      const mark = document.createElement('div');
      mark.setAttribute('part', 'shot-change');
      mark.dataset.ms = String(ms);
      Object.assign(mark.style, {
        position: 'absolute',
        top: '0',
        bottom: '0',
        left: `${seconds * px - this.ws.getScroll() - 1}px`,
        width: '0',
        borderLeft: `2px dashed ${SHOT_COLOR}`,
      });
      marks.appendChild(mark);
    }
    this.shotLayer.replaceChildren(marks);
  }

  destroy(): void {
    this.batch.cancel();
    this.strip.remove();
    this.shotLayer.remove();
  }
}
