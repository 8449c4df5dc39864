import { describe, expect, it } from 'vitest';
import { actionMove } from './rowActionFocus';

describe('actionMove: the keys of a grid row with action controls', () => {
  it('ArrowRight from the row enters its first control, and only when it has some', () => {
    expect(actionMove('ArrowRight', -1, 2)).toEqual({ to: 0 });
    expect(actionMove('ArrowRight', -1, 0)).toBeUndefined();
  });

  it('leaves the grid keys to the grid while the focus is on the row', () => {
    for (const key of ['ArrowLeft', 'Escape', 'Tab', 'ArrowDown', 'Enter', ' '])
      expect(actionMove(key, -1, 2), key).toBeUndefined();
  });

  it('ArrowRight / ArrowLeft go through the controls in order, and stop at the last', () => {
    expect(actionMove('ArrowRight', 0, 3)).toEqual({ to: 1 });
    expect(actionMove('ArrowRight', 2, 3)).toEqual({ to: 2 });
    expect(actionMove('ArrowLeft', 2, 3)).toEqual({ to: 1 });
  });

  it('ArrowLeft from the first control and Escape from any return to the row', () => {
    expect(actionMove('ArrowLeft', 0, 2)).toEqual({ to: -1 });
    expect(actionMove('Escape', 1, 2)).toEqual({ to: -1 });
  });

  it('row keys go back to the grid and move the row; Tab leaves as from the row', () => {
    expect(actionMove('ArrowDown', 1, 2)).toEqual({ toGrid: true, rowKey: 'ArrowDown' });
    expect(actionMove('End', 0, 2)).toEqual({ toGrid: true, rowKey: 'End' });
    expect(actionMove('Tab', 0, 2)).toEqual({ leave: true });
  });

  it('Enter and Space on a control are the control’s own (it is pressed)', () => {
    expect(actionMove('Enter', 0, 2)).toBeUndefined();
    expect(actionMove(' ', 1, 2)).toBeUndefined();
  });
});
