/**
 * Undo/redo as a list of changes, not copies of the file. A change is a splice of the row list: at `index`,
 * `removed` rows were replaced by `inserted` rows. Rows are immutable, so a change holds references only.
 * Undo replays the splice backwards. Typing in one line coalesces into one change until a pause or another line.
 */

export interface Splice<R> {
  index: number;
  removed: readonly R[];
  inserted: readonly R[];
}

export interface HistoryEntry<R> {
  label: string;
  splices: readonly Splice<R>[];
  /** Same key within `coalesceMs` and nothing undone in between: the next change joins this entry. */
  coalesceKey?: string | undefined;
  at: number;
}

/** Applies a splice to `rows` in place. */
export function applySplice<R>(rows: R[], splice: Splice<R>): void {
  rows.splice(splice.index, splice.removed.length, ...splice.inserted);
}

/** The splice that undoes `splice`. */
export function invertSplice<R>(splice: Splice<R>): Splice<R> {
  return { index: splice.index, removed: splice.inserted, inserted: splice.removed };
}

export class History<R> {
  private done: HistoryEntry<R>[] = [];
  private undone: HistoryEntry<R>[] = [];

  constructor(
    private readonly limit = 2000,
    private readonly coalesceMs = 1500,
  ) {}

  get canUndo(): boolean {
    return this.done.length > 0;
  }

  get canRedo(): boolean {
    return this.undone.length > 0;
  }

  get undoLabel(): string | undefined {
    return this.done[this.done.length - 1]?.label;
  }

  get redoLabel(): string | undefined {
    return this.undone[this.undone.length - 1]?.label;
  }

  get size(): number {
    return this.done.length;
  }

  /** Records a change that has been applied. A single-row replacement with the same coalesce key joins the last entry. */
  record(label: string, splices: readonly Splice<R>[], coalesceKey?: string, now: number = Date.now()): void {
    this.undone = [];
    const last = this.done[this.done.length - 1];
    const only = splices.length === 1 ? splices[0] : undefined;
    if (
      coalesceKey !== undefined &&
      last &&
      last.coalesceKey === coalesceKey &&
      now - last.at <= this.coalesceMs &&
      only &&
      last.splices.length === 1
    ) {
      const prev = last.splices[0]!;
      if (prev.index === only.index && prev.inserted.length === only.removed.length) {
        this.done[this.done.length - 1] = {
          ...last,
          splices: [{ index: prev.index, removed: prev.removed, inserted: only.inserted }],
          at: now,
        };
        return;
      }
    }
    this.done.push({ label, splices, coalesceKey, at: now });
    if (this.done.length > this.limit) this.done.shift();
  }

  /** Ends coalescing (e.g. when the cursor leaves a line): the next change starts a new entry. */
  seal(): void {
    const last = this.done[this.done.length - 1];
    if (last) this.done[this.done.length - 1] = { ...last, coalesceKey: undefined };
  }

  /** Undoes the last entry on `rows`; returns the splices applied (to refresh checks and move focus), or undefined. */
  undo(rows: R[]): readonly Splice<R>[] | undefined {
    const entry = this.done.pop();
    if (!entry) return undefined;
    const applied: Splice<R>[] = [];
    for (let i = entry.splices.length - 1; i >= 0; i--) {
      const inverse = invertSplice(entry.splices[i]!);
      applySplice(rows, inverse);
      applied.push(inverse);
    }
    this.undone.push({ ...entry, coalesceKey: undefined });
    return applied;
  }

  redo(rows: R[]): readonly Splice<R>[] | undefined {
    const entry = this.undone.pop();
    if (!entry) return undefined;
    for (const splice of entry.splices) applySplice(rows, splice);
    this.done.push(entry);
    return entry.splices;
  }

  clear(): void {
    this.done = [];
    this.undone = [];
  }
}
