/**
 * The long feature's soundtrack, made by the server from its transcription
 * (docs/decisions/122-media-files-signed-links.md: a 90-minute feature whose media is generated from project code, not
 * committed, and not by ffmpeg). Speech-like bursts where the lines are (a voiced tone with harmonics and breath noise,
 * shaped into syllables), silence between; 8 kHz mono 8-bit PCM WAV (~43 MB for 90 minutes, which every browser plays),
 * and its peaks computed in the same pass.
 *
 * Each speaker's voice is rendered once (4 s) and every line reads from it at its own offset and loudness, so 90
 * minutes take well under a second of CPU; made in slices of a few seconds with a turn of the event loop between
 * them, so other requests are answered meanwhile.
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

/** Each speaker's voice, rendered once and read from for every line they say. */
const SPEAKERS = [
  { pitch: 105, syllables: 4.2 },
  { pitch: 122, syllables: 5.1 },
  { pitch: 138, syllables: 4.6 },
  { pitch: 188, syllables: 5.4 },
  { pitch: 212, syllables: 4.4 },
  { pitch: 236, syllables: 4.9 },
];
const VOICE_SECONDS = 4;

interface Line {
  start: number;
  stop: number;
  speaker: Float32Array;
  /** Where in the speaker's voice the line starts reading (samples). */
  offset: number;
  loudness: number;
}

/** A voice: a tone on `pitch` with harmonics, a slow vibrato and breath noise, shaped into syllables. */
function renderVoice(pitch: number, syllables: number, rng: Rng): Float32Array {
  const out = new Float32Array(VOICE_SECONDS * FEATURE_SAMPLE_RATE);
  let phase = 0;
  let noise = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / FEATURE_SAMPLE_RATE;
    // Syllables: louder and softer, never silent inside a line (peaks of 50 ms show a line as one shape).
    const syllable = 0.35 + 0.65 * (0.5 + 0.5 * Math.sin(2 * Math.PI * syllables * t));
    phase = (phase + (pitch * (1 + 0.07 * Math.sin(2 * Math.PI * 0.8 * t))) / FEATURE_SAMPLE_RATE) % 1;
    const p = 2 * Math.PI * phase;
    const voiced = 0.6 * Math.sin(p) + 0.3 * Math.sin(2 * p) + 0.18 * Math.sin(3 * p) + 0.1 * Math.sin(5 * p);
    noise = 0.7 * noise + 0.3 * (rng.next() * 2 - 1); // breath: low-passed noise
    out[i] = syllable * syllable * (voiced + 0.35 * noise);
  }
  return out;
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
  const voices = SPEAKERS.map((v) => renderVoice(v.pitch, v.syllables, rng));
  const said: Line[] = lines
    .map((l) => ({
      start: Math.round(l.range[0] * FEATURE_SAMPLE_RATE),
      stop: Math.round(l.range[1] * FEATURE_SAMPLE_RATE),
    }))
    .filter((l) => l.stop > l.start)
    .sort((a, b) => a.start - b.start)
    .map((l) => {
      const speaker = rng.pick(voices);
      return { ...l, speaker, offset: rng.int(0, speaker.length - 1), loudness: rng.float(0.5, 0.85) };
    });
  const total = Math.round(duration * FEATURE_SAMPLE_RATE);
  const peaks = new PeakCollector(FEATURE_SAMPLE_RATE, LONG_PEAKS_RATE);
  const attack = 0.04 * FEATURE_SAMPLE_RATE;
  const release = 0.06 * FEATURE_SAMPLE_RATE;
  const file = await fs.promises.open(audioPath, 'w');
  try {
    await file.write(wavHeader(total));
    let first = 0; // the first line not yet over
    const slice = SLICE_SECONDS * FEATURE_SAMPLE_RATE;
    const samples = new Float32Array(slice);
    for (let from = 0; from < total; from += slice) {
      const n = Math.min(slice, total - from);
      samples.fill(0);
      while (first < said.length && said[first]!.stop <= from) first++;
      for (let k = first; k < said.length && said[k]!.start < from + n; k++) {
        const l = said[k]!;
        const voice = l.speaker;
        for (let at = Math.max(l.start, from); at < Math.min(l.stop, from + n); at++) {
          const edge = Math.min(1, (at - l.start) / attack, (l.stop - at) / release);
          const i = at - from;
          samples[i] = samples[i]! + l.loudness * edge * voice[(l.offset + at - l.start) % voice.length]!;
        }
      }
      const out = Buffer.allocUnsafe(n);
      for (let i = 0; i < n; i++) {
        const v = Math.max(-1, Math.min(1, samples[i]!));
        peaks.push(v);
        out[i] = Math.round(128 + v * 127);
      }
      await file.write(out);
      await nextTurn();
    }
  } finally {
    await file.close();
  }
  await fs.promises.writeFile(peaksPath, peaksJson(peaks.finish()));
}
