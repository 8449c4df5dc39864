import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BINDINGS,
  SHORTCUTS,
  chordOf,
  commandFor,
  findConflicts,
  overridesOf,
  parseOverrides,
  rebind,
  reservedReason,
  withOverrides,
  type KeyInput,
} from './shortcuts';

const key = (k: string, code: string, mods: Partial<KeyInput> = {}): KeyInput => ({
  key: k,
  code,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('the default keys', () => {
  it('bind no chord twice', () => {
    expect(findConflicts(DEFAULT_BINDINGS)).toEqual([]);
  });

  it('use nothing the browser or a screen reader keeps', () => {
    const reserved = SHORTCUTS.flatMap((s) => s.keys.map((c) => [c, reservedReason(c)])).filter(([, r]) => r);
    expect(reserved).toEqual([]);
  });

  it('give every command a key, next/previous problem and submit included', () => {
    for (const s of SHORTCUTS) expect(s.keys.length, s.command).toBeGreaterThan(0);
    expect(DEFAULT_BINDINGS['next-problem']).toEqual(['F8']);
    expect(DEFAULT_BINDINGS['previous-problem']).toEqual(['Shift+F8']);
    expect(DEFAULT_BINDINGS.submit).toEqual(['Ctrl+Enter']);
  });
});

describe('matching a key press', () => {
  it('reads Ctrl (or ⌘) chords by character', () => {
    expect(commandFor(key('z', 'KeyZ', { ctrlKey: true }), true)).toBe('undo');
    expect(commandFor(key('Z', 'KeyZ', { ctrlKey: true, shiftKey: true }), true)).toBe('redo');
    expect(commandFor(key('y', 'KeyY', { metaKey: true }), true)).toBe('redo');
    // AZERTY: the Z character sits where QWERTY has W.
    expect(commandFor(key('z', 'KeyW', { ctrlKey: true }), true)).toBe('undo');
    expect(commandFor(key('s', 'KeyS', { ctrlKey: true }), true)).toBe('save');
    expect(commandFor(key('Enter', 'Enter', { ctrlKey: true }), true)).toBe('submit');
  });

  it('reads Ctrl chords on a non-Latin layout by physical key', () => {
    expect(commandFor(key('я', 'KeyZ', { ctrlKey: true }), true)).toBe('undo');
  });

  it('reads Alt chords by physical key (macOS Option changes the character)', () => {
    expect(commandFor(key('µ', 'KeyM', { altKey: true }), true)).toBe('merge');
    expect(commandFor(key('≤', 'Comma', { altKey: true }), true)).toBe('start-earlier');
    expect(commandFor(key('¯', 'Comma', { altKey: true, shiftKey: true }), true)).toBe('stop-earlier');
    expect(commandFor(key('ArrowDown', 'ArrowDown', { altKey: true }), true)).toBe('next-line');
  });

  it('takes Shift as part of a punctuation character matched by character', () => {
    // German layout: "/" is Shift+7.
    expect(commandFor(key('/', 'Digit7', { ctrlKey: true, shiftKey: true }), true)).toBe('shortcuts');
    expect(chordOf(key('?', 'Slash', { shiftKey: true }))).toBe('?');
  });

  it('opens the list with "?" only outside a text field', () => {
    expect(commandFor(key('?', 'Slash', { shiftKey: true }), false)).toBe('shortcuts');
    expect(commandFor(key('?', 'Slash', { shiftKey: true }), true)).toBeUndefined();
  });

  it('leaves typing and the browser alone', () => {
    expect(commandFor(key('a', 'KeyA'), true)).toBeUndefined();
    expect(commandFor(key('w', 'KeyW', { ctrlKey: true }), true)).toBeUndefined();
    expect(commandFor(key('ArrowLeft', 'ArrowLeft', { altKey: true }), true)).toBeUndefined();
    expect(commandFor(key('Tab', 'Tab'), true)).toBeUndefined();
    expect(chordOf(key('Control', 'ControlLeft', { ctrlKey: true }))).toBeUndefined();
  });

  it('uses the bindings given', () => {
    const mine = withOverrides({ 'next-problem': ['Alt+N'] });
    expect(commandFor(key('n', 'KeyN', { altKey: true }), true, mine)).toBe('next-problem');
    expect(commandFor(key('F8', 'F8'), true, mine)).toBeUndefined();
  });
});

describe('reserved chords', () => {
  it.each([
    ['Ctrl+W', /closes the tab/],
    ['Ctrl+T', /opens a tab/],
    ['Ctrl+N', /opens a window/],
    ['Ctrl+L', /address bar/],
    ['Alt+ArrowLeft', /goes back/],
    ['Alt+F', /browser menu/],
    ['Alt+S', /Firefox/],
    ['F5', /reloads/],
    ['M', /types/],
    ['Shift+M', /types/],
    ['Ctrl+Alt+M', /AltGr/],
    ['Insert', /screen readers/],
    ['Alt+Insert', /screen readers/],
    ['Tab', /in and out of the lines/],
    ['Escape', /in and out of the lines/],
  ])('%s', (chord, why) => {
    expect(reservedReason(chord)).toMatch(why);
  });

  it('allows Alt, Ctrl and function-key chords that nothing else uses', () => {
    for (const chord of ['Alt+N', 'Ctrl+Shift+K', 'F9', 'Shift+F2', 'Alt+Shift+.'])
      expect(reservedReason(chord)).toBe(undefined);
  });
});

describe('changing keys', () => {
  it('rebinds a command and reports the change as an override', () => {
    const r = rebind(DEFAULT_BINDINGS, 'next-problem', 'Alt+N');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.bindings['next-problem']).toEqual(['Alt+N']);
    expect(overridesOf(r.bindings)).toEqual({ 'next-problem': ['Alt+N'] });
    expect(overridesOf(DEFAULT_BINDINGS)).toEqual({});
  });

  it('keeps the other chords of a command with several', () => {
    const r = rebind(DEFAULT_BINDINGS, 'redo', 'Alt+Y');
    expect(r.ok && r.bindings.redo).toEqual(['Alt+Y', 'Ctrl+Y']);
  });

  it('refuses a chord another command has, naming it', () => {
    const r = rebind(DEFAULT_BINDINGS, 'next-problem', 'Ctrl+S');
    expect(r).toEqual({ ok: false, error: 'Ctrl+S is already “Save now”.' });
  });

  it('refuses a reserved chord, saying why', () => {
    const r = rebind(DEFAULT_BINDINGS, 'save', 'Ctrl+W');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/Ctrl\+W cannot be used: the browser uses it \(closes the tab\)/);
  });

  it('reads stored overrides defensively', () => {
    expect(parseOverrides({ 'next-problem': ['Alt+N'] })).toEqual({ 'next-problem': ['Alt+N'] });
    expect(parseOverrides({ nope: ['Alt+N'], save: 'Ctrl+S', undo: ['Ctrl+W', 7] })).toEqual({ undo: [] });
    expect(parseOverrides('junk')).toEqual({});
    // Two commands on one chord: the whole set is ignored (the defaults apply).
    expect(parseOverrides({ 'next-problem': ['Ctrl+S'] })).toEqual({});
  });
});
