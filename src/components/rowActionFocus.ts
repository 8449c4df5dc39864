/**
 * Where the focus goes in a one-tab-stop grid whose rows have action controls (VirtualTable's `actions` columns; the
 * ARIA grid pattern's focus inside cells), the pure part. The grid itself holds the focus while the user moves
 * between rows; ArrowRight from the active row enters its controls, in order, and the keys below move among them.
 *
 * `at` is where the focus is: -1 on the grid (its active row), else the index of the row's focused control.
 */
export type ActionMove =
  /** Focus control `index` of the active row (-1: back on the grid, the row still active). */
  | { to: number }
  /** Back on the grid, then move the active row by this key as the grid does (ArrowUp / ArrowDown…). */
  | { toGrid: true; rowKey: string }
  /** Back on the grid and let the browser's Tab go on from there (it leaves the grid, as from a row). */
  | { leave: true };

const ROW_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End']);

/**
 * What a key does given the focus (`at`) and the active row's number of controls (`count`); undefined when the key
 * is not ours (Enter and Space on a control press it; other keys do what they do).
 */
export function actionMove(key: string, at: number, count: number): ActionMove | undefined {
  if (at < 0) {
    // On the grid: only ArrowRight concerns the controls, and only when the row has some.
    return key === 'ArrowRight' && count > 0 ? { to: 0 } : undefined;
  }
  switch (key) {
    case 'ArrowRight':
      return { to: Math.min(at + 1, count - 1) };
    case 'ArrowLeft':
      return { to: at - 1 };
    case 'Escape':
      return { to: -1 };
    case 'Tab':
      return { leave: true };
    default:
      return ROW_KEYS.has(key) ? { toGrid: true, rowKey: key } : undefined;
  }
}
