/**
 * The long feature's picture (docs/decisions/218-demo-feature-picture.md): a low-bitrate proxy made by ffmpeg from
 * generated scenes, muxed with the synthesised soundtrack (featureAudio.ts) into one WebM (VP8 + Opus, which Chromium
 * plays), so the Subtitler's player shows picture and sound from one clock.
 *
 * The scenes: ffmpeg's `testsrc2` pattern (moving, so a shot is not a still), its hue and brightness changed at every
 * multiple of SHOT_PERIODS seconds (cuts at 5, 7, 10, 14, 15, 20, 21 … s: shots of 1 to 5 s), with the asset's
 * timecode burnt in (`HH:MM:SS:FF` at TIMECODE_RATE). The picture runs at a few frames per second: enough to see the
 * shots and read the timecode, cheap to make and to serve.
 */
import { runMediaTool, type FfmpegStatus } from './watermark/ffmpeg';

/** A cut at every multiple of each of these (seconds). */
export const SHOT_PERIODS = [5, 7] as const;
export const PICTURE_WIDTH = 320;
export const PICTURE_HEIGHT = 180;
/** Frames per second of the proxy (a quarter of the timecode's rate: every fourth frame of a 24 fps timeline). */
export const PICTURE_FPS = 6;
/** The frame rate the burnt-in timecode counts in (the demo assets' rate, 24 fps: docs/decisions/190). */
export const TIMECODE_RATE = 24;
/** The font drawn with (Debian's fonts-dejavu-core), as the watermarks use. */
const FONT_FILE = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
/** A 90-minute picture takes minutes of CPU; one taking longer than this is given up (and made again when asked). */
const PICTURE_TIMEOUT_MS = 60 * 60_000;

/** The times (seconds) where the generated picture cuts, ascending, inside (0, duration). */
export function featureShotTimes(duration: number): number[] {
  const cuts = new Set<number>();
  for (const period of SHOT_PERIODS) for (let t = period; t < duration; t += period) cuts.add(t);
  return [...cuts].sort((a, b) => a - b);
}

/** The scene number at `t` as an ffmpeg expression: changes at each cut of featureShotTimes. */
const shotIndexExpression = (weights: readonly number[]) =>
  SHOT_PERIODS.map((period, i) => `floor(t/${period})*${weights[i] ?? 1}`).join('+');

/** `HH:MM:SS:FF` of the frame's time, at TIMECODE_RATE, drawn by drawtext's `eif` expansion. */
const TIMECODE_TEXT = [
  '%{eif\\:floor(t/3600)\\:d\\:2}',
  '%{eif\\:mod(floor(t/60),60)\\:d\\:2}',
  '%{eif\\:mod(floor(t),60)\\:d\\:2}',
  `%{eif\\:mod(floor(t*${TIMECODE_RATE}+0.001),${TIMECODE_RATE})\\:d\\:2}`,
].join('\\:');

/**
 * The filter making the scenes from the test pattern: hue and brightness per shot, the timecode burnt in at the top
 * right (the subtitles are drawn at the bottom, and the pattern's own counter sits at the top left).
 */
export function sceneFilter(): string {
  const hue = `mod(${shotIndexExpression([97, 151])},360)`;
  const brightness = `(mod(${shotIndexExpression([3, 2])},9)-4)/10`;
  return [
    `hue=h='${hue}'`,
    `eq=eval=frame:brightness='${brightness}'`,
    `drawtext=fontfile=${FONT_FILE}:fontsize=18:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=4` +
      `:x=w-tw-8:y=8:text='${TIMECODE_TEXT}'`,
  ].join(',');
}

export interface PictureJob {
  ffmpeg: string;
  /** The soundtrack (WAV) the picture is muxed with, whole. */
  audio: string;
  /** Seconds of picture (the soundtrack's length, or less: the player then holds the last frame). */
  duration: number;
  /** The WebM written (ffmpeg writes it whole or fails). */
  output: string;
}

/** The ffmpeg arguments that write the picture muxed with its soundtrack. */
export function pictureArgs(job: PictureJob): string[] {
  const source = `testsrc2=s=${PICTURE_WIDTH}x${PICTURE_HEIGHT}:r=${PICTURE_FPS}:d=${job.duration}`;
  return [
    ...['-hide_banner', '-nostats', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', source, '-i', job.audio],
    ...['-filter_complex', `[0:v]${sceneFilter()}[v]`, '-map', '[v]', '-map', '1:a'],
    // Realtime VP8 at its fastest: the pattern is simple, the bitrate low (~15 kB/s with the sound).
    ...['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '100k', '-g', String(PICTURE_FPS * 10)],
    ...['-c:a', 'libopus', '-b:a', '16k', '-f', 'webm', job.output],
  ];
}

/** Writes the feature's picture with its soundtrack in a child process (never in the server's event loop). */
export async function writeFeaturePicture(job: PictureJob): Promise<void> {
  await runMediaTool(job.ffmpeg, pictureArgs(job), { timeoutMs: PICTURE_TIMEOUT_MS });
}

/** What the operator reads at start when the feature cannot be given its picture. */
export function featurePictureMissingMessage(status: FfmpegStatus): string {
  return (
    `Demo feature picture: ${status.problem ?? 'ffmpeg is not usable'}. The 90-minute demo feature stays audio only, ` +
    'without shot changes, until ffmpeg is installed (Debian: apt-get install ffmpeg) or FFMPEG_PATH names it.'
  );
}
