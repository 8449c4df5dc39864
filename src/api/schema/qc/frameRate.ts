/**
 * An asset's one frame rate (docs/API.md "Frames", docs/decisions/190): its video's (the ingest's ffprobe facts, else
 * its newest preview's media), else the rate its record states, else 24 fps. The editor and the server's submit
 * check choose it by these same rules, so a frame-based limit (the minimum gap) means the same number of frames to
 * both.
 */

/** The rate used when neither the media nor the asset states one. */
export const DEFAULT_FPS = 24;

/** A frame rate a video can have (anything else is a typo or a missing value). */
export function isUsableFps(fps: number | undefined): fps is number {
  return fps !== undefined && Number.isFinite(fps) && fps > 0 && fps <= 240;
}

const NTSC_BASES = [24, 30, 48, 60, 120];

/** The exact rate for a rounded one: 23.976 → 24000/1001, 29.97 → 30000/1001; others as given. */
export function exactFps(fps: number): number {
  for (const base of NTSC_BASES) {
    const ntsc = (base * 1000) / 1001;
    if (Math.abs(fps - ntsc) < 0.006) return ntsc;
  }
  return fps;
}

/** The frame rate the asset's record states (any of the usual field names), or undefined. */
export function statedFrameRate(asset: Record<string, unknown> | undefined): number | undefined {
  for (const key of ['frameRate', 'fps', 'framerate']) {
    const v = asset?.[key];
    const n = typeof v === 'number' ? v : typeof v === 'string' ? Number.parseFloat(v) : Number.NaN;
    if (isUsableFps(n)) return n;
  }
  return undefined;
}

/** Where an asset's frame rate was read. */
export type FrameRateSource = 'video' | 'asset' | 'default';

/** The asset's exact frame rate and where it came from: its video's, else its record's, else the default. */
export function chooseAssetFps(
  videoFps: number | undefined,
  statedFps: number | undefined,
): { fps: number; source: FrameRateSource } {
  if (isUsableFps(videoFps)) return { fps: exactFps(videoFps), source: 'video' };
  if (isUsableFps(statedFps)) return { fps: exactFps(statedFps), source: 'asset' };
  return { fps: DEFAULT_FPS, source: 'default' };
}
