/**
 * Marks on the waveform at a moment: the review notes (a button each, in the Tab order and clickable: it jumps
 * to the note's line and time). Regions of their own plugin instance, never dragged, apart from the lines'
 * segments (waveformRegions.ts). Styled through the CSSOM: the pages' CSP allows no style attributes.
 */
import type RegionsPlugin from 'wavesurfer.js/dist/plugins/regions.esm.js';
import type { Region } from 'wavesurfer.js/dist/plugins/regions.esm.js';

type Regions = InstanceType<typeof RegionsPlugin>;

export interface NoteMark {
  id: string;
  /** Seconds. */
  time: number;
  /** What the button says to a screen reader, e.g. "Note on line 3 at 00:00:05:12: timing". */
  label: string;
  /** Resolved notes are drawn fainter. */
  resolved: boolean;
}

const NOTE_COLOR = '#b54708';

export class WaveformMarks {
  private notes = new Map<string, { region: Region; signature: string }>();

  constructor(
    private readonly regions: Regions,
    private readonly onNote: (id: string) => void,
  ) {}

  setNotes(marks: readonly NoteMark[]): void {
    const keep = new Set<string>();
    for (const mark of marks) {
      keep.add(mark.id);
      const signature = `${mark.time}|${mark.label}|${mark.resolved}`;
      const shown = this.notes.get(mark.id);
      if (shown?.signature === signature) continue;
      shown?.region.remove();
      const region = this.regions.addRegion({
        id: `note-${mark.id}`,
        start: mark.time,
        color: mark.resolved ? 'rgba(181, 71, 8, 0.35)' : NOTE_COLOR,
        content: this.button(mark),
        drag: false,
        resize: false,
      });
      this.notes.set(mark.id, { region, signature });
    }
    for (const [id, { region }] of this.notes) {
      if (keep.has(id)) continue;
      region.remove();
      this.notes.delete(id);
    }
  }

  private button(mark: NoteMark): HTMLButtonElement {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = '✎';
    button.setAttribute('aria-label', mark.label);
    button.title = mark.label;
    button.setAttribute('part', 'note-mark');
    button.dataset.note = mark.id;
    Object.assign(button.style, {
      font: 'inherit',
      fontSize: '12px',
      lineHeight: '1',
      minWidth: '24px',
      minHeight: '24px',
      padding: '2px 4px',
      border: `1px solid ${NOTE_COLOR}`,
      borderRadius: '4px',
      background: mark.resolved ? '#fff' : '#fef0c7',
      color: '#7a2e0e',
      cursor: 'pointer',
      pointerEvents: 'auto',
    });
    button.addEventListener('click', (event) => {
      event.stopPropagation();
      this.onNote(mark.id);
    });
    // A press on the mark is not a seek of the waveform under it.
    button.addEventListener('pointerdown', (event) => event.stopPropagation());
    return button;
  }

  destroy(): void {
    this.notes.clear();
  }
}
