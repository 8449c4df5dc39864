import { describe, expect, it } from 'vitest';
import { parseShotChanges } from './shots';

describe('shot changes from ffmpeg’s scene detection', () => {
  it('reads the selected frames’ times, sorted, to the millisecond', () => {
    const out = [
      'frame:0    pts:25600   pts_time:2',
      'lavfi.scene_score=0.844037',
      'frame:1    pts:62062   pts_time:5.171833',
      'lavfi.scene_score=0.521649',
      'frame:2    pts:51200   pts_time:4',
      'lavfi.scene_score=0.4',
    ].join('\n');
    expect(parseShotChanges(out)).toEqual([2, 4, 5.172]);
  });

  it('leaves out the first frame, repeats and anything that is not a frame line', () => {
    const out = [
      'frame:0 pts:0 pts_time:0',
      'lavfi.scene_score=1',
      'frame:1 pts:100 pts_time:3.5',
      'frame:2 pts:100 pts_time:3.5',
      '[Parsed_select_0 @ 0x55] pts_time:9',
      'frame:3 pts:x pts_time:nan',
      '',
    ].join('\n');
    expect(parseShotChanges(out)).toEqual([3.5]);
    expect(parseShotChanges('')).toEqual([]);
  });
});
