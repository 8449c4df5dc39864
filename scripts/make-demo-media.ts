/**
 * Makes the demo's media files under server/media/demo/ (committed; the server and CI never run this):
 *
 * - for each clip of DEMO_CLIPS (server/seed/demoMedia.ts): a WebM (VP9 + Opus, 640x360, 25 fps, a keyframe each
 *   second) with a burned-in timecode, whose audio speaks the asset's seeded English transcription lines at their
 *   times (espeak-ng, each line sped up until it fits its time); its peaks (computed here from the same samples)
 *   and a poster frame;
 * - a 320x180 JPEG thumbnail for every thumbnail file of the demo set (ImageMagick; clips use a frame of the clip).
 *
 * Needs ffmpeg, espeak-ng and ImageMagick (Debian packages of those names). Run from the repository root:
 *   node --import tsx scripts/make-demo-media.ts [--thumbs-only]
 * The output is deterministic in content (the demo set is); re-encoding may differ by a few bytes between versions
 * of the tools.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildDemo, DEMO_NOW, DEMO_SEED } from '../server/seed/demo';
import {
  CLIP_FORMAT,
  DEMO_CLIPS,
  clipAsset,
  clipFiles,
  thumbnailContent,
  type DemoClip,
} from '../server/seed/demoMedia';
import { DEMO_MEDIA_ROOT } from '../server/domain/media';
import { computePeaks, peaksJson } from '../server/domain/peaks';
import type { Doc } from '../server/storage/store';

const RATE = 22_050; // espeak-ng's output rate
const PEAKS_PER_SECOND = 100;
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const MONO = '/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf';
const VOICES = ['en-us+m3', 'en-us+f3', 'en-gb+m5', 'en-us+f4'];

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-media-'));
const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });

/** Samples of a 16-bit mono WAV as floats. */
function readWav(file: string): Float32Array {
  const buf = fs.readFileSync(file);
  let at = 12;
  while (at + 8 <= buf.length) {
    const id = buf.toString('ascii', at, at + 4);
    const size = buf.readUInt32LE(at + 4);
    if (id === 'data') {
      const n = Math.floor(Math.min(size, buf.length - at - 8) / 2);
      const out = new Float32Array(n);
      for (let i = 0; i < n; i++) out[i] = buf.readInt16LE(at + 8 + i * 2) / 32768;
      return out;
    }
    at += 8 + size + (size % 2);
  }
  throw new Error(`${file}: no data chunk`);
}

function writeWav(file: string, samples: Float32Array): void {
  const data = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) {
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, samples[i]!)) * 32767), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  fs.writeFileSync(file, Buffer.concat([header, data]));
}

/** What a line says: its text without markup, on one row. */
const spoken = (text: string) =>
  text
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** The line spoken by espeak-ng, as fast as needed (up to 2.6× normal) to fit `seconds`. */
function speak(text: string, seconds: number, voice: string): Float32Array {
  const file = path.join(tmp, 'line.wav');
  let speed = 165;
  for (let attempt = 0; attempt < 3; attempt++) {
    run('espeak-ng', ['-v', voice, '-s', String(speed), '-w', file, text]);
    const samples = readWav(file);
    const fits = samples.length / RATE <= seconds;
    if (fits || speed >= 430) return fits ? samples : samples.subarray(0, Math.floor(seconds * RATE));
    speed = Math.min(430, Math.ceil((speed * samples.length) / RATE / seconds) + 10);
  }
  return readWav(file).subarray(0, Math.floor(seconds * RATE));
}

interface TimedLine {
  text: string;
  range: [number, number];
}

/** The clip's soundtrack: each line spoken from its start, silence between. */
function soundtrack(lines: TimedLine[], seconds: number): Float32Array {
  const out = new Float32Array(Math.round(seconds * RATE));
  lines.forEach((line, i) => {
    const text = spoken(line.text);
    if (!text) return;
    const [start, stop] = line.range;
    const voice = speak(text, stop - start, VOICES[i % VOICES.length]!);
    const at = Math.round(start * RATE);
    const fade = Math.min(200, voice.length);
    for (let k = 0; k < voice.length && at + k < out.length; k++) {
      const edge = Math.min(1, k / fade, (voice.length - 1 - k) / fade);
      out[at + k] = voice[k]! * 0.9 * edge;
    }
  });
  return out;
}

/** `0xRRGGBB` of an HSL colour (ffmpeg's colour syntax has no HSL). */
function hslHex(hue: number, saturation: number, lightness: number): string {
  const a = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const v = lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `0x${channel(0)}${channel(8)}${channel(4)}`;
}

/** Escapes text for an ffmpeg drawtext `text=` value inside a filter graph. */
const drawtextValue = (s: string) => s.replace(/[\\:'%,]/g, (c) => `\\${c}`);

function makeClip(clip: DemoClip, asset: Doc, projectName: string, lines: TimedLine[], hue: number): void {
  const files = clipFiles(clip);
  const out = (f: string) => path.join(DEMO_MEDIA_ROOT, f);
  const audio = soundtrack(lines, clip.seconds);
  const wav = path.join(tmp, `${clip.name}.wav`);
  writeWav(wav, audio);
  fs.writeFileSync(out(files.peaks), peaksJson(computePeaks(audio, RATE, PEAKS_PER_SECOND)));

  const { width, height, frameRate } = CLIP_FORMAT;
  const filters = [
    // A bar sweeping once a second, so motion and dropped frames show.
    `drawbox=x='mod(t,1)*${width - 40}':y=${height - 24}:w=40:h=8:color=white@0.6:t=fill`,
    `drawtext=fontfile=${FONT}:text='${drawtextValue(projectName)}':fontcolor=white@0.85:fontsize=26:x=(w-tw)/2:y=40`,
    `drawtext=fontfile=${FONT}:text='${drawtextValue(String(asset.name))}':fontcolor=white@0.7:fontsize=20:x=(w-tw)/2:y=76`,
    `drawtext=fontfile=${MONO}:timecode='00\\:00\\:00\\:00':rate=${frameRate}:fontcolor=white:fontsize=44:` +
      'box=1:boxcolor=black@0.55:boxborderw=10:x=(w-tw)/2:y=(h-th)/2',
  ].join(',');
  run('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `color=c=${hslHex(hue, 0.45, 0.22)}:s=${width}x${height}:r=${frameRate}:d=${clip.seconds}`,
    '-i',
    wav,
    '-vf',
    filters,
    '-map',
    '0:v',
    '-map',
    '1:a',
    '-c:v',
    'libvpx-vp9',
    '-b:v',
    '0',
    '-crf',
    '42',
    '-g',
    String(frameRate),
    '-keyint_min',
    String(frameRate),
    '-deadline',
    'good',
    '-cpu-used',
    '4',
    '-row-mt',
    '1',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'libopus',
    '-b:a',
    '32k',
    '-ac',
    '1',
    '-t',
    String(clip.seconds),
    out(files.video),
  ]);
  run('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-ss',
    '2',
    '-i',
    out(files.video),
    '-frames:v',
    '1',
    '-q:v',
    '5',
    out(files.poster),
  ]);
}

/** A thumbnail card: the project's colour, its name and the asset's. */
function makeCard(file: string, projectName: string, assetName: string, hue: number): void {
  run('convert', [
    '-size',
    '320x180',
    `gradient:hsl(${hue},50%,35%)-hsl(${(hue + 40) % 360},55%,15%)`,
    '-gravity',
    'center',
    '-font',
    FONT,
    '-fill',
    'white',
    '-pointsize',
    '22',
    '-annotate',
    '+0-18',
    projectName,
    '-fill',
    'rgba(255,255,255,0.8)',
    '-pointsize',
    '15',
    '-annotate',
    '+0+16',
    assetName,
    '-quality',
    '72',
    '-strip',
    file,
  ]);
}

function main(): void {
  const thumbsOnly = process.argv.includes('--thumbs-only');
  const { docs } = buildDemo(Math.floor(DEMO_NOW / 1000), DEMO_SEED, {});
  fs.mkdirSync(path.join(DEMO_MEDIA_ROOT, 'thumbs'), { recursive: true });
  const projects = new Map(docs.Projects.map((p, i) => [p._id, { name: String(p.name), hue: (i * 61 + 200) % 360 }]));
  const clipByAsset = new Map<string, DemoClip>();
  for (const clip of DEMO_CLIPS) {
    const asset = clipAsset(docs, clip);
    clipByAsset.set(asset._id, clip);
    if (thumbsOnly) continue;
    const project = projects.get(asset.project as string)!;
    const transcription = docs.Translations.find(
      (t) => t._id === (asset.transcription as { dialogue: string }).dialogue,
    );
    const lines = (transcription?.lines ?? []) as TimedLine[];
    console.log(`${clip.name}: ${lines.length} lines in ${clip.seconds} s`);
    makeClip(clip, asset, project.name, lines, project.hue);
  }
  const assets = new Map(docs.Assets.map((a) => [a._id, a]));
  for (const f of docs.Files) {
    if (typeof f.content !== 'string') continue;
    const asset = assets.get(f.asset as string);
    if (!asset) continue;
    const target = path.join(DEMO_MEDIA_ROOT, thumbnailContent(String(f.name)));
    const clip = clipByAsset.get(asset._id);
    if (clip) {
      const video = path.join(DEMO_MEDIA_ROOT, clipFiles(clip).video);
      run('ffmpeg', [
        '-y',
        '-loglevel',
        'error',
        '-ss',
        '3',
        '-i',
        video,
        '-frames:v',
        '1',
        '-vf',
        'scale=320:180',
        '-q:v',
        '6',
        target,
      ]);
    } else {
      const project = projects.get(asset.project as string)!;
      makeCard(target, project.name, String(asset.name), project.hue);
    }
  }
  fs.rmSync(tmp, { recursive: true, force: true });
  console.log(`done: ${DEMO_MEDIA_ROOT}`);
}

main();
