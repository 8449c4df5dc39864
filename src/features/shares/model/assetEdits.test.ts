import { describe, expect, it } from 'vitest';
import type { Share } from '../../../api/schema/share';
import { assetChangeBody, notInShare } from './assetEdits';

const share: Share = {
  _id: 's1',
  assets: [
    // A read asset carries the reader's computed fields; the body must not send them back.
    { _id: 'a1', name: 'Trailer', $links: { self: '/api/assets/a1' } },
    { _id: 'a2', name: 'Key art' },
  ],
};

describe('assetChangeBody', () => {
  it('keeps the other assets as stored, without the reader’s computed fields', () => {
    expect(assetChangeBody(share, { remove: ['a2'] })).toEqual({ _id: 's1', assets: [{ _id: 'a1', name: 'Trailer' }] });
  });

  it('adds new ids at the end, once, and skips those the share holds', () => {
    expect(assetChangeBody(share, { add: ['a3', 'a1', 'a3'] })?.assets).toEqual([
      { _id: 'a1', name: 'Trailer' },
      { _id: 'a2', name: 'Key art' },
      { _id: 'a3' },
    ]);
  });

  it('is undefined when nothing changes (an asset removed meanwhile, one added already)', () => {
    expect(assetChangeBody(share, { remove: ['gone'], add: ['a2'] })).toBeUndefined();
  });
});

describe('notInShare', () => {
  it('lists the queued ids the share does not hold', () => {
    expect(notInShare(share, ['a2', 'a9', 'a8'])).toEqual(['a9', 'a8']);
  });
});
