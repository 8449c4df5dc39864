/** Above a filtered line grid: which lines it shows, and the way back to every line (docs/API.md "Accepted problems"). */

export interface GridFilter {
  /** The lines shown, ascending indexes. */
  indexes: readonly number[];
  /** "3 lines with Reading speed problems". */
  label: string;
  onClear: () => void;
}

export function GridFilterNotice({ filter }: { filter: GridFilter }) {
  return (
    <div className="line-grid__filter" role="status" data-testid="grid-filter">
      <span>Showing {filter.label}</span>
      <button type="button" className="button button--small" onClick={filter.onClear}>
        Show every line
      </button>
    </div>
  );
}
