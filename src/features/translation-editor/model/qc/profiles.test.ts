import { describe, expect, it } from 'vitest';
import {
  cleanOverrides,
  DEFAULT_PROFILE,
  diffFromDefaults,
  loadProfileOverrides,
  primaryLanguage,
  profileFor,
  saveProfileOverrides,
} from './profiles';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    data,
  };
}

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

  it('stores only what differs, per language', () => {
    const storage = memoryStorage();
    const changed = { ...profileFor('en'), maxCharsPerLine: 38 };
    expect(diffFromDefaults('en', changed)).toEqual({ maxCharsPerLine: 38 });
    saveProfileOverrides(storage, 'en-US', diffFromDefaults('en', changed));
    expect(loadProfileOverrides(storage, 'en-GB')).toEqual({ maxCharsPerLine: 38 });
    expect(loadProfileOverrides(storage, 'fr')).toEqual({});
    saveProfileOverrides(storage, 'en', {});
    expect(storage.data.size).toBe(0);
  });
});
