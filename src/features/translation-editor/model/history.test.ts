import { describe, expect, it } from 'vitest';
import { History, applySplice, invertSplice } from './history';

describe('undo history', () => {
  it('applies and inverts splices in place', () => {
    const rows = ['a', 'b', 'c'];
    const s = { index: 1, removed: ['b'], inserted: ['b1', 'b2'] };
    applySplice(rows, s);
    expect(rows).toEqual(['a', 'b1', 'b2', 'c']);
    applySplice(rows, invertSplice(s));
    expect(rows).toEqual(['a', 'b', 'c']);
  });

  it('undoes and redoes a list of changes', () => {
    const h = new History<string>();
    const rows = ['a', 'b'];
    const edit = (label: string, index: number, value: string, key?: string, at = 0) => {
      const s = { index, removed: [rows[index]!], inserted: [value] };
      applySplice(rows, s);
      h.record(label, [s], key, at);
    };
    edit('one', 0, 'A');
    edit('two', 1, 'B');
    expect(h.undo(rows)).toBeDefined();
    expect(rows).toEqual(['A', 'b']);
    expect(h.redoLabel).toBe('two');
    h.redo(rows);
    expect(rows).toEqual(['A', 'B']);
    h.undo(rows);
    h.undo(rows);
    expect(rows).toEqual(['a', 'b']);
    expect(h.undo(rows)).toBeUndefined();
    edit('three', 0, 'x');
    expect(h.canRedo).toBe(false);
  });

  it('coalesces typing in one line within the pause, and not after seal', () => {
    const h = new History<string>(100, 1000);
    const rows = ['', 'z'];
    const type = (value: string, at: number) => {
      const s = { index: 0, removed: [rows[0]!], inserted: [value] };
      applySplice(rows, s);
      h.record('Edit text', [s], 'text:0', at);
    };
    type('h', 0);
    type('he', 100);
    type('hel', 200);
    expect(h.size).toBe(1);
    type('hell', 5000); // after a pause
    expect(h.size).toBe(2);
    h.seal();
    type('hello', 5100);
    expect(h.size).toBe(3);
    h.undo(rows);
    h.undo(rows);
    expect(rows[0]).toBe('hel');
    h.undo(rows);
    expect(rows[0]).toBe('');
  });

  it('holds references only and drops the oldest beyond the limit', () => {
    const h = new History<object>(2);
    const rows: object[] = [{}];
    for (let i = 0; i < 5; i++) {
      const s = { index: 0, removed: [rows[0]!], inserted: [{ i }] };
      applySplice(rows, s);
      h.record('e', [s]);
    }
    expect(h.size).toBe(2);
  });
});
