/**
 * EBU STL (EBU Tech 3264-E, "Subtitling data exchange format"), written and read. A file is one 1024-byte
 * General Subtitle Information (GSI) block of fixed ASCII fields, then 128-byte Text and Timing Information (TTI)
 * blocks: group, number, extension, cumulative status, time codes in and out as hours/minutes/seconds/frames,
 * vertical position, justification, comment flag and a 112-byte text field (ISO 6937 text with control codes:
 * 0x80/0x81 italics on/off, 0x82/0x83 underline on/off, 0x84/0x85 boxing, 0x8A new row, 0x8F unused).
 *
 * Written: Level-1 teletext (display standard 1, 23 rows of 40 characters), character code table 00 (Latin),
 * 25 or 30 frames a second, a subtitle whose text does not fit one text field continued in extension blocks.
 * What STL cannot hold (bold, characters outside table 00, rows over 40 characters) is listed in `issues`.
 */
import type { Cue } from '../subtitleFiles';
import { SubtitleParseError } from '../subtitleParseError';
import { subtitleCounter } from '../importLimits';
import { primaryLanguage } from '../qc/profiles';
import { decodeChar, encodeChar, isDiacriticByte } from './iso6937';
import { pushRun, rowsOf, textOf, trimRow, type Row } from './styledRows';
import type { Skipped } from './ttml';

export const GSI_SIZE = 1024;
export const TTI_SIZE = 128;
export const TEXT_FIELD_SIZE = 112;
/** The frame rates STL has disk format codes for (STL25.01, STL30.01). */
export const STL_FRAME_RATES = [25, 30] as const;
export type StlFrameRate = (typeof STL_FRAME_RATES)[number];
/** Characters a Level-1 teletext row holds (GSI field MNC). */
export const TELETEXT_ROW_CHARS = 40;
const TELETEXT_ROWS = 23;

const CODE = {
  italicOn: 0x80,
  italicOff: 0x81,
  underlineOn: 0x82,
  underlineOff: 0x83,
  boxingOn: 0x84,
  boxingOff: 0x85,
  newRow: 0x8a,
  unused: 0x8f,
} as const;

/** EBU language codes (Tech 3264 Appendix 3) by ISO 639-1 code. */
const LANGUAGE_CODES: Record<string, number> = {
  sq: 0x01,
  br: 0x02,
  ca: 0x03,
  hr: 0x04,
  cy: 0x05,
  cs: 0x06,
  da: 0x07,
  de: 0x08,
  en: 0x09,
  es: 0x0a,
  eo: 0x0b,
  et: 0x0c,
  eu: 0x0d,
  fo: 0x0e,
  fr: 0x0f,
  fy: 0x10,
  ga: 0x11,
  gd: 0x12,
  gl: 0x13,
  is: 0x14,
  it: 0x15,
  se: 0x16,
  la: 0x17,
  lv: 0x18,
  lb: 0x19,
  lt: 0x1a,
  hu: 0x1b,
  mt: 0x1c,
  nl: 0x1d,
  no: 0x1e,
  nb: 0x1e,
  nn: 0x1e,
  oc: 0x1f,
  pl: 0x20,
  pt: 0x21,
  ro: 0x22,
  rm: 0x23,
  sr: 0x24,
  sk: 0x25,
  sl: 0x26,
  fi: 0x27,
  sv: 0x28,
  tr: 0x29,
  ru: 0x56,
  el: 0x70,
  he: 0x6c,
  ar: 0x7e,
  zh: 0x75,
  ja: 0x69,
  ko: 0x65,
};

export interface StlExportOptions {
  frameRate: StlFrameRate;
  /** Programme title (GSI OPT and TPT), e.g. the asset's name. */
  title?: string | undefined;
  language?: string | undefined;
  /** Creation and revision date (GSI CD/RD); now when absent. */
  date?: Date | undefined;
}

export interface StlIssue {
  /** 1-based number of the subtitle in the export. */
  subtitle: number;
  message: string;
}

export interface StlExport {
  bytes: Uint8Array<ArrayBuffer>;
  issues: StlIssue[];
}

function ascii(bytes: Uint8Array, offset: number, length: number, value: string): void {
  // GSI text fields are in the code page of CPN 850; we write its ASCII half only (accents folded away).
  const folded = value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '?')
    .slice(0, length);
  for (let i = 0; i < length; i += 1) bytes[offset + i] = i < folded.length ? folded.charCodeAt(i) : 0x20;
}

function digits(n: number, width: number): string {
  return String(Math.max(0, Math.min(n, 10 ** width - 1))).padStart(width, '0');
}

/** HHMMSSFF of a frame count, as in GSI TCP/TCF. */
function timecodeText(frames: number, fps: number): string {
  const [h, m, s, f] = timecodeParts(frames, fps);
  return [h, m, s, f].map((n) => digits(n, 2)).join('');
}

function timecodeParts(frames: number, fps: number): [number, number, number, number] {
  const seconds = Math.floor(frames / fps);
  return [Math.floor(seconds / 3600) % 24, Math.floor(seconds / 60) % 60, seconds % 60, frames % fps];
}

function framesOf(ms: number, fps: number): number {
  return Math.max(0, Math.round((ms * fps) / 1000));
}

/** The text field bytes of one subtitle (all its TTI blocks together), and what could not be written. */
function encodeText(rows: readonly Row[], report: (message: string) => void): number[] {
  const out: number[] = [];
  const unencodable = new Set<string>();
  let bold = false;
  rows.forEach((row, r) => {
    if (r > 0) out.push(CODE.newRow);
    let italic = false;
    let underline = false;
    let length = 0;
    for (const run of row) {
      if (run.italic !== italic) out.push(run.italic ? CODE.italicOn : CODE.italicOff);
      if (run.underline !== underline) out.push(run.underline ? CODE.underlineOn : CODE.underlineOff);
      italic = run.italic;
      underline = run.underline;
      bold ||= run.bold;
      for (const ch of run.text) {
        const bytes = encodeChar(ch);
        length += 1;
        if (bytes) out.push(...bytes);
        else {
          unencodable.add(ch);
          out.push(0x3f); // "?" keeps the character's place; the issue says which it was.
        }
      }
    }
    // Styles end with the row, so each row reads the same in readers that reset them at a new row.
    if (italic) out.push(CODE.italicOff);
    if (underline) out.push(CODE.underlineOff);
    if (length > TELETEXT_ROW_CHARS)
      report(`Row ${r + 1} has ${length} characters; a teletext row holds ${TELETEXT_ROW_CHARS}.`);
  });
  if (bold) report('Bold text is written as plain text: EBU STL has no bold.');
  if (unencodable.size > 0) {
    const shown = [...unencodable].slice(0, 12).join(' ') + (unencodable.size > 12 ? ' …' : '');
    // Isolated (U+2068…U+2069) so right-to-left letters do not reorder the sentence around them.
    report(`Written as “?”, outside STL's Latin character table: \u2068${shown}\u2069.`);
  }
  return out;
}

/** Splits a subtitle's text bytes over text fields of 112 bytes, never between a diacritic and its letter. */
function textFields(bytes: readonly number[]): number[][] {
  const fields: number[][] = [];
  let at = 0;
  do {
    let end = Math.min(at + TEXT_FIELD_SIZE, bytes.length);
    if (end < bytes.length && isDiacriticByte(bytes[end - 1]!)) end -= 1;
    fields.push(bytes.slice(at, end));
    at = end;
  } while (at < bytes.length);
  return fields;
}

/** Teletext row of the subtitle's first row: top from row 1, bottom ending on row 22 (double-height spacing). */
function verticalPosition(position: Cue['position'], rowCount: number): number {
  if (position === 'top') return 1;
  return Math.max(1, 22 - 2 * (Math.max(1, rowCount) - 1));
}

/** An EBU STL file of the cues (in the order given, numbered from 0). */
export function formatEbuStl(cues: readonly Cue[], options: StlExportOptions): StlExport {
  const fps = options.frameRate;
  const issues: StlIssue[] = [];
  const blocks: Uint8Array[] = [];
  let maxRowChars = 0;
  cues.forEach((cue, n) => {
    const rows = rowsOf(cue.text);
    for (const row of rows)
      maxRowChars = Math.max(
        maxRowChars,
        row.reduce((sum, run) => sum + [...run.text].length, 0),
      );
    const text = encodeText(rows, (message) => issues.push({ subtitle: n + 1, message }));
    const inFrames = framesOf(cue.startMs, fps);
    const outFrames = Math.max(inFrames + 1, framesOf(cue.stopMs, fps));
    const fields = textFields(text);
    fields.forEach((field, k) => {
      const tti = new Uint8Array(TTI_SIZE);
      tti[0] = 0; // SGN: one subtitle group
      tti[1] = n & 0xff; // SN, little-endian
      tti[2] = (n >> 8) & 0xff;
      tti[3] = k === fields.length - 1 ? 0xff : k; // EBN: 0xFF on the subtitle's last block
      tti[4] = 0; // CS: not cumulative
      tti.set(timecodeParts(inFrames, fps), 5);
      tti.set(timecodeParts(outFrames, fps), 9);
      tti[13] = verticalPosition(cue.position, rows.length);
      tti[14] = 2; // JC: centred
      tti[15] = 0; // CF: subtitle data
      tti.fill(CODE.unused, 16);
      tti.set(field, 16);
      blocks.push(tti);
    });
  });
  if (cues.length > 0xffff) issues.push({ subtitle: 0x10000, message: 'STL numbers at most 65,535 subtitles.' });

  const gsi = new Uint8Array(GSI_SIZE).fill(0x20);
  const date = options.date ?? new Date();
  const yymmdd = `${digits(date.getUTCFullYear() % 100, 2)}${digits(date.getUTCMonth() + 1, 2)}${digits(date.getUTCDate(), 2)}`;
  const language = LANGUAGE_CODES[primaryLanguage(options.language)] ?? 0;
  const firstIn = cues.length > 0 ? framesOf(Math.min(...cues.map((c) => c.startMs)), fps) : 0;
  ascii(gsi, 0, 3, '850'); // CPN: code page of the GSI text fields
  ascii(gsi, 3, 8, `STL${fps}.01`); // DFC
  ascii(gsi, 11, 1, '1'); // DSC: Level-1 teletext
  ascii(gsi, 12, 2, '00'); // CCT: Latin (ISO 6937)
  ascii(gsi, 14, 2, language.toString(16).toUpperCase().padStart(2, '0')); // LC
  ascii(gsi, 16, 32, options.title ?? ''); // OPT
  ascii(gsi, 80, 32, options.title ?? ''); // TPT
  ascii(gsi, 224, 6, yymmdd); // CD
  ascii(gsi, 230, 6, yymmdd); // RD
  ascii(gsi, 236, 2, '00'); // RN
  ascii(gsi, 238, 5, digits(blocks.length, 5)); // TNB
  ascii(gsi, 243, 5, digits(cues.length, 5)); // TNS
  ascii(gsi, 248, 3, '001'); // TNG
  ascii(gsi, 251, 2, digits(Math.max(TELETEXT_ROW_CHARS, maxRowChars), 2)); // MNC
  ascii(gsi, 253, 2, digits(TELETEXT_ROWS, 2)); // MNR
  ascii(gsi, 255, 1, '1'); // TCS: time codes intended for use
  ascii(gsi, 256, 8, '00000000'); // TCP: programme starts at 0
  ascii(gsi, 264, 8, timecodeText(firstIn, fps)); // TCF
  ascii(gsi, 272, 1, '1'); // TND
  ascii(gsi, 273, 1, '1'); // DSN

  const bytes = new Uint8Array(GSI_SIZE + blocks.length * TTI_SIZE);
  bytes.set(gsi, 0);
  blocks.forEach((block, i) => bytes.set(block, GSI_SIZE + i * TTI_SIZE));
  return { bytes, issues };
}

// ——— Reading ———

const CODE_TABLES: Record<string, string> = {
  '01': 'Latin/Cyrillic',
  '02': 'Latin/Arabic',
  '03': 'Latin/Greek',
  '04': 'Latin/Hebrew',
};

function field(bytes: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + length)).trim();
}

export interface StlImport {
  cues: Cue[];
  /** `line` is the TTI block's number (1 = the first block after the GSI). */
  skipped: Skipped[];
  frameRate: number;
}

interface Pending {
  block: number;
  number: number;
  startMs: number;
  stopMs: number;
  vp: number;
  bytes: number[];
}

/** The styled rows of a subtitle's text bytes; styles last until turned off or the subtitle ends. */
function decodeText(bytes: readonly number[]): Row[] {
  const rows: Row[] = [[]];
  const style = { bold: false, italic: false, underline: false };
  let space = false; // a teletext control code shows as a space
  let diacritic: number | undefined;
  let pending = ''; // characters in the current style, not yet a run
  const flush = () => {
    if (pending) pushRun(rows[rows.length - 1]!, { text: pending, ...style });
    pending = '';
  };
  const lastChar = () => {
    if (pending) return pending[pending.length - 1];
    const row = rows[rows.length - 1]!;
    return row[row.length - 1]?.text.slice(-1);
  };
  for (const byte of bytes) {
    if (byte === CODE.unused) continue;
    if (byte === CODE.newRow) {
      flush();
      rows.push([]);
      space = false;
    } else if (byte === CODE.italicOn || byte === CODE.italicOff) {
      flush();
      style.italic = byte === CODE.italicOn;
    } else if (byte === CODE.underlineOn || byte === CODE.underlineOff) {
      flush();
      style.underline = byte === CODE.underlineOn;
    } else if (byte < 0x20) space = true;
    else if (isDiacriticByte(byte)) diacritic = byte;
    else {
      const ch = decodeChar(byte, diacritic);
      diacritic = undefined;
      if (ch === undefined) continue;
      const last = lastChar();
      if (space && last !== undefined && !/\s/.test(last) && ch !== ' ') pending += ' ';
      space = false;
      pending += ch;
    }
  }
  flush();
  return rows.map(trimRow).filter((row) => row.length > 0);
}

/**
 * Cues of an EBU STL file with character code table 00 (Latin), at the file's frame rate (STL25.01 or STL30.01),
 * times less the start of programme (TCP) when every subtitle starts after it. Comment blocks, user data and
 * subtitles without text are listed in `skipped`. Throws SubtitleParseError when it is not STL, uses another table or
 * holds more subtitles than the import reads (importLimits.ts).
 */
export function parseEbuStl(bytes: Uint8Array): StlImport {
  if (bytes.length < GSI_SIZE + TTI_SIZE) throw new SubtitleParseError('Not an EBU STL file: it is too short.');
  const dfc = field(bytes, 3, 8);
  const rate = /^STL(\d\d)\.01$/.exec(dfc);
  if (!rate)
    throw new SubtitleParseError(`Not an EBU STL file: the disk format code is “${dfc}”, not STL25.01 or STL30.01.`);
  const frameRate = Number(rate[1]);
  if (!(frameRate >= 23 && frameRate <= 60))
    throw new SubtitleParseError(`This STL file says ${frameRate} frames a second, which is not a video frame rate.`);
  const cct = field(bytes, 12, 2);
  if (cct !== '00' && cct !== '')
    throw new SubtitleParseError(
      `This STL file uses the ${CODE_TABLES[cct] ?? `“${cct}”`} character table; only Latin (00) can be read.`,
    );
  const dsc = field(bytes, 11, 1);
  const maxRows = dsc === '0' ? Number(field(bytes, 253, 2)) || TELETEXT_ROWS : TELETEXT_ROWS;
  const tcp = field(bytes, 256, 8);
  const tcpFrames = /^\d{8}$/.test(tcp)
    ? ((Number(tcp.slice(0, 2)) * 60 + Number(tcp.slice(2, 4))) * 60 + Number(tcp.slice(4, 6))) * frameRate +
      Number(tcp.slice(6, 8))
    : 0;
  const msOf = (at: number) =>
    ((((bytes[at]! * 60 + bytes[at + 1]!) * 60 + bytes[at + 2]!) * frameRate + bytes[at + 3]!) * 1000) / frameRate;

  const skipped: Skipped[] = [];
  const subtitles: Pending[] = [];
  const countSubtitle = subtitleCounter();
  let current: Pending | undefined;
  const blockCount = Math.floor((bytes.length - GSI_SIZE) / TTI_SIZE);
  if ((bytes.length - GSI_SIZE) % TTI_SIZE !== 0)
    skipped.push({ line: blockCount + 1, reason: 'The file ends inside a TTI block (a truncated file).' });
  for (let b = 0; b < blockCount; b += 1) {
    const at = GSI_SIZE + b * TTI_SIZE;
    const number = bytes[at + 1]! | (bytes[at + 2]! << 8);
    const ebn = bytes[at + 3]!;
    // Every block counts but one continuing the subtitle before it (an extension block of the same number).
    if (ebn === 0xfe || bytes[at + 15] === 1 || !current || current.number !== number) countSubtitle();
    if (ebn === 0xfe) {
      skipped.push({ line: b + 1, reason: 'User data (extension block FE), not a subtitle.' });
      continue;
    }
    if (bytes[at + 15] === 1) {
      skipped.push({ line: b + 1, reason: `Subtitle ${number} is a comment (comment flag set).` });
      continue;
    }
    const text = [...bytes.subarray(at + 16, at + TTI_SIZE)];
    if (current && current.number === number) current.bytes.push(...text);
    else {
      if (current) subtitles.push(current);
      current = { block: b + 1, number, startMs: msOf(at + 5), stopMs: msOf(at + 9), vp: bytes[at + 13]!, bytes: text };
    }
    if (ebn === 0xff) {
      subtitles.push(current);
      current = undefined;
    }
  }
  if (current) subtitles.push(current);

  const offsetMs = subtitles.every((s) => s.startMs * frameRate >= tcpFrames * 1000)
    ? (tcpFrames * 1000) / frameRate
    : 0;
  const cues: Cue[] = [];
  for (const s of subtitles) {
    const rows = decodeText(s.bytes);
    if (rows.length === 0) {
      skipped.push({ line: s.block, reason: `Subtitle ${s.number} has no text.` });
      continue;
    }
    const startMs = Math.round(s.startMs - offsetMs);
    const stopMs = Math.round(s.stopMs - offsetMs);
    if (stopMs <= startMs) {
      skipped.push({ line: s.block, reason: `Subtitle ${s.number} ends before it begins.` });
      continue;
    }
    cues.push({ startMs, stopMs, text: textOf(rows), position: s.vp > 0 && s.vp <= maxRows / 2 ? 'top' : 'bottom' });
  }
  if (cues.length === 0 && skipped.length === 0) throw new SubtitleParseError('No subtitles found in this STL file.');
  return { cues, skipped, frameRate };
}

/**
 * The STL frame rate closest to the video's: 25 for 25/50 fps (and for 23.976/24 fps films, which PAL broadcast
 * plays at 25), 30 for 29.97/30/59.94/60 fps; 25 when the rate is unknown.
 */
export function stlFrameRateFor(fps: number | undefined): StlFrameRate {
  if (fps === undefined || !Number.isFinite(fps) || fps <= 0) return 25;
  const base = fps > 40 ? fps / 2 : fps;
  return base > 27.5 ? 30 : 25;
}
