/**
 * The first size a virtualized list of measured rows (the editor's lines) assumes for its scroll area: the window's.
 * TanStack Virtual otherwise starts from 0 × 0, so its first render draws one row, its first measure (a layout forced
 * in a layout effect) finds the real size, and it renders again with the rows in view, each new row then measured in
 * a second forced layout. From the window's size the first render already has the rows in view (a few more, as the
 * area is smaller than the window), and the first measure lays them all out at once (a trace of the 3,000-line
 * editor's cold open: four layouts of 32 + 12 + 6 + 1 ms CPU became one of 37 ms and one of 2 ms).
 * Lists of fixed-height rows (VirtualTable) keep the default: their rows are never measured, and a first render from
 * the window's size draws rows that the first measure removes again.
 */
export function viewportRect(): { width: number; height: number } {
  return typeof window === 'undefined'
    ? { width: 0, height: 0 }
    : { width: window.innerWidth, height: window.innerHeight };
}
