import { describe, expect, it } from 'vitest';
import { matchAsset, plainName } from './match';

const assets = [
  { _id: 'a1', name: 'Trailer 2' },
  { _id: 'a2', name: 'Trailer' },
  { _id: 'a3', name: 'Teaser – Été' },
  { _id: 'a4', name: 'Spot' },
  { _id: 'a5', name: 'spot' },
];

describe('matching a file to an asset by name', () => {
  it('plain names: no extension, no case, no accents, one space between words', () => {
    expect(plainName('Teaser_–_ÉTÉ (v2).MOV')).toBe('teaser ete v2');
  });
  it('takes the longest asset name the file name begins with, at a word boundary', () => {
    expect(matchAsset('Trailer 2 - FR.mov', assets)).toBe('a1');
    expect(matchAsset('trailer.mp4', assets)).toBe('a2');
    expect(matchAsset('Trailer22.mp4', assets)).toBeUndefined();
    expect(matchAsset('teaser-ete_final.mxf', assets)).toBe('a3');
  });
  it('matches nothing on a tie or with no candidate', () => {
    expect(matchAsset('Spot 30s.mov', assets)).toBeUndefined();
    expect(matchAsset('Featurette.mov', assets)).toBeUndefined();
  });
});
