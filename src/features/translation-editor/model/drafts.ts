/**
 * Unsaved edits kept in the browser (localStorage), so a reload, a crash or a dropped connection loses nothing.
 * One draft per translation: the lines as the editor had them, and the ETag they were based on.
 */
import type { Line } from '../../../api/schema/translation';

export interface Draft {
  translationId: string;
  /** The server version the edits started from (ETag), when known. */
  baseEtag: string | undefined;
  lines: Line[];
  /** Epoch milliseconds. */
  savedAt: number;
}

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const key = (translationId: string) => `mws.translation-draft.${translationId}`;

/** Writes the draft; false when the browser refused (storage full or disabled). */
export function saveDraft(storage: DraftStorage | undefined, draft: Draft): boolean {
  try {
    storage?.setItem(key(draft.translationId), JSON.stringify(draft));
    return storage !== undefined;
  } catch {
    return false;
  }
}

export function loadDraft(storage: DraftStorage | undefined, translationId: string): Draft | undefined {
  try {
    const raw = storage?.getItem(key(translationId));
    if (!raw) return undefined;
    const value = JSON.parse(raw) as Partial<Draft>;
    if (value.translationId !== translationId || !Array.isArray(value.lines) || typeof value.savedAt !== 'number')
      return undefined;
    return {
      translationId,
      baseEtag: typeof value.baseEtag === 'string' ? value.baseEtag : undefined,
      lines: value.lines.filter((l): l is Line => l !== null && typeof l === 'object'),
      savedAt: value.savedAt,
    };
  } catch {
    return undefined;
  }
}

export function clearDraft(storage: DraftStorage | undefined, translationId: string): void {
  try {
    storage?.removeItem(key(translationId));
  } catch {
    // Nothing to do: a stale draft is offered once and can be discarded.
  }
}

export function browserStorage(): DraftStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
