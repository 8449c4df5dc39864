/**
 * The subtitle corpus (test/fixtures/subtitles, README there): real files from public test suites and published
 * subtitles, each read by our import (bytes → encoding → format → cues) and compared with the cues an independent
 * reader found (expected.json, written once by scripts/subtitle-corpus-expected.ts), then exported to SRT and WebVTT
 * and read back with nothing lost.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCueText, type Piece } from '../../src/features/translation-editor/model/cueText';
import {
  formatSrt,
  formatVtt,
  parseSubtitleText,
  type Cue,
} from '../../src/features/translation-editor/model/subtitleFiles';
import { readSubtitleFile } from '../../src/features/translation-editor/model/subtitleImport';
import type { ExpectedFile } from '../../scripts/subtitle-corpus-expected';

const ROOT = path.resolve('test/fixtures/subtitles');

/**
 * Where we differ from the reference (ffmpeg, for SRT) on purpose, and why. `timings`: compare start and stop only;
 * `skipped`: the rows we must report; `cues`: how many cues we read where the reference could not open the file;
 * `keepsEmpty`: our cues without text are left out of the comparison.
 */
const KNOWN_DIFFERENCES: Record<
  string,
  {
    reason: string;
    timings?: true;
    skipped?: number[];
    cues?: number;
    keepsEmpty?: true;
  }
> = {
  'cdown-srt/monsters-bad-newline.srt': {
    reason: 'a blank row inside a cue: ffmpeg keeps the rows after it in the cue, we report them as a block',
    timings: true,
    skipped: [5, 11, 17],
  },
  'exoplayer/typical_missing_timecode.srt': {
    reason: 'ffmpeg keeps blocks without a readable timing inside the cue before them; we report them',
    timings: true,
    skipped: [5, 14, 18],
  },
  'exoplayer/typical_unexpected_end.srt': {
    reason: 'a last block with only its number: ffmpeg adds "3" to the cue before, we report it',
    timings: true,
    skipped: [10],
  },
};

/** Pieces written plainly, as the expected text is (see the script): tags as tags, characters unescaped. */
function plain(pieces: readonly Piece[]): string {
  return pieces.map((p) => ('text' in p ? p.text : p.close ? `</${p.tag}>` : `<${p.tag}>`)).join('');
}

const corpus = fs
  .readdirSync(ROOT, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((dir) => {
    const expected = JSON.parse(fs.readFileSync(path.join(ROOT, dir.name, 'expected.json'), 'utf8')) as Record<
      string,
      ExpectedFile
    >;
    return Object.entries(expected).map(([name, exp]) => ({ key: `${dir.name}/${name}`, file: name, exp }));
  });

describe('subtitle corpus', () => {
  it('has at least 100 files and stays small', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(100);
    const bytes = corpus.reduce((sum, c) => sum + fs.statSync(path.join(ROOT, c.key)).size, 0);
    expect(bytes).toBeLessThan(2_000_000);
  });

  it.each(corpus)('$key', ({ key, file, exp }) => {
    const bytes = new Uint8Array(fs.readFileSync(path.join(ROOT, key)));
    const read = readSubtitleFile(bytes, file, exp.choose);
    expect('encoding' in read ? read.encoding : read.format).toBe(exp.encoding);
    const known = KNOWN_DIFFERENCES[key];
    if (known?.skipped) expect(read.skipped.map((s) => s.line)).toEqual(known.skipped);
    if (exp.error) {
      if (known?.cues !== undefined) {
        expect(read.cues).toHaveLength(known.cues);
        return;
      }
      // The reference rejects the file: we may read what we can, but must say that something is wrong.
      expect(read.skipped.length, `${exp.error}; we read ${read.cues.length} cues`).toBeGreaterThan(0);
      return;
    }
    const kept = exp.cues.filter((c) => c.stopMs >= c.startMs);
    const backwards = exp.cues.length - kept.length;
    expect(read.skipped.filter((s) => s.reason === 'it ends before it starts')).toHaveLength(backwards);
    const ours = read.cues
      .filter((cue) => !known?.keepsEmpty || cue.text !== '')
      .map((cue) => ({
        startMs: cue.startMs,
        stopMs: cue.stopMs,
        text: plain(readCueText(cue.text).pieces),
        ...(read.format === 'vtt' ? { position: cue.position } : {}),
      }));
    if (known?.timings) {
      expect(ours.map((c) => [c.startMs, c.stopMs])).toEqual(kept.map((c) => [c.startMs, c.stopMs]));
    } else {
      expect(ours).toEqual(kept);
    }
  });
});

describe('round trip over the corpus: import → export → import loses nothing', () => {
  const withCues = corpus
    .map((c) => ({
      ...c,
      cues: readSubtitleFile(new Uint8Array(fs.readFileSync(path.join(ROOT, c.key))), c.file, c.exp.choose).cues,
    }))
    .filter((c) => c.cues.length > 0);

  const formats: [string, (cues: readonly Cue[]) => string, 'srt' | 'vtt'][] = [
    ['SRT', formatSrt, 'srt'],
    ['WebVTT', formatVtt, 'vtt'],
  ];

  it.each(withCues)('$key', ({ cues }) => {
    for (const [, format, kind] of formats) {
      const back = parseSubtitleText(format(cues), kind);
      expect(back.skipped).toEqual([]);
      expect(back.cues).toEqual(cues);
    }
  });
});
