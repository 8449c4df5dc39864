import { describe, expect, it } from 'vitest';
import { commandFor, SHORTCUTS, type KeyInput } from './shortcuts';

const key = (code: string, extra: Partial<KeyInput> = {}): KeyInput => ({
  key: '',
  code,
  ctrlKey: false,
  metaKey: false,
  altKey: true,
  shiftKey: false,
  ...extra,
});

describe('media shortcuts', () => {
  it('are Alt combinations by physical key, in text fields too', () => {
    expect(commandFor(key('KeyK'), true)).toBe('play-pause');
    expect(commandFor(key('KeyJ'), true)).toBe('play-line');
    expect(commandFor(key('KeyL'), false)).toBe('loop-line');
    expect(commandFor(key('BracketLeft'), true)).toBe('set-start');
    expect(commandFor(key('BracketRight'), true)).toBe('set-stop');
    expect(commandFor(key('Equal'), true)).toBe('zoom-in');
    expect(commandFor(key('Minus'), true)).toBe('zoom-out');
  });

  it('leave Ctrl+Alt (screen readers, AltGr) and plain letters alone', () => {
    expect(commandFor(key('KeyK', { ctrlKey: true }), true)).toBeUndefined();
    expect(commandFor(key('KeyK', { altKey: false, key: 'k' }), true)).toBeUndefined();
  });

  it('are listed once each in the overlay, and no two commands share keys', () => {
    const media = SHORTCUTS.filter((s) => s.group === 'Media').map((s) => s.command);
    expect(media).toEqual(['play-pause', 'play-line', 'loop-line', 'set-start', 'set-stop', 'zoom-in', 'zoom-out']);
    const keys = SHORTCUTS.map((s) => s.keys);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
