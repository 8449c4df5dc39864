/**
 * The line being worked on and moving the focus to a line: the grid scrolls to it and, once its row is rendered
 * with the document's text, its text box (or start time) takes the focus with the caret where asked. Moving to
 * another line seals the undo step of the one left.
 */
import { useCallback, useRef, useState } from 'react';
import type { EditorDocument } from '../model/editorDocument';
import type { GridApi } from '../components/LineGrid';

export interface FocusRequest {
  caret?: number | 'start' | 'end';
  selection?: [number, number];
  field?: 'text' | 'start';
}

export function useLineFocus(doc: EditorDocument, idBase: string) {
  const [activeIndex, setActiveIndex] = useState(0);
  const gridApi = useRef<GridApi | undefined>(undefined);
  /** A focus asked for and not yet given (its row not rendered yet). */
  const pendingFocus = useRef<({ index: number } & FocusRequest) | undefined>(undefined);

  const applyPendingFocus = useCallback(() => {
    const want = pendingFocus.current;
    if (!want) return true;
    const row = doc.row(want.index);
    if (!row) {
      pendingFocus.current = undefined;
      return true;
    }
    const el = document.getElementById(`${idBase}-${want.field === 'start' ? 'start' : 'text'}-${row.key}`) as
      HTMLTextAreaElement | HTMLInputElement | null;
    if (!el) return false;
    // The row shows the document's text after the deferred render: place the caret in that text, not the old one.
    if (el instanceof HTMLTextAreaElement && el.value !== (row.line.text ?? '')) return false;
    el.focus({ preventScroll: false });
    if (el instanceof HTMLTextAreaElement) {
      if (want.selection) el.setSelectionRange(want.selection[0], want.selection[1]);
      else if (want.caret === 'start') el.setSelectionRange(0, 0);
      else if (want.caret === 'end') el.setSelectionRange(el.value.length, el.value.length);
      else if (typeof want.caret === 'number') el.setSelectionRange(want.caret, want.caret);
    }
    pendingFocus.current = undefined;
    return true;
  }, [doc, idBase]);

  const focusRow = useCallback(
    (index: number, options: FocusRequest = {}) => {
      const i = Math.max(0, Math.min(index, doc.count - 1));
      if (i !== activeIndex) doc.seal();
      setActiveIndex(i);
      gridApi.current?.scrollToIndex(i);
      pendingFocus.current = { index: i, ...options };
      let tries = 0;
      const attempt = () => {
        if (applyPendingFocus() || ++tries > 20) return;
        requestAnimationFrame(attempt);
      };
      requestAnimationFrame(attempt);
    },
    [activeIndex, applyPendingFocus, doc],
  );

  /** Cancels a focus not yet given, answering the line it was for (where the translator was going). */
  const cancelPendingFocus = useCallback(() => {
    const index = pendingFocus.current?.index;
    pendingFocus.current = undefined;
    return index;
  }, []);

  return { activeIndex, setActiveIndex, focusRow, gridApi, cancelPendingFocus };
}
