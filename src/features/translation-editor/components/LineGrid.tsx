/**
 * The lines as an ARIA grid, virtualized (TanStack Virtual with measureElement: rows have different heights).
 * Only the rows in view are rendered, and the active one wherever it is: scrolling it out of view must not unmount
 * the field that has the focus (the focus would fall to the page and the typing with it). The size estimate is
 * generous so the scrollbar settles quickly. Memoized: a keystroke re-renders it in the deferred pass only.
 */
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { viewportRect } from '../../../components/viewportRect';
import { memo, useCallback, useEffect, useRef, type CSSProperties, type MutableRefObject } from 'react';
import type { EditorDocument } from '../model/editorDocument';
import { LineRow, type RowHandlers } from './LineRow';
import { GridFilterNotice, type GridFilter } from './GridFilterNotice';
import type { AcceptedFinder } from '../model/qc/accepted';
import type { AcceptedRef } from '../../../api/schema/qc/check';

export interface GridApi {
  scrollToIndex: (index: number) => void;
}

interface Props {
  idBase: string;
  doc: EditorDocument;
  /** The document's version: a new value re-renders the visible rows (unchanged rows skip via memo). */
  version: number;
  activeIndex: number;
  /** The line at the media's playhead (highlighted; focus stays where it is). */
  playheadIndex?: number | undefined;
  readOnly: boolean;
  dir: 'rtl' | 'ltr';
  lang: string | undefined;
  originalDir: 'rtl' | 'ltr';
  originalLang: string | undefined;
  textStyle: CSSProperties | undefined;
  handlers: RowHandlers;
  apiRef: MutableRefObject<GridApi | undefined>;
  label: string;
  /** Which of a line's problems the translator accepted (the rows mark them). */
  findAccepted?: AcceptedFinder<AcceptedRef> | undefined;
  /** Only these lines (ascending indexes) are shown, with a notice saying why and a way back to all. */
  filter?: GridFilter | undefined;
}

const ESTIMATE = 104;

/** The rows in view plus the active one. */
export function withActive(range: Range, activeIndex: number): number[] {
  const indexes = defaultRangeExtractor(range);
  if (activeIndex < 0 || activeIndex >= range.count || indexes.includes(activeIndex)) return indexes;
  return [...indexes, activeIndex].sort((a, b) => a - b);
}

export const LineGrid = memo(function LineGrid({
  idBase,
  doc,
  activeIndex,
  playheadIndex,
  readOnly,
  handlers,
  apiRef,
  label,
  filter,
  findAccepted,
  ...text
}: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // Positions in the grid are lines' indexes, or under a filter the places of its indexes.
  const shown = filter?.indexes;
  const lineAt = useCallback((position: number) => (shown ? (shown[position] ?? -1) : position), [shown]);
  const positionOf = useCallback((index: number) => (shown ? shown.indexOf(index) : index), [shown]);
  const activePosition = positionOf(activeIndex);
  const rangeExtractor = useCallback((range: Range) => withActive(range, activePosition), [activePosition]);
  const virtualizer = useVirtualizer({
    count: shown ? shown.length : doc.count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATE,
    overscan: 6,
    getItemKey: (position) => doc.row(lineAt(position))?.key ?? -1 - position,
    rangeExtractor,
    initialRect: viewportRect(),
  });

  // A line asked for before the filter shows it (the active line joins the filter on the next render): scrolled to
  // once it is there.
  const pendingScroll = useRef<number | undefined>(undefined);
  useEffect(() => {
    apiRef.current = {
      scrollToIndex: (index) => {
        const position = positionOf(index);
        pendingScroll.current = position === -1 ? index : undefined;
        if (position !== -1) virtualizer.scrollToIndex(position, { align: 'auto' });
      },
    };
    const pending = pendingScroll.current;
    if (pending !== undefined && positionOf(pending) !== -1) {
      pendingScroll.current = undefined;
      virtualizer.scrollToIndex(positionOf(pending), { align: 'auto' });
    }
  }, [apiRef, virtualizer, positionOf]);

  const maxCps = doc.currentProfile.maxCharsPerSecond;
  return (
    <div
      ref={scrollRef}
      className={`line-grid__scroll${filter ? ' line-grid__scroll--filtered' : ''}`}
      data-testid="line-grid"
    >
      {filter ? <GridFilterNotice filter={filter} /> : null}
      <div
        role="grid"
        aria-label={label}
        aria-rowcount={doc.count + 1}
        aria-colcount={6}
        aria-readonly={readOnly || undefined}
        className="line-grid"
      >
        <div role="rowgroup" className="line-grid__head">
          <div role="row" aria-rowindex={1} className="line-row line-row--head">
            <div role="columnheader" className="line-cell line-cell--number">
              #
            </div>
            <div role="columnheader" className="line-cell line-cell--timing">
              Start / stop
            </div>
            <div role="columnheader" className="line-cell line-cell--numbers">
              Length
            </div>
            <div role="columnheader" className="line-cell line-cell--original">
              Original
            </div>
            <div role="columnheader" className="line-cell line-cell--text">
              Translation
            </div>
            <div role="columnheader" className="line-cell line-cell--position">
              Position
            </div>
          </div>
        </div>
        <div role="rowgroup" className="line-grid__body" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const index = lineAt(item.index);
            const row = doc.row(index);
            if (!row) return null;
            const problems = doc.problemsOf(row.key);
            const acceptedRules = findAccepted
              ? problems.flatMap((p) => (findAccepted(row.line, index, p.rule) ? [p.rule] : [])).join(',')
              : '';
            return (
              <LineRow
                key={row.key}
                idBase={idBase}
                index={index}
                rowKey={row.key}
                line={row.line}
                original={doc.originalOf(row.line)}
                glossary={doc.glossary}
                problems={problems}
                acceptedRules={acceptedRules}
                active={index === activeIndex}
                last={index === doc.count - 1}
                playhead={index === playheadIndex}
                readOnly={readOnly}
                dir={text.dir}
                lang={text.lang}
                originalDir={text.originalDir}
                originalLang={text.originalLang}
                textStyle={text.textStyle}
                maxCps={maxCps}
                handlers={handlers}
                start={item.start}
                position={item.index}
                measure={virtualizer.measureElement}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
});
