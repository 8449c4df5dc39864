import { describe, expect, it } from 'vitest';
import {
  assetFrameRate,
  describeAssetFrameRate,
  describeFrameRate,
  exactFps,
  formatFrames,
  formatFrameTimecode,
  frameRate,
  framesOf,
  msOfFrames,
  parseFrames,
} from './frames';
import { timecoder } from './timecodeDisplay';

const parsed = (text: string, fps: number) => {
  const r = parseFrames(text, frameRate(fps));
  return r.ok ? r.frames : r.message;
};

describe('frame rates', () => {
  it('knows the NTSC rates exactly and which count drop-frame', () => {
    expect(exactFps(29.97)).toBe(30000 / 1001);
    expect(exactFps(23.976)).toBe(24000 / 1001);
    expect(exactFps(59.94)).toBe(60000 / 1001);
    expect(exactFps(25)).toBe(25);
    expect(frameRate(29.97)).toEqual({ fps: 30000 / 1001, nominal: 30, dropFrame: true });
    expect(frameRate(59.94)).toEqual({ fps: 60000 / 1001, nominal: 60, dropFrame: true });
    expect(frameRate(23.976)).toEqual({ fps: 24000 / 1001, nominal: 24, dropFrame: false });
    for (const fps of [24, 25, 30, 50, 60]) expect(frameRate(fps)).toEqual({ fps, nominal: fps, dropFrame: false });
    expect(frameRate(undefined).fps).toBe(24);
    expect(frameRate(Number.NaN).fps).toBe(24);
    expect(frameRate(-3).fps).toBe(24);
    expect(describeFrameRate(frameRate(29.97))).toBe('29.97 fps drop-frame');
    expect(describeFrameRate(frameRate(23.976))).toBe('23.976 fps');
  });

  it('rounds times to the nearest frame', () => {
    const r25 = frameRate(25);
    expect(framesOf(1019, r25)).toBe(25);
    expect(framesOf(1021, r25)).toBe(26);
    expect(framesOf(-5, r25)).toBe(0);
    expect(msOfFrames(26, r25)).toBe(1040);
    const r2997 = frameRate(29.97);
    expect(msOfFrames(30, r2997)).toBe(1001);
    expect(framesOf(1001, r2997)).toBe(30);
    // Every frame's start comes back to the same frame.
    for (const fps of [23.976, 24, 25, 29.97, 30, 50, 59.94]) {
      const rate = frameRate(fps);
      for (let f = 0; f < 5000; f += 7) expect(framesOf(msOfFrames(f, rate), rate)).toBe(f);
    }
  });
});

describe('non-drop-frame timecodes', () => {
  it('counts frames at the nominal rate', () => {
    expect(formatFrames(0, frameRate(25))).toBe('00:00:00:00');
    expect(formatFrames(24, frameRate(25))).toBe('00:00:00:24');
    expect(formatFrames(25, frameRate(25))).toBe('00:00:01:00');
    expect(formatFrames(90_000, frameRate(25))).toBe('01:00:00:00');
    expect(formatFrames(49, frameRate(50))).toBe('00:00:00:49');
    expect(formatFrames(30 * 61 + 5, frameRate(30))).toBe('00:01:01:05');
    // 23.976 counts 24 labels a second: an hour of labels is 3,603.6 s of picture.
    expect(formatFrames(86_400, frameRate(23.976))).toBe('01:00:00:00');
    expect(formatFrameTimecode(3_603_600, frameRate(23.976))).toBe('01:00:00:00');
    expect(formatFrameTimecode(1_000, frameRate(23.976))).toBe('00:00:01:00'); // frame 23.976 rounds to 24
    expect(formatFrameTimecode(950, frameRate(23.976))).toBe('00:00:00:23');
  });

  it('reads them back, and refuses frames past the rate', () => {
    expect(parsed('00:00:01:00', 25)).toBe(25);
    expect(parsed('01:00:00:00', 23.976)).toBe(86_400);
    expect(parsed('00:00:00:49', 50)).toBe(49);
    expect(parsed('00:00:00:25', 25)).toBe('Frames go from 00 to 24 at 25 fps');
    expect(parsed('00:00:00,500', 25)).toBe('Use HH:MM:SS:FF');
    expect(parsed('nonsense', 29.97)).toBe('Use HH:MM:SS;FF');
    for (const fps of [23.976, 24, 25, 30, 50]) {
      const rate = frameRate(fps);
      for (let f = 0; f < 200_000; f += 997)
        expect(parseFrames(formatFrames(f, rate), rate)).toEqual({ ok: true, frames: f });
    }
  });
});

describe('drop-frame timecodes', () => {
  it('skips two labels a minute at 29.97, except every tenth minute', () => {
    const r = frameRate(29.97);
    expect(formatFrames(1799, r)).toBe('00:00:59;29');
    expect(formatFrames(1800, r)).toBe('00:01:00;02');
    expect(formatFrames(17_981, r)).toBe('00:09:59;29');
    expect(formatFrames(17_982, r)).toBe('00:10:00;00');
    expect(formatFrames(17_984, r)).toBe('00:10:00;02');
    // An hour of drop-frame labels is an hour of the clock, within a frame.
    expect(formatFrames(107_892, r)).toBe('01:00:00;00');
    expect(formatFrameTimecode(3_600_000, r)).toBe('01:00:00;00');
  });

  it('skips four labels a minute at 59.94', () => {
    const r = frameRate(59.94);
    expect(formatFrames(3599, r)).toBe('00:00:59;59');
    expect(formatFrames(3600, r)).toBe('00:01:00;04');
    expect(formatFrames(35_964, r)).toBe('00:10:00;00');
    expect(formatFrameTimecode(3_600_000, r)).toBe('01:00:00;00');
  });

  it('reads drop-frame labels back, both ways, and a skipped label as the next one', () => {
    expect(parsed('00:01:00;02', 29.97)).toBe(1800);
    expect(parsed('00:10:00;00', 29.97)).toBe(17_982);
    expect(parsed('01:00:00;00', 29.97)).toBe(107_892);
    expect(parsed('00:01:00;00', 29.97)).toBe(1800);
    expect(parsed('00:01:00;04', 59.94)).toBe(3600);
    for (const fps of [29.97, 59.94]) {
      const rate = frameRate(fps);
      for (let f = 0; f < 400_000; f += 611)
        expect(parseFrames(formatFrames(f, rate), rate)).toEqual({ ok: true, frames: f });
    }
  });
});

describe('the display choice', () => {
  it('shows and reads frames or milliseconds, either form typed', () => {
    const frames = timecoder(frameRate(25), 'frames');
    expect(frames.format(61_040)).toBe('00:01:01:01');
    expect(frames.parse('00:01:01:01')).toEqual({ ok: true, ms: 61_040 });
    // Milliseconds typed in frames are put on the nearest frame.
    expect(frames.parse('00:00:01,030')).toEqual({ ok: true, ms: 1040 });
    expect(frames.parse('1:2')).toEqual({ ok: false, message: 'Use HH:MM:SS:FF' });
    expect(frames.parse('00:00:00:30')).toEqual({ ok: false, message: 'Frames go from 00 to 24 at 25 fps' });
    const ms = timecoder(frameRate(29.97), 'milliseconds');
    expect(ms.format(61_040)).toBe('00:01:01,040');
    expect(ms.parse('00:00:01,030')).toEqual({ ok: true, ms: 1030 });
    expect(ms.parse('00:00:01;00')).toEqual({ ok: true, ms: 1001 });
    expect(timecoder(frameRate(29.97), 'frames').pattern).toBe('HH:MM:SS;FF');
  });
});

describe('the asset’s frame rate', () => {
  it('is the video’s, else the record’s, else the default, and says which', () => {
    expect(assetFrameRate(29.97, 25)).toEqual({ rate: frameRate(29.97), source: 'video' });
    expect(assetFrameRate(undefined, 25)).toEqual({ rate: frameRate(25), source: 'asset' });
    expect(assetFrameRate(0, Number.NaN)).toEqual({ rate: frameRate(24), source: 'default' });
    expect(describeAssetFrameRate(assetFrameRate(29.97, undefined))).toBe(
      '29.97 fps drop-frame, from the asset’s video',
    );
    expect(describeAssetFrameRate(assetFrameRate(undefined, undefined))).toMatch(/^24 fps, the default/);
  });
});
