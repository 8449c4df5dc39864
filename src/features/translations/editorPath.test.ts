/** Where a translation opens (editorPath.ts): the editor of its work request, by the translation's kind. */
import { describe, expect, it } from 'vitest';
import { editorPathFor } from '../../lib/editorPath';
import { editorPathOf } from './editorPath';

describe('editorPathOf', () => {
  it('opens a dialogue translation in the editor and a graphics one in the graphics editor', () => {
    expect(editorPathOf({ workRequest: 'wr1', kind: 'dialogue' })).toBe('/work-requests/wr1/translation');
    expect(editorPathOf({ workRequest: 'wr1', kind: 'graphics' })).toBe('/work-requests/wr1/graphics-translation');
  });

  it('does not guess without a work request or a kind it knows (the work request then says)', () => {
    expect(editorPathOf({ kind: 'dialogue' })).toBeUndefined();
    expect(editorPathOf({ workRequest: 'wr1' })).toBeUndefined();
    expect(editorPathOf({ workRequest: 'wr1', kind: 'audio' })).toBeUndefined();
  });

  it('keeps an id with URL characters inside its path segment', () => {
    expect(editorPathFor('a/b?c', 'dialogue')).toBe('/work-requests/a%2Fb%3Fc/translation');
  });
});
