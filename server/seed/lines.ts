/**
 * Subtitle and graphics lines. An asset's timing (timecodes, which phrase each line says, its markup) is made once;
 * the English transcription and every translation of the asset are built from it, so line n of a translation
 * translates line n of the transcription.
 */
import type { Rng } from './random';
import { PHRASES, GRAPHICS, DIALOGUE_PHRASE_COUNT, GRAPHICS_PHRASE_COUNT } from './vocab';

export type LineKind = 'dialogue' | 'graphics';

export interface Line {
  number: number;
  text: string;
  auto: boolean;
  custom: boolean;
  machine: boolean;
  startTime: string;
  stopTime: string;
  alignment: string;
  textAlign: string;
  split: string;
  merged: string;
  range: [number, number];
}

export interface Timing {
  kind: LineKind;
  count: number;
  startTime: string[];
  stopTime: string[];
  range: [number, number][];
  phrase: number[];
  /** 1 or 2 rows. */
  rows: number[];
  /** 0 plain, 1 italic, 2 bold. */
  style: number[];
  top: boolean[];
  /** Seconds from the first line's start to the last line's stop (the asset's length). */
  durationSeconds: number;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** `HH:MM:SS,mmm` from milliseconds. */
export function timecode(ms: number): string {
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  return `${pad(h, 2)}:${pad(m, 2)}:${pad(s, 2)},${pad(ms % 1000, 3)}`;
}

/**
 * Makes the timing of `count` lines: durations of 1–6 s with gaps of 0.1–2.5 s for dialogue; graphics cards on
 * a video sit 3–4 s apart, and still images get consecutive 1 s slots (there is no picture timing to follow).
 */
export function makeTiming(rng: Rng, count: number, kind: LineKind, still = false): Timing {
  const t: Timing = {
    kind,
    count,
    startTime: [],
    stopTime: [],
    range: [],
    phrase: [],
    rows: [],
    style: [],
    top: [],
    durationSeconds: 0,
  };
  let cursor = still ? 0 : rng.int(800, 4000);
  const first = cursor;
  const phrases = kind === 'dialogue' ? DIALOGUE_PHRASE_COUNT : GRAPHICS_PHRASE_COUNT;
  for (let i = 0; i < count; i++) {
    const duration = still ? 1000 : kind === 'dialogue' ? rng.int(1000, 6000) : rng.int(1500, 3500);
    const start = cursor;
    const stop = start + duration;
    t.startTime.push(timecode(start));
    t.stopTime.push(timecode(stop));
    t.range.push([start / 1000, stop / 1000]);
    t.phrase.push(rng.int(0, phrases - 1));
    t.rows.push(kind === 'dialogue' && rng.chance(0.25) ? 2 : 1);
    const r = rng.next();
    t.style.push(kind === 'dialogue' ? (r < 0.05 ? 1 : r < 0.06 ? 2 : 0) : 0);
    t.top.push(kind === 'graphics' ? rng.chance(0.3) : rng.chance(0.04));
    cursor = still ? stop : stop + (kind === 'dialogue' ? rng.int(100, 2500) : rng.int(500, 2000));
  }
  t.durationSeconds = Math.round((cursor - first) / 1000);
  return t;
}

export interface LineOptions {
  /** Key into PHRASES / GRAPHICS (LanguageDef.text). */
  textKey: string;
  /** Fraction of lines (from the start) that carry text; the rest are empty (work not done yet). */
  progress: number;
  /** Machine translation (autosubs): translated lines are `machine` and `auto`. */
  machine: boolean;
  /** Chance that a translated line is deliberately too long (for quality checks). */
  tooLong: number;
}

/** Builds lines from a timing. */
export function buildLines(rng: Rng, t: Timing, opts: LineOptions): Line[] {
  const table =
    (t.kind === 'dialogue' ? PHRASES : GRAPHICS)[opts.textKey] ?? (t.kind === 'dialogue' ? PHRASES.en : GRAPHICS.en)!;
  const n = table.length;
  const filled = Math.round(t.count * opts.progress);
  const lines = new Array<Line>(t.count);
  for (let i = 0; i < t.count; i++) {
    const p = t.phrase[i] ?? 0;
    let text = '';
    if (i < filled) {
      if (opts.tooLong > 0 && rng.chance(opts.tooLong)) {
        text = `${table[p]} ${table[(p + 3) % n]} ${table[(p + 7) % n]} ${table[(p + 1) % n]}`;
      } else {
        text = t.rows[i] === 2 ? `${table[p]}\n${table[(p + 5) % n]}` : (table[p] as string);
      }
      if (t.style[i] === 1) text = `<i>${text}</i>`;
      else if (t.style[i] === 2) text = `<b>${text}</b>`;
    }
    const translated = i < filled;
    lines[i] = {
      number: i + 1,
      text,
      auto: opts.machine && translated,
      custom: false,
      machine: opts.machine && translated,
      startTime: t.startTime[i] as string,
      stopTime: t.stopTime[i] as string,
      alignment: t.top[i] ? 'top' : 'bottom',
      textAlign: 'center',
      split: '',
      merged: '',
      range: t.range[i] as [number, number],
    };
  }
  return lines;
}

/** An asset's English transcription of a track: every line said, submitted and approved, no work request. */
export function transcriptionDoc(rng: Rng, t: Timing, doc: { _id: string; created: number; asset: string }) {
  return {
    ...doc,
    language: 'en',
    status: 'submitted',
    kind: t.kind,
    lines: buildLines(rng, t, { textKey: 'en', progress: 1, machine: false, tooLong: 0 }),
    printLines: [],
    approval: true,
  };
}
