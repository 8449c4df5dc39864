/**
 * The wizard's draft kept in sessionStorage per user and per starting point (an asset or a project), so a reload
 * or a slip of the back button loses nothing typed; placing the order forgets it. Anything unreadable is no draft.
 */
import { STEPS, type OrderDraft, type Step } from './draft';

export interface SavedDraft {
  step: Step;
  draft: OrderDraft;
  /** The furthest step reached (its index), so a reload opens no step not yet passed. */
  reached?: number;
}

const PREFIX = 'mws.order-draft';

export function draftKey(userId: string, from: string): string {
  return `${PREFIX}:${userId}:${from}`;
}

export function loadDraft(key: string, storage: Storage = sessionStorage): SavedDraft | undefined {
  try {
    const raw = storage.getItem(key);
    if (!raw) return undefined;
    const saved = JSON.parse(raw) as Partial<SavedDraft>;
    if (!saved.draft || typeof saved.draft !== 'object' || !STEPS.includes(saved.step as Step)) return undefined;
    return saved as SavedDraft;
  } catch {
    return undefined;
  }
}

export function saveDraft(key: string, saved: SavedDraft, storage: Storage = sessionStorage): void {
  keepInSession(key, saved, storage);
}

/** Keeps a value as JSON (the wizard's draft, the order queue); storage full or refused: it lives on in the page. */
export function keepInSession(key: string, value: unknown, storage: Storage = sessionStorage): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused: the value lives on in the page.
  }
}

export function forgetDraft(key: string, storage: Storage = sessionStorage): void {
  try {
    storage.removeItem(key);
  } catch {
    // nothing kept
  }
}
