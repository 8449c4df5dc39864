/**
 * The original-language text of each line, from the asset's transcription (a Translations record in the original
 * language). Line n of a translation usually translates line n of the transcription; when numbers no longer
 * match in time (after a split or a merge), the transcription line the line overlaps most is used.
 */
import type { Line } from '../../../api/schema/translation';
import { startMsOf, stopMsOf } from './lineFields';

export class OriginalIndex {
  private readonly byNumber = new Map<number, number>();
  private readonly starts: number[] = [];
  private readonly stops: number[] = [];
  private readonly texts: string[] = [];

  constructor(lines: readonly Line[]) {
    const sorted = lines
      .map((line) => ({ line, start: startMsOf(line) ?? Number.NaN, stop: stopMsOf(line) ?? Number.NaN }))
      .sort((a, b) => a.start - b.start);
    sorted.forEach(({ line, start, stop }, i) => {
      this.starts.push(start);
      this.stops.push(stop);
      this.texts.push(line.text ?? '');
      if (line.number !== undefined) this.byNumber.set(line.number, i);
    });
  }

  get size(): number {
    return this.texts.length;
  }

  textFor(line: Line): string | undefined {
    const start = startMsOf(line);
    const stop = stopMsOf(line);
    const at = line.number !== undefined ? this.byNumber.get(line.number) : undefined;
    if (at !== undefined && (start === undefined || stop === undefined || this.overlap(at, start, stop) > 0))
      return this.texts[at];
    if (start === undefined || stop === undefined) return undefined;
    // Binary search for the first original starting at or after our stop, then look back for the best overlap.
    let lo = 0;
    let hi = this.starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.starts[mid]! < stop) lo = mid + 1;
      else hi = mid;
    }
    let best: number | undefined;
    let bestOverlap = 0;
    for (let i = lo - 1; i >= 0 && i >= lo - 8; i--) {
      const o = this.overlap(i, start, stop);
      if (o > bestOverlap) {
        bestOverlap = o;
        best = i;
      }
    }
    return best === undefined ? undefined : this.texts[best];
  }

  private overlap(i: number, start: number, stop: number): number {
    return Math.min(stop, this.stops[i]!) - Math.max(start, this.starts[i]!);
  }
}
