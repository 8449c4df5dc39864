/**
 * The waveform's time ruler: how far apart its ticks and labels are at a zoom (pixels per second), so labels never
 * crowd and ticks never smear, from a frame apart zoomed in to minutes apart on a whole feature. In frames, steps
 * under a second are whole frames. Pure.
 */
import type { FrameRate } from './frames';

/** Ticks at least this far apart (px). */
export const MIN_TICK_PX = 8;
/** Labels at least this far apart (px): a timecode label is about 80 px wide. */
export const MIN_LABEL_PX = 120;

const SECOND_STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600];

export interface RulerSteps {
  /** Seconds between ticks. */
  tick: number;
  /** Seconds between labels: a whole number of ticks. */
  label: number;
}

/** The steps under a second: frames (1, 2, 5, 10 frames) when `rate` is given, else tenths. */
function subSecondSteps(rate: FrameRate | undefined): number[] {
  if (!rate) return [0.1, 0.2, 0.5];
  return [1, 2, 5, 10]
    .filter((f) => f < rate.nominal)
    .map((f) => f / rate.fps)
    .concat(rate.nominal % 2 === 0 ? [rate.nominal / 2 / rate.fps] : []);
}

export function rulerSteps(pxPerSecond: number, rate: FrameRate | undefined): RulerSteps {
  const steps = [...subSecondSteps(rate), ...SECOND_STEPS].sort((a, b) => a - b);
  const px = pxPerSecond > 0 && Number.isFinite(pxPerSecond) ? pxPerSecond : 1;
  const tick = steps.find((s) => s * px >= MIN_TICK_PX) ?? steps[steps.length - 1]!;
  const label =
    steps.find((s) => s * px >= MIN_LABEL_PX && Math.abs(s / tick - Math.round(s / tick)) < 1e-6) ??
    Math.ceil(MIN_LABEL_PX / px / tick) * tick;
  return { tick, label };
}
