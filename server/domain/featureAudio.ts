/**
 * The long feature's soundtrack, made by the server from its transcription (issue #14: a 90-minute feature whose
 * media is generated from project code, not committed, and not by ffmpeg). Speech-like bursts where the lines are
 * (a voiced tone with harmonics and breath noise, shaped into syllables), silence between; 8 kHz mono 8-bit PCM WAV
 * (~43 MB for 90 minutes, which every browser plays), and its peaks computed in the same pass.
 *
 * Made in slices of a few seconds with a turn of the event loop between them, so other requests are answered
 * while it is made (~2–4 s of CPU for 90 minutes on this machine's cores).
 */
import fs from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { PeakCollector, peaksJson } from './peaks';
import { Rng } from '../seed/random';

export const FEATURE_SAMPLE_RATE = 8000;
/** Peaks per second for long media: 90 minutes make 108,000 values, ~0.5 MB of JSON (~0.1 MB gzipped). */
export const LONG_PEAKS_RATE = 20;
const SLICE_SECONDS = 5;

export interface TimedRange {
  range: [number, number];
}

interface Voice {
  start: number;
  stop: number;
  pitch: number;
  syllables: number;
  phase: number;
  loudness: number;
}

function wavHeader(samples: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + samples, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(FEATURE_SAMPLE_RATE, 24);
  header.writeUInt32LE(FEATURE_SAMPLE_RATE, 28); // bytes per second
  header.writeUInt16LE(1, 32); // block align
  header.writeUInt16LE(8, 34); // bits per sample (unsigned)
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(samples, 40);
  return header;
}

/**
 * Writes the soundtrack of `duration` seconds for `lines` to `audioPath` and its peaks to `peaksPath`. Deterministic:
 * the same lines give the same bytes.
 */
export async function writeSpeechTrack(
  lines: readonly TimedRange[],
  duration: number,
  audioPath: string,
  peaksPath: string,
): Promise<void> {
  const rng = new Rng(lines.length * 7919 + Math.round(duration));
  const voices: Voice[] = [...lines]
    .map((l) => ({ start: l.range[0], stop: l.range[1] }))
    .filter((l) => l.stop > l.start)
    .sort((a, b) => a.start - b.start)
    .map((l) => ({
      ...l,
      pitch: rng.pick([105, 120, 135, 190, 215, 235]),
      syllables: rng.float(3.5, 5.5),
      phase: rng.float(0, Math.PI * 2),
      loudness: rng.float(0.45, 0.8),
    }));
  const total = Math.round(duration * FEATURE_SAMPLE_RATE);
  const peaks = new PeakCollector(FEATURE_SAMPLE_RATE, LONG_PEAKS_RATE);
  const file = await fs.promises.open(audioPath, 'w');
  try {
    await file.write(wavHeader(total));
    let next = 0; // the first voice not yet finished
    let phase = 0;
    let noise = 0;
    const slice = SLICE_SECONDS * FEATURE_SAMPLE_RATE;
    for (let from = 0; from < total; from += slice) {
      const n = Math.min(slice, total - from);
      const out = Buffer.alloc(n);
      for (let i = 0; i < n; i++) {
        const t = (from + i) / FEATURE_SAMPLE_RATE;
        while (next < voices.length && voices[next]!.stop <= t) next++;
        const v = voices[next];
        let sample = 0;
        if (v && t >= v.start) {
          const age = t - v.start;
          const edge = Math.min(1, age / 0.04, (v.stop - t) / 0.06);
          const syllable = Math.max(0, Math.sin(2 * Math.PI * v.syllables * age + v.phase));
          const f0 = v.pitch * (1 + 0.07 * Math.sin(2 * Math.PI * 0.8 * age));
          phase += f0 / FEATURE_SAMPLE_RATE;
          if (phase > 1) phase -= 1;
          const p = 2 * Math.PI * phase;
          const voiced = 0.6 * Math.sin(p) + 0.3 * Math.sin(2 * p) + 0.18 * Math.sin(3 * p) + 0.1 * Math.sin(5 * p);
          noise = 0.7 * noise + 0.3 * (rng.next() * 2 - 1); // breath: low-passed noise
          sample = v.loudness * edge * syllable * syllable * (voiced + 0.35 * noise);
        }
        const clipped = Math.max(-1, Math.min(1, sample));
        peaks.push(clipped);
        out[i] = Math.max(0, Math.min(255, Math.round(128 + clipped * 127)));
      }
      await file.write(out);
      await nextTurn();
    }
  } finally {
    await file.close();
  }
  await fs.promises.writeFile(peaksPath, peaksJson(peaks.finish()));
}
