/**
 * Reading a subtitle file the translator picked, from its bytes, in the import's worker (importFile.worker.ts): SRT
 * and WebVTT with their encoding detected (textEncoding.ts) or chosen, TTML (.ttml, .dfxp, .xml, or text that starts
 * as XML with a <tt> root) and EBU STL (.stl) by their own parsers. Each format's parser returns the same
 * `{ cues, skipped }`, and nothing is dropped without being listed in `skipped` for the import preview. Files past
 * the import's limits (importLimits.ts) are refused with a message naming the limit.
 */
import { parseSubtitleText, detectFormat, type Cue, type SkippedBlock, type SubtitleFormat } from './subtitleFiles';
import { decodeText, detectEncoding, type Detected } from './textEncoding';
import { checkFileSize } from './importLimits';
import { parseEbuStl } from './formats/ebuStl';
import { parseTtml } from './formats/ttml';

interface Read {
  cues: Cue[];
  skipped: SkippedBlock[];
}

/** SRT or WebVTT: text in an encoding the file does not say. */
export interface TextFileRead extends Read {
  format: SubtitleFormat;
  /** The encoding the text was read with (a WHATWG label). */
  encoding: string;
  /** How that encoding was found: detected (and how), or chosen by the translator. */
  encodingBy: Detected['by'] | 'chosen';
}

/** TTML (XML declares its encoding) or EBU STL (its header names its code table). */
export interface BroadcastFileRead extends Read {
  format: 'ttml' | 'stl';
}

export type SubtitleFileRead = TextFileRead | BroadcastFileRead;

const LOOKS_LIKE_TTML = /^\uFEFF?\s*<(?:\?xml|tt[\s>]|[\w.-]+:tt[\s>])/;

/**
 * Cues of a subtitle file's bytes. `encoding` overrides the detected one of an SRT or WebVTT file (the preview's
 * encoding picker). Content without cues gives `cues: []` and its blocks in `skipped`; throws SubtitleParseError for
 * a file past the limits, a TTML document that is not well-formed and an STL file it cannot read.
 */
export function readSubtitleFile(bytes: Uint8Array, fileName: string, encoding?: string): SubtitleFileRead {
  checkFileSize(bytes.length);
  const name = fileName.toLowerCase();
  if (name.endsWith('.stl')) return { ...pick(parseEbuStl(bytes)), format: 'stl' };
  if (/\.(?:ttml|dfxp|xml)$/.test(name)) return { ...pick(parseTtml(new TextDecoder().decode(bytes))), format: 'ttml' };
  const detected: Detected = encoding ? { encoding, by: 'guessed' } : detectEncoding(bytes);
  const text = decodeText(bytes, detected.encoding);
  if (LOOKS_LIKE_TTML.test(text)) return { ...pick(parseTtml(text)), format: 'ttml' };
  const format = detectFormat(text, fileName);
  const { cues, skipped } = parseSubtitleText(text, format);
  return { cues, skipped, encoding: detected.encoding, encodingBy: encoding ? 'chosen' : detected.by, format };
}

const pick = ({ cues, skipped }: Read): Read => ({ cues, skipped });
