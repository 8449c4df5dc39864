/**
 * The order's estimate where the data has one (docs/API.md, "Order wizard"): the asset's transcriptions the
 * order translates (its dialogue and/or graphics track, read with `GET /translations/{id}`) give the lines and the words to translate, and
 * the spoken span of the dialogue (first line's start to last line's end) the running time. Translation time is
 * the words at a subtitler's pace: WORDS_PER_HOUR, rounded up to the half hour.
 */
import type { Line } from '../../../api/schema/translation';
import { orderEstimate } from '../../../api/schema/estimate';
import { formatCount, plural } from '../../../lib/format';
import { parseTimecode } from '../../../lib/timecode';

/**
 * The transcriptions an order will translate, as the server makes its translations (docs/API.md "Orders"): the
 * dialogue track when dialogue or narration is asked, the graphics track when graphics are.
 */
export function transcriptionsToTranslate(
  transcription: { dialogue?: string | undefined; graphics?: string | undefined } | undefined,
  dng: { dialogue: readonly string[]; narration: readonly string[]; graphics: readonly string[] },
): string[] {
  const ids: string[] = [];
  if (transcription?.dialogue && (dng.dialogue.length || dng.narration.length)) ids.push(transcription.dialogue);
  if (transcription?.graphics && dng.graphics.length) ids.push(transcription.graphics);
  return ids;
}

/** Words a subtitle translator translates in an hour (≈ 3,200 words in an 8-hour day). */
export const WORDS_PER_HOUR = 400;

export interface Estimate {
  lines: number;
  words: number;
  /** Seconds from the first line's start to the last line's end; undefined without timings. */
  span: number | undefined;
  /** Translation time in hours, rounded up to the half hour; 0 when there are no words. */
  hours: number;
}

const IDEOGRAPHS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;

/** Words as a reader counts them: space-separated runs holding a letter or digit; Chinese and Japanese, written
 * without spaces, count one per character. */
export function countWords(text: string): number {
  let count = 0;
  for (const token of text.split(/\s+/)) {
    if (!/[\p{L}\p{N}]/u.test(token)) continue;
    count += token.match(IDEOGRAPHS)?.length || 1;
  }
  return count;
}

/** Seconds of a `HH:MM:SS,mmm` timecode (lib/timecode.ts); undefined for anything else. */
function seconds(timecode: string | undefined): number | undefined {
  const ms = timecode === undefined ? undefined : parseTimecode(timecode);
  return ms === undefined ? undefined : ms / 1000;
}

/** The estimate of the tracks to translate (each a transcription's lines). */
export function estimateOf(tracks: readonly (readonly Line[])[]): Estimate {
  let lines = 0;
  let words = 0;
  let start: number | undefined;
  let end: number | undefined;
  for (const track of tracks) {
    for (const line of track) {
      lines += 1;
      words += countWords(line.text ?? '');
    }
  }
  const dialogue = tracks[0] ?? [];
  for (const line of dialogue) {
    const s = seconds(line.startTime);
    const e = seconds(line.stopTime);
    if (s !== undefined && (start === undefined || s < start)) start = s;
    if (e !== undefined && (end === undefined || e > end)) end = e;
  }
  const span = start !== undefined && end !== undefined && end > start ? end - start : undefined;
  const hours = words ? Math.ceil((words / WORDS_PER_HOUR) * 2) / 2 : 0;
  return { lines, words, span, hours };
}

/** "2:05" or "1:02:05". */
function clock(totalSeconds: number): string {
  const s = Math.round(totalSeconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/**
 * "312 lines, 2,480 words over 2:05 · about 6.5 h of translation · 2028.00 USD": the price is the server's rule
 * (docs/API.md "Order estimate", `orderEstimate` of the lines), so it is what the placed order will carry.
 */
export function describeEstimate(e: Estimate): string {
  const size = `${plural(e.lines, 'line')}, ${plural(e.words, 'word')}${e.span ? ` over ${clock(e.span)}` : ''}`;
  const price = orderEstimate(e.lines).base;
  if (!e.words) return `${size} · nothing to translate · ${price}`;
  return `${size} · about ${formatCount(e.hours)} h of translation · ${price}`;
}
