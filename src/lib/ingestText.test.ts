import { describe, expect, it } from 'vitest';
import { canRetry, isUnderWay, probeSummary, warningText } from './ingestText';

describe("an ingest's words", () => {
  it('sums up the probe facts of a video, a mute video and a sound file', () => {
    expect(
      probeSummary({
        type: 'video',
        width: 1920,
        height: 1080,
        frameRate: 23.976,
        duration: 3725.4,
        audio: { codec: 'aac', channels: 2, sampleRate: 48000 },
      }),
    ).toBe('Video · 1920×1080 · 23.976 fps · 1:02:05 · AAC 2 ch 48 kHz');
    expect(
      probeSummary({
        type: 'video',
        width: 320,
        height: 240,
        frameRate: 25,
        variableFrameRate: true,
        duration: 3,
        audio: null,
      }),
    ).toBe('Video · 320×240 · 25 fps (variable) · 0:03 · no audio');
    expect(
      probeSummary({ type: 'audio', duration: 61, audio: { codec: 'pcm_s24le', channels: 6, sampleRate: 48000 } }),
    ).toBe('Audio · 1:01 · PCM_S24LE 6 ch 48 kHz');
    expect(probeSummary(undefined)).toBeUndefined();
  });

  it('reads warnings as stored, or anything else a server sent', () => {
    expect(warningText({ code: 'no_audio', message: 'the video has no audio track' })).toBe(
      'the video has no audio track',
    );
    expect(warningText('dropped frames')).toBe('dropped frames');
    expect(warningText({ code: 7 })).toBe('{"code":7}');
  });

  it('knows which states move by themselves and which may be retried', () => {
    expect([
      isUnderWay({ state: 'created' }),
      isUnderWay({ state: 'processing' }),
      isUnderWay({ state: 'failed' }),
    ]).toEqual([true, true, false]);
    expect([
      canRetry({ state: 'failed' }),
      canRetry({ state: 'not-processed' }),
      canRetry({ state: 'succeeded' }),
    ]).toEqual([true, true, false]);
  });
});
