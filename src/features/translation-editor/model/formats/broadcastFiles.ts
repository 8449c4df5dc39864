/**
 * What the editor needs of the broadcast formats (TTML, EBU STL) outside their parsers: the file types the import
 * offers, and the cues a delivery carries. The files are read in the import's worker (model/subtitleImport.ts).
 */
import type { Line } from '../../../../api/schema/translation';
import type { Cue } from '../subtitleFiles';
import { cuesOf } from '../importPlan';
import { isBlank } from '../text';

/** File types the import dialog offers for the broadcast formats. */
export const BROADCAST_ACCEPT = '.ttml,.dfxp,.xml,.stl,application/ttml+xml';

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
