/**
 * Unsaved edits this browser kept (model/drafts.ts) that differ from the server's lines: offered once the editor
 * opens, restored as one undoable step, or compared line by line when the server's version moved on since.
 */
import { useState } from 'react';
import type { Line } from '../../../api/schema/translation';
import type { EditorDocument } from '../model/editorDocument';
import { browserStorage, clearDraft, loadDraft, type Draft } from '../model/drafts';
import { sameLine } from '../model/lineFields';

interface Options {
  doc: EditorDocument;
  translationId: string;
  serverLines: Line[];
  etag: string | undefined;
  /** Opens the conflict view of the draft against the server's lines. */
  openConflict: (mine: Line[]) => void;
}

export function useDraftRecovery({ doc, translationId, serverLines, etag, openConflict }: Options) {
  const [draft, setDraft] = useState<Draft | undefined>(() => {
    const found = loadDraft(browserStorage(), translationId);
    if (!found) return undefined;
    const differs =
      found.lines.length !== serverLines.length || found.lines.some((l, i) => !sameLine(l, serverLines[i]));
    if (!differs) clearDraft(browserStorage(), translationId);
    return differs ? found : undefined;
  });

  const restore = () => {
    if (!draft) return;
    if (draft.baseEtag && etag && draft.baseEtag !== etag) openConflict(draft.lines);
    else doc.replaceAll('Restore unsaved edits', draft.lines);
    setDraft(undefined);
  };

  const discard = () => {
    clearDraft(browserStorage(), translationId);
    setDraft(undefined);
  };

  return { draft, restore, discard };
}
