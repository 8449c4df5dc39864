import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import type { Cue } from '../subtitleFiles';
import { parseSubtitles } from '../subtitleFiles';
import { formatEbuStl, GSI_SIZE, parseEbuStl, stlFrameRateFor, TTI_SIZE, type StlFrameRate } from './ebuStl';
import { parseTtml } from './ttml';

const DATE = new Date(Date.UTC(2026, 10, 23, 9, 0, 0));
const ascii = (bytes: Uint8Array, offset: number, length: number) =>
  String.fromCharCode(...bytes.subarray(offset, offset + length));
const tti = (bytes: Uint8Array, n: number) => bytes.subarray(GSI_SIZE + n * TTI_SIZE, GSI_SIZE + (n + 1) * TTI_SIZE);
/** The text field up to its unused-space padding. */
const textField = (block: Uint8Array) => [...block.subarray(16)].filter((b) => b !== 0x8f);

const CUES: Cue[] = [
  { startMs: 1000, stopMs: 2520, text: 'Hello <i>world</i>\nsecond <u>row</u>', position: 'bottom' },
  { startMs: 3_723_040, stopMs: 3_725_000, text: 'Café, naïve, Ångström: $5 ½', position: 'top' },
];

describe('EBU STL export: GSI block (Tech 3264 fixed fields)', () => {
  it('writes each field at its offset', () => {
    const { bytes, issues } = formatEbuStl(CUES, { frameRate: 25, title: 'Film Noir', language: 'fr-FR', date: DATE });
    expect(issues).toEqual([]);
    expect(bytes.length).toBe(GSI_SIZE + 2 * TTI_SIZE);
    expect(ascii(bytes, 0, 3)).toBe('850'); // CPN
    expect(ascii(bytes, 3, 8)).toBe('STL25.01'); // DFC
    expect(ascii(bytes, 11, 1)).toBe('1'); // DSC: Level-1 teletext
    expect(ascii(bytes, 12, 2)).toBe('00'); // CCT: Latin
    expect(ascii(bytes, 14, 2)).toBe('0F'); // LC: French
    expect(ascii(bytes, 16, 32)).toBe('Film Noir'.padEnd(32)); // OPT
    expect(ascii(bytes, 80, 32)).toBe('Film Noir'.padEnd(32)); // TPT
    expect(ascii(bytes, 224, 6)).toBe('261123'); // CD
    expect(ascii(bytes, 230, 6)).toBe('261123'); // RD
    expect(ascii(bytes, 236, 2)).toBe('00'); // RN
    expect(ascii(bytes, 238, 5)).toBe('00002'); // TNB
    expect(ascii(bytes, 243, 5)).toBe('00002'); // TNS
    expect(ascii(bytes, 248, 3)).toBe('001'); // TNG
    expect(ascii(bytes, 251, 2)).toBe('40'); // MNC
    expect(ascii(bytes, 253, 2)).toBe('23'); // MNR
    expect(ascii(bytes, 255, 1)).toBe('1'); // TCS
    expect(ascii(bytes, 256, 8)).toBe('00000000'); // TCP
    expect(ascii(bytes, 264, 8)).toBe('00000100'); // TCF: first cue at 00:00:01:00
    expect(ascii(bytes, 272, 2)).toBe('11'); // TND, DSN
    expect(ascii(bytes, 274, 1024 - 274).trim()).toBe(''); // CO … UDA left as spaces
  });

  it('names the frame rate in the disk format code and counts in its frames', () => {
    const { bytes } = formatEbuStl(CUES, { frameRate: 30, date: DATE });
    expect(ascii(bytes, 3, 8)).toBe('STL30.01');
    expect(ascii(bytes, 14, 2)).toBe('00'); // no language given
    expect([...tti(bytes, 1).subarray(5, 13)]).toEqual([1, 2, 3, 1, 1, 2, 5, 0]); // 01:02:03:01 → 01:02:05:00
  });
});

describe('EBU STL export: TTI blocks', () => {
  it('lays out number, extension, times in frames, position, justification and coded text', () => {
    const { bytes } = formatEbuStl(CUES, { frameRate: 25, date: DATE });
    const first = tti(bytes, 0);
    expect([...first.subarray(0, 16)]).toEqual([
      0, // SGN
      0,
      0, // SN 0, little-endian
      0xff, // EBN: last (only) block
      0, // CS
      0,
      0,
      1,
      0, // TCI 00:00:01:00
      0,
      0,
      2,
      13, // TCO 00:00:02:13 (2.52 s)
      20, // VP: two rows ending on teletext row 22
      2, // JC: centred
      0, // CF
    ]);
    const enc = (s: string) => [...s].map((c) => c.charCodeAt(0));
    expect(textField(first)).toEqual([
      ...enc('Hello '),
      0x80,
      ...enc('world'),
      0x81,
      0x8a,
      ...enc('second '),
      0x82,
      ...enc('row'),
      0x83,
    ]);
    expect(first[127]).toBe(0x8f); // unused space fills the field
    const second = tti(bytes, 1);
    expect(second[1]).toBe(1);
    expect(second[13]).toBe(1); // VP: top
    expect(textField(second)).toEqual([
      ...enc('Caf'),
      0xc2,
      0x65, // é: acute + e (ISO 6937)
      ...enc(', na'),
      0xc8,
      0x69, // ï: diaeresis + i
      ...enc('ve, '),
      0xca,
      0x41, // Å: ring + A
      ...enc('ngstr'),
      0xc8,
      0x6f,
      ...enc('m: '),
      0xa4, // $
      ...enc('5 '),
      0xbd, // ½
    ]);
  });

  it('continues a long subtitle in extension blocks and reads it back whole', () => {
    const row = 'Ça va ? '.repeat(5).trim();
    const long: Cue = { startMs: 0, stopMs: 4000, text: `<i>${row}</i>\n${row}\n${row}`, position: 'bottom' };
    const { bytes } = formatEbuStl([long, CUES[0]!], { frameRate: 25, date: DATE });
    expect(ascii(bytes, 238, 5)).toBe('00003'); // TNB counts the extension block
    expect(ascii(bytes, 243, 5)).toBe('00002'); // TNS does not
    expect([tti(bytes, 0)[1], tti(bytes, 0)[3]]).toEqual([0, 0x00]); // SN 0, first extension
    expect([tti(bytes, 1)[1], tti(bytes, 1)[3]]).toEqual([0, 0xff]); // SN 0, last
    expect([tti(bytes, 2)[1], tti(bytes, 2)[3]]).toEqual([1, 0xff]);
    expect(parseEbuStl(bytes).cues).toEqual([long, CUES[0]]);
  });

  it('never ends a block between a diacritic and its letter', () => {
    const cue: Cue = { startMs: 0, stopMs: 1000, text: `${'a'.repeat(111)}é`, position: 'bottom' };
    const { bytes } = formatEbuStl([cue], { frameRate: 25, date: DATE });
    expect(textField(tti(bytes, 0))).toEqual(Array<number>(111).fill(0x61));
    expect(textField(tti(bytes, 1))).toEqual([0xc2, 0x65]);
    expect(parseEbuStl(bytes).cues).toEqual([cue]);
  });

  it('reports what STL cannot hold, keeping the text', () => {
    const { bytes, issues } = formatEbuStl(
      [
        { startMs: 0, stopMs: 1000, text: '<b>Loud</b> 5 €', position: 'bottom' },
        { startMs: 1000, stopMs: 2000, text: 'مرحبا', position: 'bottom' },
        { startMs: 2000, stopMs: 3000, text: 'x'.repeat(45), position: 'bottom' },
      ],
      { frameRate: 25, date: DATE },
    );
    expect(issues).toEqual([
      { subtitle: 1, message: 'Bold text is written as plain text: EBU STL has no bold.' },
      { subtitle: 1, message: "Written as “?”, outside STL's Latin character table: \u2068€\u2069." },
      { subtitle: 2, message: "Written as “?”, outside STL's Latin character table: \u2068م ر ح ب ا\u2069." },
      { subtitle: 3, message: 'Row 1 has 45 characters; a teletext row holds 40.' },
    ]);
    expect(ascii(bytes, 251, 2)).toBe('45'); // MNC: the longest row
    expect(parseEbuStl(bytes).cues.map((c) => c.text)).toEqual(['Loud 5 ?', '?????', 'x'.repeat(45)]);
  });
});

describe('EBU STL round trip', () => {
  it.each([25, 30] as StlFrameRate[])('export → import gives the same cues at %i fps', (frameRate) => {
    const frame = 1000 / frameRate;
    const onFrames: Cue[] = [0, 1, 2].map((i) => ({
      startMs: Math.round((10 + i * 37) * frame),
      stopMs: Math.round((30 + i * 37) * frame),
      text: ['<i>Whole italic\nrows</i>', 'Ærøskøbing ŁÓDŹ Ĳ ß', '<u>under</u> and <i>slanted</i>'][i]!,
      position: i === 1 ? 'top' : 'bottom',
    }));
    const back = parseEbuStl(formatEbuStl(onFrames, { frameRate, date: DATE }).bytes);
    expect(back.frameRate).toBe(frameRate);
    expect(back.skipped).toEqual([]);
    expect(back.cues).toEqual(onFrames);
  });

  it('rounds times between frames to the nearest frame', () => {
    const back = parseEbuStl(
      formatEbuStl([{ startMs: 1013, stopMs: 1999, text: 'a', position: 'bottom' }], { frameRate: 25 }).bytes,
    );
    expect(back.cues[0]).toMatchObject({ startMs: 1000, stopMs: 2000 });
  });
});

describe('EBU STL import', () => {
  const file = (edit: (bytes: Uint8Array) => void) => {
    const { bytes } = formatEbuStl(CUES, { frameRate: 25, date: DATE });
    edit(bytes);
    return bytes;
  };

  it('refuses other character tables and files that are not STL', () => {
    expect(() => parseEbuStl(file((b) => b.set([0x30, 0x31], 12)))).toThrow(/Latin\/Cyrillic character table/);
    expect(() => parseEbuStl(file((b) => b.set([0x58], 3)))).toThrow(/disk format code/);
    expect(() => parseEbuStl(new TextEncoder().encode('1\n00:00:01,000 --> 00:00:02,000\nx\n'))).toThrow(/too short/);
  });

  it('lists comments, user data and a truncated block as skipped, with their block numbers', () => {
    const bytes = file((b) => {
      b[GSI_SIZE + 15] = 1; // the first subtitle is a comment
    });
    const extra = new Uint8Array(bytes.length + TTI_SIZE + 10);
    extra.set(bytes);
    extra.set([0, 9, 0, 0xfe], bytes.length); // a user data block
    const { cues, skipped } = parseEbuStl(extra);
    expect(cues).toEqual([CUES[1]]);
    expect(skipped).toEqual([
      { line: 4, reason: 'The file ends inside a TTI block (a truncated file).' },
      { line: 1, reason: 'Subtitle 0 is a comment (comment flag set).' },
      { line: 3, reason: 'User data (extension block FE), not a subtitle.' },
    ]);
  });

  it('counts times from the start of programme (TCP) when every subtitle starts after it', () => {
    const bytes = file((b) => {
      b.set(new TextEncoder().encode('00000010'), 256); // TCP 00:00:00:10
    });
    expect(parseEbuStl(bytes).cues.map((c) => c.startMs)).toEqual([600, 3_722_640]);
  });

  it('reads teletext control codes as spaces and 0x24 as the currency sign', () => {
    const bytes = file((b) => {
      const field = GSI_SIZE + 16;
      b.fill(0x8f, field, field + 112);
      b.set([0x0d, 0x07, 0x0b, 0x0b, 0x41, 0x07, 0x42, 0x20, 0x24, 0x0a, 0x0a, 0x8a, 0xcb, 0x63], field);
    });
    expect(parseEbuStl(bytes).cues[0]!.text).toBe('A B ¤\nç');
  });
});

describe('EBU STL files other tools wrote (test/fixtures/broadcast, IRT SCF test pipelines)', () => {
  const fixture = (name: string) =>
    fs.readFileSync(new URL(`../../../../../test/fixtures/broadcast/${name}`, import.meta.url));
  /** The WebVTT the SCF pipeline made of the same subtitles, read by the project's SRT/VTT parser. */
  const expected = parseSubtitles(fixture('irt-scf-pipeline1.vtt').toString('utf8')).filter((c) => c.text !== '');

  it.each(['irt-scf-pipeline1.stl', 'irt-scf-pipeline2.stl'])('%s reads to the cues of the SCF WebVTT', (name) => {
    const { cues, skipped, frameRate } = parseEbuStl(new Uint8Array(fixture(name)));
    expect(frameRate).toBe(25);
    expect(cues).toHaveLength(63);
    expect(cues).toEqual(expected);
    expect(skipped).toEqual([{ line: 64, reason: expect.stringMatching(/has no text/) }]);
  });

  it('the SCF EBU-TT-D document (TTML) reads to the same cues', () => {
    const { cues, skipped } = parseTtml(fixture('irt-scf-pipeline1-ebu-tt-d.xml').toString('utf8'));
    expect(cues).toEqual(expected);
    expect(skipped).toHaveLength(1);
  });
});

describe('the STL frame rate offered for a video', () => {
  it('is the nearest of 25 and 30, 25 when unknown', () => {
    expect([undefined, 0, 23.976, 24, 25, 29.97, 30, 50, 59.94, 60].map(stlFrameRateFor)).toEqual([
      25, 25, 25, 25, 25, 30, 30, 25, 30, 30,
    ]);
  });
});
