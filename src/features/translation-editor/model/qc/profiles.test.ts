import { describe, expect, it } from 'vitest';
import { cleanOverrides, DEFAULT_PROFILE, primaryLanguage, profileFor } from './profiles';

describe('QC profiles', () => {
  it('has the documented defaults', () => {
    expect(DEFAULT_PROFILE).toMatchObject({
      maxCharsPerLine: 42,
      maxLinesPerSubtitle: 2,
      maxCharsPerSecond: 17,
      minDurationMs: 833,
      maxDurationMs: 7000,
      minGapFrames: 2,
      fps: 24,
    });
  });

  it('uses language reading speeds by primary subtag', () => {
    expect(primaryLanguage('en-US')).toBe('en');
    expect(primaryLanguage('ZH_hant')).toBe('zh');
    expect(profileFor('en-GB').maxCharsPerSecond).toBe(20);
    expect(profileFor('ko').maxCharsPerSecond).toBe(12);
    expect(profileFor('zh-CN').maxCharsPerSecond).toBe(9);
    expect(profileFor('ja').maxCharsPerSecond).toBe(4);
    expect(profileFor('fr-CA').maxCharsPerSecond).toBe(17);
    expect(profileFor(undefined).maxCharsPerSecond).toBe(17);
  });

  it('applies user overrides and the frame rate', () => {
    const p = profileFor('en', { maxCharsPerLine: 37 }, 25);
    expect(p).toMatchObject({ maxCharsPerLine: 37, maxCharsPerSecond: 20, fps: 25 });
  });

  it('cleans overrides from storage or forms', () => {
    expect(cleanOverrides({ maxCharsPerLine: 40, maxCharsPerSecond: -1, bogus: 3, minDurationMs: 'x' })).toEqual({
      maxCharsPerLine: 40,
    });
    expect(cleanOverrides(null)).toEqual({});
  });
});
