/**
 * The import entry point of the broadcast formats: a .stl file (EBU STL, bytes) or a TTML document (.ttml, .dfxp,
 * .xml, or text that starts as XML with a <tt> root). Each parser loads only when such a file is opened.
 */
import type { Line } from '../../../../api/schema/translation';
import type { Cue } from '../subtitleFiles';
import { cuesOf } from '../importPlan';
import { isBlank } from '../text';
import type { Skipped } from './ttml';

export interface BroadcastImport {
  cues: Cue[];
  skipped: Skipped[];
}

export interface ReadableFile {
  name: string;
  text(): Promise<string>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** File types the import dialog offers for the broadcast formats. */
export const BROADCAST_ACCEPT = '.ttml,.dfxp,.xml,.stl,application/ttml+xml';

/** The file's cues when it is TTML or EBU STL; undefined for any other file (SRT, WebVTT, …). */
export async function readBroadcastFile(file: ReadableFile): Promise<BroadcastImport | undefined> {
  const name = file.name.toLowerCase();
  if (name.endsWith('.stl')) {
    const { parseEbuStl } = await import('./ebuStl');
    return parseEbuStl(new Uint8Array(await file.arrayBuffer()));
  }
  const text = await file.text();
  const looksLikeTtml = /^\uFEFF?\s*<(?:\?xml|tt[\s>]|[\w.-]+:tt[\s>])/.test(text);
  if (/\.(?:ttml|dfxp|xml)$/.test(name) || looksLikeTtml) {
    const { parseTtml } = await import('./ttml');
    return parseTtml(text);
  }
  return undefined;
}

/**
 * What a broadcast delivery carries: the timed lines that have text (an empty subtitle is not sent to a
 * broadcaster), with each one's line number for messages.
 */
export function deliverableCues(lines: readonly Line[]): { cues: Cue[]; lineNumbers: number[] } {
  const cues: Cue[] = [];
  const lineNumbers: number[] = [];
  lines.forEach((line, i) => {
    const [cue] = cuesOf([line]);
    if (cue && !isBlank(cue.text)) {
      cues.push(cue);
      lineNumbers.push(i + 1);
    }
  });
  return { cues, lineNumbers };
}
