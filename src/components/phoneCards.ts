/**
 * A record list as cards on a phone (docs/API.md "Lists on phones"): up to PHONE_MAX_WIDTH the grid's columns become
 * one card column (the list's `card`, after any selection column), its rows `cardHeight` tall, and the grid as wide as
 * the screen (`className`: the cards' rules in app/styles.css). The same virtualized grid, so keys and selection work alike.
 */
import { useMemo } from 'react';
import type { Column } from './VirtualTable';
import { PHONE_MAX_WIDTH, useNarrowScreen } from '../lib/useNarrowScreen';

export function usePhoneCards<T>(
  columns: readonly Column<T>[],
  card: Column<T>,
  heights: { row: number; card: number },
  lead: readonly Column<T>[] = [],
): { columns: Column<T>[]; rowHeight: number; className: string } {
  const cards = useNarrowScreen(PHONE_MAX_WIDTH);
  const shown = useMemo(() => [...lead, ...(cards ? [card] : columns)], [lead, cards, card, columns]);
  return {
    columns: shown,
    rowHeight: cards ? heights.card : heights.row,
    className: cards ? 'record-cards' : 'record-table',
  };
}
