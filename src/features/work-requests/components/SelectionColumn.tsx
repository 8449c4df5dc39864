/**
 * The list's first column when rows can be selected for a bulk action: a box per row (Shift+click selects a range)
 * and one in the header for every loaded row (mixed when some are). The boxes are for pointers and are not tab
 * stops: the grid is one, where Space, Shift+Space and Ctrl+A do the same (VirtualTable).
 */
import { useEffect, useRef } from 'react';
import type { WorkRequest } from '../../../api/schema/workRequest';
import { RowSelectBox } from '../../../components/RowSelectBox';
import type { Column, RowSelection } from '../../../components/VirtualTable';
import { rowName } from '../model/rowName';
// Its styles (selection.css) load with the app's first stylesheet (main.tsx).

export interface ListSelection extends RowSelection<WorkRequest> {
  /** The header box: whether all, some or none of the loaded rows are selected. */
  loaded: 'all' | 'some' | 'none';
  toggleLoaded: () => void;
}

function HeaderBox({ selection }: { selection: ListSelection }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = selection.loaded === 'some';
  }, [selection.loaded]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="select-box"
      tabIndex={-1}
      aria-label="Select all loaded rows"
      checked={selection.loaded === 'all'}
      onChange={selection.toggleLoaded}
    />
  );
}

export function selectionColumn(selection: ListSelection): Column<WorkRequest> {
  return {
    id: 'select',
    header: <HeaderBox selection={selection} />,
    width: '36px',
    render: (wr) => <RowSelectBox selection={selection} row={wr} label={`Select ${rowName(wr)}`} />,
  };
}
