/**
 * The dashboard's tiles as the page shows them: each tile's list (tiles.ts) with its words. Apart from tiles.ts so
 * the early script, which every route's first load runs, carries the lists and not the words.
 */
import { tileFilters, type TileFilter, type TileId } from './tiles';

export interface Tile extends TileFilter {
  title: string;
  /** What the tile holds, in one line under its title. */
  description: string;
  /** Said when the tile holds nothing. */
  empty: string;
}

const TILE_TEXT: Record<TileId, Pick<Tile, 'title' | 'description' | 'empty'>> = {
  overdue: { title: 'Overdue', description: 'Open orders past their due date', empty: 'Nothing overdue.' },
  'due-soon': {
    title: 'Due in the next 7 days',
    description: 'Open orders due from now to the end of the seventh day',
    empty: 'Nothing due in the next 7 days.',
  },
  'awaiting-materials': {
    title: 'Awaiting materials',
    description: 'Orders waiting for materials before work can start',
    empty: 'No order is waiting for materials.',
  },
  'for-review': {
    title: 'For review',
    description: 'Translations sent for your review',
    empty: 'Nothing to review.',
  },
  unassigned: {
    title: 'Unassigned',
    description: 'Open orders nobody has been assigned to',
    empty: 'Every open order has someone assigned.',
  },
};

/** The tiles at `nowSeconds` (whole minutes), days counted in `timeZone`: tileFilters with their words. */
export function dashboardTiles(nowSeconds: number, timeZone: string): Tile[] {
  return tileFilters(nowSeconds, timeZone).map((tile) => ({ ...tile, ...TILE_TEXT[tile.id] }));
}
