/**
 * Shot changes of a video (docs/API.md "Ingest"): the moments ffmpeg's scene detection scores above a threshold
 * (`select='gt(scene,0.3)'`, its frames' times printed by the `metadata` filter on standard output), found once at
 * ingest and kept with the File's probe facts. Parsing is a pure function of ffmpeg's output, tested without media.
 */
import { runMediaTool } from '../watermark/ffmpeg';

/** A frame whose picture differs from the one before by more than this (0–1) starts a new shot. */
export const SCENE_THRESHOLD = 0.3;
/** At most this many marks are kept (a 3-hour programme cut every 2 s has 5,400). */
export const MAX_SHOT_CHANGES = 20_000;

/**
 * The times (seconds, to the millisecond, ascending, without repeats) of the frames the `metadata=print` filter
 * listed: `frame:12 pts:12288 pts_time:0.48` lines, each followed by its `lavfi.scene_score=…`.
 */
export function parseShotChanges(output: string): number[] {
  const times = new Set<number>();
  for (const m of output.matchAll(/^frame:\s*\d+\s+pts:\s*-?\d+\s+pts_time:\s*(\d+(?:\.\d+)?)\s*$/gm)) {
    const t = Math.round(Number(m[1]) * 1000) / 1000;
    // A cut at the very first frame is the start of the picture, not a change.
    if (Number.isFinite(t) && t > 0) times.add(t);
  }
  return [...times].sort((a, b) => a - b).slice(0, MAX_SHOT_CHANGES);
}

/** Runs ffmpeg's scene detection on a local video: its shot changes in seconds. */
export async function detectShotChanges(ffmpeg: string, file: string, timeoutMs = 30 * 60_000): Promise<number[]> {
  const out = await runMediaTool(
    ffmpeg,
    [
      ...['-hide_banner', '-nostats', '-loglevel', 'error', '-i', file, '-an', '-sn', '-dn'],
      ...['-vf', `select='gt(scene,${SCENE_THRESHOLD})',metadata=print:file=-`, '-f', 'null', '-'],
    ],
    { timeoutMs },
  );
  return parseShotChanges(out);
}
