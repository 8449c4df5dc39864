import { describe, expect, it } from 'vitest';
import { ingestedVideoFps, newestPreviewFps } from './assetFrameRate';
import { chooseAssetFps } from '../../src/api/schema/qc/frameRate';

const media = (frameRate?: number) => ({ file: 'clip.webm', mime: 'video/webm', duration: 30, frameRate });
const video = (frameRate: number, finished: number, state = 'succeeded') => ({
  _id: `f${finished}`,
  created: 0,
  ingest: { state, finished, probe: { type: 'video', frameRate } },
});

describe('the asset’s frame rate on the server', () => {
  it('takes the newest successfully ingested video, never an audio file or a failed run', () => {
    const audio = {
      _id: 'a',
      created: 0,
      ingest: { state: 'succeeded', finished: 9, probe: { type: 'audio', frameRate: 50 } },
    };
    expect(ingestedVideoFps([video(25, 1), video(29.97, 3), video(60, 5, 'failed'), audio])).toBe(29.97);
    expect(ingestedVideoFps([audio])).toBeUndefined();
  });

  it('takes the preview of the highest revision (as numbers) that has media', () => {
    const previews = [
      { _id: 'p2', created: 0, revision: 'v2', media: media(25) },
      { _id: 'p10', created: 0, revision: 'v10', media: media(30) },
      { _id: 'p11', created: 0, revision: 'v11' },
    ];
    expect(newestPreviewFps(previews)).toBe(30);
    expect(newestPreviewFps([{ _id: 'x', created: 0, revision: 'v1' }])).toBeUndefined();
  });

  it('prefers the video, then the record’s stated rate, then 24 fps; NTSC rates exactly', () => {
    expect(chooseAssetFps(23.976, 25)).toEqual({ fps: 24000 / 1001, source: 'video' });
    expect(chooseAssetFps(undefined, 25)).toEqual({ fps: 25, source: 'asset' });
    expect(chooseAssetFps(0, Number.NaN)).toEqual({ fps: 24, source: 'default' });
  });
});
