/**
 * SRT and WebVTT, read and written. A small parser of our own: the one maintained, dependency-free library
 * that fits (@plussub/srt-vtt-parser 2.0.5) was tried and dropped — it mis-reads cue settings after a VTT
 * timestamp (`00:02.000 align:start` gives NaN), keeps `\r` from CRLF files, treats any line containing
 * "NOTE"/"STYLE"/"REGION" as a block header, and throws on a cue without text.
 *
 * The cue text is read by cueText.ts, the timing rows by cueTimings.ts; this module finds the blocks. It works row
 * by row, each row looked at a bounded number of times, and never drops a block without saying so: what it cannot
 * read is listed in `skipped` with its row number and the reason, for the import preview. `{\an8}` (SRT) and
 * `line:0`..`line:20%` (VTT) mean "top".
 */
import type { Position } from './lineFields';
import { parseTimingRow } from './cueTimings';
import { readCueText, toLineText, toSrtText, toVttText } from './cueText';
import { checkDepth, subtitleCounter } from './importLimits';
import { SubtitleParseError } from './subtitleParseError';

export interface Cue {
  startMs: number;
  stopMs: number;
  text: string;
  position: Position;
}

export type SubtitleFormat = 'srt' | 'vtt';

/** A block of the file that gave no cue, by its first row (1-based) and why. */
export interface SkippedBlock {
  line: number;
  reason: string;
}

export interface ParsedSubtitles {
  cues: Cue[];
  skipped: SkippedBlock[];
  format: SubtitleFormat;
}

// The error has a module of its own (the import's limits throw it too); its readers still find it here.
export { SubtitleParseError };

/** Line text of a cue's raw text: b/i/u kept, other tags and override blocks dropped, references decoded. */
export function cleanCueText(raw: string): string {
  return toLineText(readCueText(raw).pieces);
}

function positionFromSettings(settings: string): Position | undefined {
  for (const setting of settings.split(/[ \t]+/)) {
    if (!setting.startsWith('line:')) continue;
    const value = setting.slice(5).split(',')[0] ?? '';
    const percent = value.endsWith('%');
    const n = Number(percent ? value.slice(0, -1) : value);
    if (value === '' || !Number.isFinite(n)) return undefined;
    if (percent) return n <= 20 ? 'top' : 'bottom';
    return n >= 0 && n <= 3 ? 'top' : 'bottom';
  }
  return undefined;
}

function hasWebVttSignature(firstRow: string): boolean {
  return firstRow.startsWith('WEBVTT') && (firstRow.length === 6 || firstRow[6] === ' ' || firstRow[6] === '\t');
}

export function detectFormat(content: string, fileName = ''): SubtitleFormat {
  // The first row: up to a line break (the signature may be followed by a title on the same row).
  const head = content.replace(/^\uFEFF/, '').slice(0, 100);
  if (hasWebVttSignature(head.split(/[\r\n]/, 1)[0]!)) return 'vtt';
  return fileName.toLowerCase().endsWith('.vtt') ? 'vtt' : 'srt';
}

function isBlankRow(row: string, format: SubtitleFormat): boolean {
  if (format === 'vtt') return row === '';
  for (const c of row) if (c !== ' ' && c !== '\t') return false;
  return true;
}

function isDigitsRow(row: string): boolean {
  const t = row.trim();
  if (t === '') return false;
  for (const c of t) if (c < '0' || c > '9') return false;
  return true;
}

/** True when the row starts a new cue even without a blank row before it. */
function startsCue(rows: readonly string[], at: number, format: SubtitleFormat): boolean {
  const row = rows[at]!;
  // WebVTT: any row with an arrow ends the block before it (the specification's block collection).
  if (format === 'vtt') return row.includes('-->');
  if (parseTimingRow(row, 'srt')) return true;
  return isDigitsRow(row) && at + 1 < rows.length && parseTimingRow(rows[at + 1]!, 'srt') !== undefined;
}

const VTT_NON_CUE = /^(?:NOTE|STYLE|REGION)(?:[ \t]|$)/;

function describe(row: string): string {
  const shown = row.trim();
  return shown.length > 40 ? `${shown.slice(0, 40)}…` : shown;
}

/**
 * Cues of an SRT or WebVTT text, in time order (file order for equal starts), with the blocks that gave none. A whitespace-only row separates
 * blocks; a timing row starts a cue even with no blank row before it; a cue may have no text (an empty subtitle);
 * one that stops before it starts is skipped. WebVTT NOTE, STYLE and REGION blocks are not cues and not reported.
 * Throws SubtitleParseError past the import's limits (importLimits.ts: subtitles, tags nested).
 */
export function parseSubtitleText(content: string, format: SubtitleFormat): ParsedSubtitles {
  let text = content.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (format === 'vtt') text = text.replace(/\0/g, '\uFFFD');
  const rows = text.split('\n');
  const cues: Cue[] = [];
  const skipped: SkippedBlock[] = [];
  const countSubtitle = subtitleCounter();
  let i = 0;
  const skipBlock = () => {
    i++;
    while (i < rows.length && !isBlankRow(rows[i]!, format) && !startsCue(rows, i, format)) i++;
  };
  if (format === 'vtt') {
    if (!hasWebVttSignature(rows[0] ?? '')) skipped.push({ line: 1, reason: 'no "WEBVTT" first row' });
    else {
      i = 1;
      while (i < rows.length && rows[i] !== '' && !rows[i]!.includes('-->')) i++;
    }
  }
  while (i < rows.length) {
    if (isBlankRow(rows[i]!, format) || (format === 'vtt' && rows[i]!.trim() === '')) {
      i++;
      continue;
    }
    const first = i;
    if (format === 'vtt' && VTT_NON_CUE.test(rows[i]!)) {
      skipBlock();
      continue;
    }
    countSubtitle();
    let timingAt = -1;
    if (rows[i]!.includes('-->')) timingAt = i;
    else if (i + 1 < rows.length && !isBlankRow(rows[i + 1]!, format) && rows[i + 1]!.includes('-->')) timingAt = i + 1;
    if (timingAt < 0) {
      skipped.push({ line: first + 1, reason: `no timing (“${describe(rows[first]!)}”)` });
      skipBlock();
      continue;
    }
    i = timingAt;
    const timing = parseTimingRow(rows[timingAt]!, format);
    skipBlock();
    if (!timing) {
      skipped.push({ line: timingAt + 1, reason: `timing not readable (“${describe(rows[timingAt]!)}”)` });
      continue;
    }
    if (timing.stopMs < timing.startMs) {
      skipped.push({ line: timingAt + 1, reason: 'it ends before it starts' });
      continue;
    }
    const raw = rows.slice(timingAt + 1, i).join('\n');
    const read = readCueText(raw, format === 'vtt' ? 'vtt' : 'lenient');
    checkDepth(read.depth, timingAt + 2, 'tags');
    const position = read.top ? 'top' : (positionFromSettings(timing.settings) ?? 'bottom');
    cues.push({ startMs: timing.startMs, stopMs: timing.stopMs, text: toLineText(read.pieces), position });
  }
  // Players show cues by time; a file with cues out of order (hand-edited, merged) is read in time order.
  cues.sort((a, b) => a.startMs - b.startMs);
  return { cues, skipped, format };
}

/** Cues of an SRT or WebVTT text (format from its first row, else the file name); throws when it has none. */
export function parseSubtitles(content: string, fileName = ''): Cue[] {
  const { cues } = parseSubtitleText(content, detectFormat(content, fileName));
  if (cues.length === 0) throw new SubtitleParseError('No subtitles found: is this an SRT or WebVTT file?');
  return cues;
}

function stamp(ms: number, separator: ',' | '.'): string {
  const t = Math.max(0, Math.round(ms));
  const p = (n: number, w: number) => String(n).padStart(w, '0');
  return `${p(Math.floor(t / 3_600_000), 2)}:${p(Math.floor(t / 60_000) % 60, 2)}:${p(Math.floor(t / 1000) % 60, 2)}${separator}${p(t % 1000, 3)}`;
}

export function formatSrt(cues: readonly Cue[]): string {
  return cues
    .map((cue, i) => {
      const text = toSrtText(readCueText(cue.text).pieces);
      const prefix = cue.position === 'top' ? '{\\an8}' : '';
      return `${i + 1}\n${stamp(cue.startMs, ',')} --> ${stamp(cue.stopMs, ',')}\n${prefix}${text}\n`;
    })
    .join('\n');
}

export function formatVtt(cues: readonly Cue[]): string {
  const body = cues
    .map((cue, i) => {
      const settings = cue.position === 'top' ? ' line:0' : '';
      const text = toVttText(readCueText(cue.text).pieces);
      return `${i + 1}\n${stamp(cue.startMs, '.')} --> ${stamp(cue.stopMs, '.')}${settings}\n${text}\n`;
    })
    .join('\n');
  return `WEBVTT\n\n${body}`;
}
