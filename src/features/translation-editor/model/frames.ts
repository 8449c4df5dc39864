/**
 * Frame timecodes (docs/API.md "Frames"): an asset's frame rate, times as `HH:MM:SS:FF` (non-drop-frame) or
 * `HH:MM:SS;FF` (drop-frame, SMPTE 12M, at 29.97 and 59.94 fps), and the conversions between frames and the
 * milliseconds the Line contract stores. Pure: no React, no DOM.
 *
 * A timecode counts frames at the nominal rate (24, 25, 30, 50, 60): at 23.976 fps `01:00:00:00` is 86,400 frames,
 * 3,603.6 s of real time, as every NLE counts it. Drop-frame leaves out the labels `:00` and `:01` (`:00`–`:03` at
 * 59.94) of each minute except every tenth, so its labels keep within a frame of the clock.
 */

import {
  DEFAULT_FPS,
  chooseAssetFps,
  exactFps,
  isUsableFps,
  type FrameRateSource,
} from '../../../api/schema/qc/frameRate';

export interface FrameRate {
  /** Frames per second as played (30000/1001 for 29.97). */
  fps: number;
  /** Frames counted per timecode second: the whole rate (24 for 23.976, 30 for 29.97). */
  nominal: number;
  /** Drop-frame timecode: 29.97 and 59.94. */
  dropFrame: boolean;
}

export { DEFAULT_FPS, exactFps };

/** A FrameRate from frames per second (a nonsense value gives the default rate). */
export function frameRate(fps: number | undefined): FrameRate {
  const usable = isUsableFps(fps) ? fps : DEFAULT_FPS;
  const exact = exactFps(usable);
  const nominal = Math.round(exact);
  // Drop-frame is defined for 29.97 and 59.94 only (23.976 is always counted non-drop).
  const dropFrame = (nominal === 30 || nominal === 60) && exact < nominal;
  return { fps: exact, nominal, dropFrame };
}

/** "29.97 fps drop-frame", "25 fps", "23.976 fps". */
export function describeFrameRate(rate: FrameRate): string {
  const shown = Number(rate.fps.toFixed(3));
  return `${shown} fps${rate.dropFrame ? ' drop-frame' : ''}`;
}

/** The frame a time falls on, rounded to the nearest frame. */
export function framesOf(ms: number, rate: FrameRate): number {
  return Math.max(0, Math.round((ms * rate.fps) / 1000));
}

/** The time (whole milliseconds) at which a frame starts. */
export function msOfFrames(frames: number, rate: FrameRate): number {
  return Math.round((frames * 1000) / rate.fps);
}

/** Labels skipped at each minute in drop-frame: 2 at 29.97, 4 at 59.94. */
const dropsOf = (rate: FrameRate) => (rate.dropFrame ? Math.round(rate.nominal / 15) : 0);

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** The timecode of a frame count: `HH:MM:SS:FF`, or `HH:MM:SS;FF` in drop-frame. */
export function formatFrames(frames: number, rate: FrameRate): string {
  let f = Math.max(0, Math.round(frames));
  const drop = dropsOf(rate);
  if (drop > 0) {
    const perMinute = rate.nominal * 60 - drop;
    const perTenMinutes = perMinute * 10 + drop;
    const tens = Math.floor(f / perTenMinutes);
    const rest = f % perTenMinutes;
    f += drop * 9 * tens + (rest > drop ? drop * Math.floor((rest - drop) / perMinute) : 0);
  }
  const n = rate.nominal;
  const h = Math.floor(f / (n * 3600));
  const m = Math.floor(f / (n * 60)) % 60;
  const s = Math.floor(f / n) % 60;
  return `${pad(h)}:${pad(m)}:${pad(s)}${drop > 0 ? ';' : ':'}${pad(f % n)}`;
}

/** The timecode of a time, at its nearest frame. */
export function formatFrameTimecode(ms: number, rate: FrameRate): string {
  return formatFrames(framesOf(ms, rate), rate);
}

const FRAME_TIMECODE = /^(\d{1,3}):([0-5]\d):([0-5]\d)([:;])(\d{1,3})$/;

export type FrameParse = { ok: true; frames: number } | { ok: false; message: string };

/**
 * Reads `HH:MM:SS:FF` (or `;FF`) as a frame count. A frame number must be below the nominal rate; in drop-frame a
 * label that does not exist (`00:01:00;00`) is read as the next one that does, as editors of that format do.
 */
export function parseFrames(text: string, rate: FrameRate): FrameParse {
  const m = FRAME_TIMECODE.exec(text.trim());
  if (!m) return { ok: false, message: `Use HH:MM:SS${rate.dropFrame ? ';' : ':'}FF` };
  const [h, min, s, f] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[5])];
  if (f >= rate.nominal) {
    return { ok: false, message: `Frames go from 00 to ${rate.nominal - 1} at ${describeFrameRate(rate)}` };
  }
  const drop = dropsOf(rate);
  const minutes = h * 60 + min;
  const frame = s === 0 && min % 10 !== 0 && f < drop ? drop : f;
  const frames = (minutes * 60 + s) * rate.nominal + frame - drop * (minutes - Math.floor(minutes / 10));
  return { ok: true, frames };
}

export type { FrameRateSource };

export interface AssetFrameRate {
  rate: FrameRate;
  source: FrameRateSource;
}

/**
 * The one frame rate of an asset every view and export uses: its preview's video (the ingest's ffprobe facts, or
 * the demo's encoding), else the rate the asset's record states, else the default.
 */
export function assetFrameRate(videoFps: number | undefined, statedFps: number | undefined): AssetFrameRate {
  const { fps, source } = chooseAssetFps(videoFps, statedFps);
  return { rate: frameRate(fps), source };
}

/** "25 fps, from the video", for the dialogs that say where the rate comes from. */
export function describeAssetFrameRate({ rate, source }: AssetFrameRate): string {
  const from =
    source === 'video'
      ? 'from the asset’s video'
      : source === 'asset'
        ? 'as the asset’s record states'
        : `the default: neither the video nor the asset states one`;
  return `${describeFrameRate(rate)}, ${from}`;
}
