/**
 * SRT and WebVTT, read and written. A small parser of our own: the one maintained, dependency-free library
 * that fits (@plussub/srt-vtt-parser 2.0.5) was tried and dropped — it mis-reads cue settings after a VTT
 * timestamp (`00:02.000 align:start` gives NaN), keeps `\r` from CRLF files, treats any line containing
 * "NOTE"/"STYLE"/"REGION" as a block header, and throws on a cue without text.
 *
 * Kept in the text: <b>, <i>, <u> (both formats use them); other tags (<font>, VTT <c>, <v Speaker>, …) are
 * dropped with their content kept. `{\an8}` (SRT) and `line:0`..`line:20%` (VTT) mean "top".
 */
import type { Position } from './lineFields';

export interface Cue {
  startMs: number;
  stopMs: number;
  text: string;
  position: Position;
}

export type SubtitleFormat = 'srt' | 'vtt';

export class SubtitleParseError extends Error {
  override readonly name = 'SubtitleParseError';
}

const TIMESTAMP = /(?:(\d{1,}):)?(\d{1,2}):(\d{2})[,.](\d{1,3})/;
const TIMING_LINE = new RegExp(`^\\s*${TIMESTAMP.source}\\s*-->\\s*${TIMESTAMP.source}(.*)$`);

function toMs(h: string | undefined, m: string, s: string, frac: string): number {
  return Number(h ?? 0) * 3_600_000 + Number(m) * 60_000 + Number(s) * 1000 + Number(frac.padEnd(3, '0'));
}

const KEEP = new Set(['b', 'i', 'u']);

/** Keeps <b>/<i>/<u> (no attributes), drops other tags and ASS override blocks; decodes the basic entities. */
export function cleanCueText(raw: string): string {
  return raw
    .replace(/\{\\[^}]*\}/g, '')
    .replace(/<\/?([a-z][a-z0-9]*)(?:[.\s][^>]*)?>/gi, (tag, name: string) => {
      const n = name.toLowerCase();
      if (!KEEP.has(n)) return '';
      return tag.startsWith('</') ? `</${n}>` : `<${n}>`;
    })
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .split('\n')
    .map((row) => row.trimEnd())
    .join('\n')
    .trim();
}

function positionFrom(rawText: string, settings: string): Position {
  if (/\{\\an[789]\}/.test(rawText)) return 'top';
  const line = /(?:^|\s)line:(-?\d+(?:\.\d+)?)(%?)/.exec(settings);
  if (line) {
    const value = Number(line[1]);
    if (line[2] === '%') return value <= 20 ? 'top' : 'bottom';
    return value >= 0 && value <= 3 ? 'top' : 'bottom';
  }
  return 'bottom';
}

export function detectFormat(content: string, fileName = ''): SubtitleFormat {
  if (/^\uFEFF?WEBVTT(?:[ \t]|$)/m.test(content.slice(0, 100))) return 'vtt';
  return fileName.toLowerCase().endsWith('.vtt') ? 'vtt' : 'srt';
}

/**
 * Cues of an SRT or WebVTT file, in file order. Blocks without a timing line (VTT NOTE/STYLE/REGION, SRT
 * junk) are skipped; a cue may have no text (an empty subtitle). Throws when the file has no cue at all.
 */
export function parseSubtitles(content: string): Cue[] {
  const normalized = content.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const blocks = normalized.split(/\n[ \t]*\n+/);
  const cues: Cue[] = [];
  for (const block of blocks) {
    const rows = block.split('\n');
    const timingAt = rows.findIndex((row) => row.includes('-->'));
    // VTT: a NOTE or STYLE block may contain "-->" only after its first row names it.
    if (timingAt < 0 || /^(NOTE|STYLE|REGION)(\s|$)/.test(rows[0] ?? '') || timingAt > 1) continue;
    const m = TIMING_LINE.exec(rows[timingAt]!);
    if (!m) continue;
    const startMs = toMs(m[1], m[2]!, m[3]!, m[4]!);
    const stopMs = toMs(m[5], m[6]!, m[7]!, m[8]!);
    const rawText = rows.slice(timingAt + 1).join('\n');
    cues.push({ startMs, stopMs, text: cleanCueText(rawText), position: positionFrom(rawText, m[9] ?? '') });
  }
  if (cues.length === 0) throw new SubtitleParseError('No subtitles found: is this an SRT or WebVTT file?');
  return cues;
}

function stamp(ms: number, separator: ',' | '.'): string {
  const t = Math.max(0, Math.round(ms));
  const p = (n: number, w: number) => String(n).padStart(w, '0');
  return `${p(Math.floor(t / 3_600_000), 2)}:${p(Math.floor(t / 60_000) % 60, 2)}:${p(Math.floor(t / 1000) % 60, 2)}${separator}${p(t % 1000, 3)}`;
}

/** Text for a file: <br> as a line break, no tag other than b/i/u, no blank rows (a blank row would end the cue). */
function fileText(text: string): string {
  return cleanCueText(text.replace(/<br\s*\/?>/gi, '\n'))
    .split('\n')
    .filter((row) => row.trim() !== '')
    .join('\n');
}

export function formatSrt(cues: readonly Cue[]): string {
  return cues
    .map((cue, i) => {
      const text = fileText(cue.text);
      const prefix = cue.position === 'top' ? '{\\an8}' : '';
      return `${i + 1}\n${stamp(cue.startMs, ',')} --> ${stamp(cue.stopMs, ',')}\n${prefix}${text}\n`;
    })
    .join('\n');
}

function escapeVtt(text: string): string {
  // Only our own tags stay markup: escape every other & and <.
  return text.replace(/&/g, '&amp;').replace(/<(?!\/?[biu]>)/g, '&lt;');
}

export function formatVtt(cues: readonly Cue[]): string {
  const body = cues
    .map((cue, i) => {
      const settings = cue.position === 'top' ? ' line:0' : '';
      return `${i + 1}\n${stamp(cue.startMs, '.')} --> ${stamp(cue.stopMs, '.')}${settings}\n${escapeVtt(fileText(cue.text))}\n`;
    })
    .join('\n');
  return `WEBVTT\n\n${body}`;
}
