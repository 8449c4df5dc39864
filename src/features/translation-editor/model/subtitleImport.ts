/**
 * Reading a subtitle file the translator picked: its bytes, so that the encoding can be detected (textEncoding.ts)
 * or chosen, and so that a binary format can be read by its own parser. The format comes from the content, then the
 * file name; each format's parser returns the same `{ cues, skipped }`, and nothing is dropped without being listed
 * in `skipped` for the import preview.
 */
import { parseSubtitleText, detectFormat, type Cue, type SkippedBlock, type SubtitleFormat } from './subtitleFiles';
import { decodeText, detectEncoding, type Detected } from './textEncoding';

export interface SubtitleFileRead {
  cues: Cue[];
  skipped: SkippedBlock[];
  /** The encoding the text was read with (a WHATWG label). */
  encoding: string;
  /** How that encoding was found: detected (and how), or chosen by the translator. */
  encodingBy: Detected['by'] | 'chosen';
  format: SubtitleFormat;
}

/**
 * Cues of a subtitle file's bytes. `encoding` overrides the detected one (the preview's encoding picker). Never
 * throws for bad content: a file with no cue gives `cues: []` and its blocks in `skipped`.
 */
export function readSubtitleFile(bytes: Uint8Array, fileName: string, encoding?: string): SubtitleFileRead {
  const detected: Detected = encoding ? { encoding, by: 'guessed' } : detectEncoding(bytes);
  const text = decodeText(bytes, detected.encoding);
  const format = detectFormat(text, fileName);
  const { cues, skipped } = parseSubtitleText(text, format);
  return { cues, skipped, encoding: detected.encoding, encodingBy: encoding ? 'chosen' : detected.by, format };
}
