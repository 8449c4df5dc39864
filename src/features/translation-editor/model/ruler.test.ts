import { describe, expect, it } from 'vitest';
import { frameRate } from './frames';
import { MIN_LABEL_PX, MIN_TICK_PX, rulerSteps } from './ruler';

describe('the ruler’s steps', () => {
  it('keeps ticks and labels apart at every zoom, labels on whole ticks', () => {
    for (const rate of [undefined, frameRate(25), frameRate(29.97), frameRate(23.976)]) {
      for (const px of [0.2, 1, 10, 37, 100, 250, 400, 2000]) {
        const { tick, label } = rulerSteps(px, rate);
        expect(tick * px, `tick at ${px} px/s`).toBeGreaterThanOrEqual(MIN_TICK_PX);
        expect(label * px, `label at ${px} px/s`).toBeGreaterThanOrEqual(MIN_LABEL_PX);
        expect(Math.abs(label / tick - Math.round(label / tick))).toBeLessThan(1e-6);
      }
    }
  });

  it('adapts to the zoom: frames zoomed in, seconds and minutes out', () => {
    const r25 = frameRate(25);
    expect(rulerSteps(400, r25)).toEqual({ tick: 1 / 25, label: 10 / 25 });
    expect(rulerSteps(100, r25)).toEqual({ tick: 2 / 25, label: 2 });
    expect(rulerSteps(10, r25)).toEqual({ tick: 1, label: 15 });
    expect(rulerSteps(0.2, r25)).toEqual({ tick: 60, label: 600 });
    expect(rulerSteps(100, undefined)).toEqual({ tick: 0.1, label: 2 });
  });
});
