import { describe, expect, it } from 'vitest';
import { factsOf, rate, warningsOf } from './probe';

const video = (extra: Record<string, unknown> = {}) => ({
  codec_type: 'video',
  codec_name: 'h264',
  width: 1920,
  height: 1080,
  r_frame_rate: '24000/1001',
  avg_frame_rate: '24000/1001',
  ...extra,
});
const audio = { codec_type: 'audio', codec_name: 'aac', channels: 2, sample_rate: '48000' };

describe("facts from ffprobe's JSON", () => {
  it('reads a video with sound', () => {
    const facts = factsOf({ streams: [video(), audio], format: { format_name: 'mov,mp4', duration: '12.5' } });
    expect(facts).toEqual({
      type: 'video',
      format: 'mov,mp4',
      duration: 12.5,
      width: 1920,
      height: 1080,
      videoCodec: 'h264',
      frameRate: 23.976,
      variableFrameRate: false,
      audio: { codec: 'aac', channels: 2, sampleRate: 48000, streams: 1 },
    });
    expect(warningsOf(facts!, 'video/quicktime')).toEqual([]);
  });

  it('tells sound alone, a still image, cover art, and nothing at all', () => {
    expect(factsOf({ streams: [audio], format: { format_name: 'wav', duration: '3' } })).toMatchObject({
      type: 'audio',
      duration: 3,
    });
    expect(factsOf({ streams: [video({ codec_name: 'png' })], format: { format_name: 'png_pipe' } })).toMatchObject({
      type: 'image',
      width: 1920,
    });
    const mp3 = factsOf({
      streams: [audio, video({ codec_name: 'mjpeg', disposition: { attached_pic: 1 } })],
      format: { format_name: 'mp3', duration: '200' },
    });
    expect(mp3?.type).toBe('audio');
    expect(factsOf({ streams: [{ codec_type: 'data' }], format: { format_name: 'mpegts' } })).toBeUndefined();
  });

  it('warns of a variable frame rate, no sound, sound declared as video, a tiny clip, an odd frame size', () => {
    const vfr = factsOf({ streams: [video({ avg_frame_rate: '25/1' }), audio], format: { duration: '9' } })!;
    expect(vfr.variableFrameRate).toBe(true);
    const mute = factsOf({ streams: [video({ width: 721 })], format: { duration: '0.4' } })!;
    const codes = (w: { code: string }[]) => w.map((x) => x.code);
    expect(codes(warningsOf(vfr, 'video/mp4'))).toEqual(['variable_frame_rate']);
    expect(codes(warningsOf(mute, 'video/mp4'))).toEqual(['no_audio', 'short', 'odd_frame_size']);
    const sound = factsOf({ streams: [audio], format: { duration: '5' } })!;
    expect(codes(warningsOf(sound, 'video/mp4'))).toEqual(['no_video']);
  });

  it('reads rates as fractions, refusing 0/0', () => {
    expect(rate('30000/1001')).toBe(29.97);
    expect(rate('0/0')).toBeUndefined();
    expect(rate(undefined)).toBeUndefined();
  });
});
