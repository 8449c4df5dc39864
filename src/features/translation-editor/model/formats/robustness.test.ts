import { describe, expect, it } from 'vitest';
import { SubtitleParseError, type Cue } from '../subtitleFiles';
import { formatTtml, parseTtml } from './ttml';
import { formatEbuStl, parseEbuStl } from './ebuStl';

/** A seeded generator: the same damaged files every run. */
function random(seed: number) {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

const CUES: Cue[] = [
  { startMs: 1000, stopMs: 2000, text: 'Héllo <i>wörld</i>\n<b>two</b>', position: 'top' },
  { startMs: 3000, stopMs: 4000, text: 'x & y < z', position: 'bottom' },
];

/** What a damaged file may do: read (some cues, some skipped) or be refused with a reason. Nothing else. */
function readsOrRefuses(read: () => unknown): void {
  try {
    read();
  } catch (e) {
    expect(e).toBeInstanceOf(SubtitleParseError);
  }
}

describe('damaged files are read or refused with a reason, never crash the reader', () => {
  it('TTML with characters deleted, inserted or changed', () => {
    const rnd = random(42);
    const xml = formatTtml(CUES, { language: 'en' });
    for (let i = 0; i < 500; i += 1) {
      const chars = [...xml];
      for (let k = 0; k < 1 + Math.floor(rnd() * 5); k += 1) {
        const at = Math.floor(rnd() * chars.length);
        const op = rnd();
        if (op < 0.3) chars.splice(at, 1);
        else if (op < 0.6) chars.splice(at, 0, '<>&"/=:; x'[Math.floor(rnd() * 10)]!);
        else chars[at] = String.fromCharCode(32 + Math.floor(rnd() * 95));
      }
      readsOrRefuses(() => parseTtml(chars.join('')));
    }
  });

  it('EBU STL with random bytes in its blocks, its header, or cut short', () => {
    const rnd = random(7);
    const stl = formatEbuStl(CUES, { frameRate: 25 }).bytes;
    for (let i = 0; i < 500; i += 1) {
      const bytes = new Uint8Array(stl);
      for (let k = 0; k < 1 + Math.floor(rnd() * 15); k += 1)
        bytes[1024 + Math.floor(rnd() * (bytes.length - 1024))] = Math.floor(rnd() * 256);
      if (rnd() < 0.2) bytes[Math.floor(rnd() * 300)] = Math.floor(rnd() * 256);
      readsOrRefuses(() => parseEbuStl(rnd() < 0.1 ? bytes.subarray(0, Math.floor(rnd() * bytes.length)) : bytes));
    }
  });
});
