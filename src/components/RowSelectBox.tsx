/**
 * A selectable row's box (VirtualTable's `selection`), for pointers: not a tab stop, since the grid is one, where Space,
 * Shift+Space and Ctrl+A do the same. The click carries Shift (a range); the change event does not.
 */
import type { RowSelection } from './VirtualTable';

export function RowSelectBox<T>({ selection, row, label }: { selection: RowSelection<T>; row: T; label: string }) {
  return (
    <input
      type="checkbox"
      className="select-box"
      tabIndex={-1}
      aria-label={label}
      checked={selection.isSelected(row)}
      onClick={(event) => selection.toggle(row, event.shiftKey)}
      onChange={() => undefined}
    />
  );
}
