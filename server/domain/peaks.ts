/**
 * Waveform peaks (docs/API.md, "Media"): the largest absolute sample of each bucket of 1/`rate` s, 0..1, rounded
 * to 3 decimals, in the shape wavesurfer.js takes as it is (`WaveSurfer.create({ peaks: [peaks], duration })`).
 * Computed once, where the samples are made (the demo media script, the synthesised feature audio): never in the
 * browser.
 */
export interface Peaks {
  /** Seconds of media the peaks cover. */
  duration: number;
  /** Peaks per second. */
  rate: number;
  peaks: number[];
}

/** Collects peaks from samples pushed one at a time (so long audio never needs to be held whole). */
export class PeakCollector {
  private max = 0;
  private samples = 0;
  private pending = false;
  readonly peaks: number[] = [];

  constructor(
    private readonly sampleRate: number,
    private readonly rate: number,
  ) {}

  /** A sample in -1..1. */
  push(sample: number): void {
    // The sample opens a new bucket: the previous one is complete.
    if (this.pending && Math.floor((this.samples * this.rate) / this.sampleRate) > this.peaks.length) this.flush();
    const a = sample < 0 ? -sample : sample;
    if (a > this.max) this.max = a;
    this.samples++;
    this.pending = true;
  }

  private flush(): void {
    this.peaks.push(Math.round(Math.min(1, this.max) * 1000) / 1000);
    this.max = 0;
    this.pending = false;
  }

  finish(): Peaks {
    if (this.pending) this.flush();
    return { duration: Math.round((this.samples / this.sampleRate) * 1000) / 1000, rate: this.rate, peaks: this.peaks };
  }
}

export function computePeaks(samples: ArrayLike<number>, sampleRate: number, rate: number): Peaks {
  const collector = new PeakCollector(sampleRate, rate);
  for (let i = 0; i < samples.length; i++) collector.push(samples[i]!);
  return collector.finish();
}

/** The peaks as JSON text: no spaces, 3 decimals (`0.25`, `0`), so it stays small and gzips well. */
export function peaksJson(p: Peaks): string {
  return JSON.stringify({ duration: p.duration, rate: p.rate, peaks: p.peaks });
}
