/**
 * The lines being edited, their quality checks and their undo history. Pure (no React): the page subscribes.
 *
 * Performance: an edit replaces one row in place (rows are immutable objects, the array is spliced), records
 * one change in the history (references, not copies) and re-checks only the edited rows and their neighbours.
 * Problems are cached per row (the same array while they stay the same); counts are kept up to date incrementally.
 */
import type { Line } from '../../../api/schema/translation';
import { History, applySplice, type Splice } from './history';
import { checkLine } from './qc/rules';
import type { QcLine, QcProblem, QcProfile } from './qc/types';
import {
  positionOf,
  sameLine,
  startMsOf,
  stopMsOf,
  withPosition,
  withText,
  withTiming,
  type Position,
} from './lineFields';
import { mergeLines, splitLine } from './splitMerge';
import { frameMs, moveTiming, nudge, placeEdge, snapToFrame, type Timing, type TimingEdge } from './timecode';
import { SNAP_FRAMES, nearestShot, shotAhead } from './shotSnap';
import type { OriginalIndex } from './originals';
import type { Glossary } from './glossary';

export interface Row {
  /** Stable identity of the row while editing (React key, focus, cached checks). */
  readonly key: number;
  readonly line: Line;
}

export interface LineEdit {
  index: number;
  line: Line;
}

const NONE: readonly QcProblem[] = Object.freeze([]);

const sameProblems = (a: readonly QcProblem[], b: readonly QcProblem[]) =>
  a.length === b.length &&
  a.every((p, i) => p.rule === b[i]!.rule && p.severity === b[i]!.severity && p.message === b[i]!.message);

export class EditorDocument {
  private rows: Row[];
  private nextKey = 0;
  private readonly loaded = new Map<number, Line>();
  private readonly problems = new Map<number, readonly QcProblem[]>();
  private rowsWithProblems = 0;
  /** Shot changes (ms on frames, ascending) that edges snap to; empty when snapping is off or there are none. */
  private shots: readonly number[] = [];
  private readonly listeners = new Set<() => void>();
  readonly history = new History<Row>();
  private glossaryNow: Glossary | undefined;
  /** Bumped on every change the page must show. */
  version = 0;
  /** Bumped on every change of the lines (not on profile changes): autosave watches it. */
  editVersion = 0;

  constructor(
    lines: readonly Line[],
    private profile: QcProfile,
    private originals: OriginalIndex | undefined = undefined,
    glossary: Glossary | undefined = undefined,
  ) {
    this.glossaryNow = glossary;
    this.rows = lines.map((line) => this.newRow(line));
    for (const row of this.rows) this.loaded.set(row.key, row.line);
    this.recheckAll();
  }

  // ----- reading -----

  get count(): number {
    return this.rows.length;
  }

  row(index: number): Row | undefined {
    return this.rows[index];
  }

  indexOfKey(key: number): number {
    return this.rows.findIndex((r) => r.key === key);
  }

  /** The lines now, in order (a new array of the same line objects). */
  lines(): Line[] {
    return this.rows.map((r) => r.line);
  }

  originalOf(line: Line): string | undefined {
    return this.originals?.textFor(line);
  }

  /** The translation's glossary, once loaded (highlights and the `glossary` check). */
  get glossary(): Glossary | undefined {
    return this.glossaryNow;
  }

  problemsOf(key: number): readonly QcProblem[] {
    return this.problems.get(key) ?? NONE;
  }

  get problemRowCount(): number {
    return this.rowsWithProblems;
  }

  get currentProfile(): QcProfile {
    return this.profile;
  }

  /** Rows with problems, in order (a scan of the cache; no rule runs). */
  problemRows(): { index: number; row: Row; problems: readonly QcProblem[] }[] {
    const out: { index: number; row: Row; problems: readonly QcProblem[] }[] = [];
    this.rows.forEach((row, index) => {
      const p = this.problems.get(row.key);
      if (p && p.length > 0) out.push({ index, row, problems: p });
    });
    return out;
  }

  canReset(index: number): boolean {
    const row = this.rows[index];
    if (!row) return false;
    const loaded = this.loaded.get(row.key);
    return loaded !== undefined && !sameLine(loaded, row.line);
  }

  // ----- editing -----

  setText(index: number, text: string): boolean {
    const row = this.rows[index];
    if (!row || (row.line.text ?? '') === text) return false;
    this.commit(
      'Edit text',
      [{ index, removed: [row], inserted: [{ key: row.key, line: withText(row.line, text) }] }],
      `text:${row.key}`,
    );
    return true;
  }

  setTiming(index: number, startMs: number, stopMs: number): boolean {
    const row = this.rows[index];
    if (!row || (startMsOf(row.line) === startMs && stopMsOf(row.line) === stopMs)) return false;
    this.commit('Change timing', [
      { index, removed: [row], inserted: [{ key: row.key, line: withTiming(row.line, startMs, stopMs) }] },
    ]);
    return true;
  }

  /** Moves the start or stop by `frames` frames, never into a neighbour. False when it cannot move. */
  nudge(index: number, edge: TimingEdge, frames: number): boolean {
    const timing = this.timingAt(index);
    const [previous, next] = [this.timingAt(index - 1), this.timingAt(index + 1)];
    let moved = timing && nudge(timing, edge, frames, this.profile.fps, previous, next);
    if (timing && moved && this.shots.length > 0) {
      const key = edge === 'start' ? 'startMs' : 'stopMs';
      const shot = shotAhead(timing[key], moved[key], this.shots, this.snapReach);
      if (shot !== undefined) moved = placeEdge(timing, edge, shot, this.profile.fps, previous, next) ?? moved;
    }
    return moved
      ? this.retimed(
          index,
          edge === 'start' ? 'Nudge start' : 'Nudge stop',
          moved,
          `nudge-${edge}:${this.rows[index]!.key}`,
        )
      : false;
  }

  /**
   * Puts the start or stop at `ms`, snapped to a frame, never into a neighbour (the waveform's edge drags, "set
   * in/out at the playhead"). False when it cannot move.
   */
  placeEdge(index: number, edge: TimingEdge, ms: number, label: string, toShots = true): boolean {
    const timing = this.timingAt(index);
    const fps = this.profile.fps;
    // A drag lands on a near shot change; "at the playhead" is the frame the user stopped on (`toShots` false).
    const at = (toShots ? nearestShot(ms, this.shots, this.snapReach) : undefined) ?? snapToFrame(ms, fps);
    const placed = timing && placeEdge(timing, edge, at, fps, this.timingAt(index - 1), this.timingAt(index + 1));
    return placed ? this.retimed(index, label, placed) : false;
  }

  /** Moves the whole line to start at `startMs` (snapped to a frame), its length kept, between its neighbours. */
  moveLine(index: number, startMs: number): boolean {
    const timing = this.timingAt(index);
    const moved =
      timing &&
      moveTiming(timing, snapToFrame(startMs, this.profile.fps), this.timingAt(index - 1), this.timingAt(index + 1));
    return moved ? this.retimed(index, 'Move line', moved) : false;
  }

  /** The start and stop of a line in milliseconds; undefined when either is missing or malformed. */
  timingAt(index: number): Timing | undefined {
    const line = this.rows[index]?.line;
    const startMs = line && startMsOf(line);
    const stopMs = line && stopMsOf(line);
    return startMs !== undefined && stopMs !== undefined ? { startMs, stopMs } : undefined;
  }

  setPosition(index: number, position: Position): boolean {
    const row = this.rows[index];
    if (!row || positionOf(row.line) === position) return false;
    this.commit('Change position', [
      { index, removed: [row], inserted: [{ key: row.key, line: withPosition(row.line, position) }] },
    ]);
    return true;
  }

  split(index: number, cursor: number): boolean {
    const row = this.rows[index];
    const parts = row && splitLine(row.line, cursor);
    if (!row || !parts) return false;
    this.commit('Split line', [
      { index, removed: [row], inserted: [{ key: row.key, line: parts.first }, this.newRow(parts.second)] },
    ]);
    return true;
  }

  mergeWithNext(index: number): boolean {
    const a = this.rows[index];
    const b = this.rows[index + 1];
    const merged = a && b && mergeLines(a.line, b.line);
    if (!a || !b || !merged) return false;
    this.commit('Merge lines', [{ index, removed: [a, b], inserted: [{ key: a.key, line: merged }] }]);
    return true;
  }

  /** Back to the line as it was loaded. */
  reset(index: number): boolean {
    const row = this.rows[index];
    const loaded = row && this.loaded.get(row.key);
    if (!row || !loaded || sameLine(loaded, row.line)) return false;
    this.commit('Reset line', [{ index, removed: [row], inserted: [{ key: row.key, line: loaded }] }]);
    return true;
  }

  /** Several one-line replacements as one undoable change (replace all, import). */
  applyEdits(label: string, edits: readonly LineEdit[]): number {
    const splices: Splice<Row>[] = [];
    for (const { index, line } of edits) {
      const row = this.rows[index];
      if (!row || sameLine(row.line, line)) continue;
      splices.push({ index, removed: [row], inserted: [{ key: row.key, line }] });
    }
    if (splices.length > 0) this.commit(label, splices);
    return splices.length;
  }

  /** Every line replaced (restoring a draft, resolving a conflict) as one undoable change. */
  replaceAll(label: string, lines: readonly Line[]): void {
    const inserted = lines.map((line, i) => {
      const old = this.rows[i];
      return old && old.line.number === line.number ? { key: old.key, line } : this.newRow(line);
    });
    this.commit(label, [{ index: 0, removed: this.rows.slice(), inserted }]);
  }

  undo(): number | undefined {
    this.history.seal();
    const applied = this.history.undo(this.rows);
    return applied ? this.afterSplices(applied) : undefined;
  }

  redo(): number | undefined {
    const applied = this.history.redo(this.rows);
    return applied ? this.afterSplices(applied) : undefined;
  }

  /** Ends typing coalescing: the next keystroke starts a new undo step. */
  seal(): void {
    this.history.seal();
  }

  /** The lines as saved on the server are now these: "reset" goes back to them. */
  markLoaded(lines: readonly Line[]): void {
    this.loaded.clear();
    this.rows.forEach((row, i) => {
      const saved = lines[i];
      if (saved) this.loaded.set(row.key, saved);
    });
  }

  /** The shot changes edges snap to when dragged or nudged (model/shotSnap.ts); [] turns snapping off. */
  setShotChanges(shotsMs: readonly number[]): void {
    const fps = this.profile.fps;
    this.shots = [...new Set(shotsMs.map((ms) => snapToFrame(ms, fps)))].sort((a, b) => a - b);
  }

  private get snapReach(): number {
    return SNAP_FRAMES * frameMs(this.profile.fps);
  }

  setProfile(profile: QcProfile): void {
    this.profile = profile;
    this.recheckAll();
    this.emit(false);
  }

  /** The same index again changes nothing (no pass of the checks). */
  setOriginals(originals: OriginalIndex | undefined): void {
    if (originals === this.originals) return;
    this.originals = originals;
    this.recheckAll();
    this.emit(false);
  }

  /** The same glossary again changes nothing (no pass of the checks). */
  setGlossary(glossary: Glossary | undefined): void {
    if (glossary === this.glossaryNow) return;
    this.glossaryNow = glossary;
    this.recheckAll();
    this.emit(false);
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ----- internals -----

  private retimed(index: number, label: string, timing: Timing, coalesceKey?: string): boolean {
    const row = this.rows[index]!;
    const line = withTiming(row.line, timing.startMs, timing.stopMs);
    this.commit(label, [{ index, removed: [row], inserted: [{ key: row.key, line }] }], coalesceKey);
    return true;
  }

  private newRow(line: Line): Row {
    return { key: this.nextKey++, line };
  }

  private commit(label: string, splices: readonly Splice<Row>[], coalesceKey?: string): void {
    for (const s of splices) applySplice(this.rows, s);
    this.history.record(label, splices, coalesceKey);
    this.afterSplices(splices);
  }

  /** Re-checks what the splices touched; returns the first affected index (for focus). */
  private afterSplices(splices: readonly Splice<Row>[]): number {
    for (const s of splices) for (const r of s.removed) this.setProblems(r.key, NONE);
    let first = Number.POSITIVE_INFINITY;
    for (const s of splices) {
      first = Math.min(first, s.index);
      const to = Math.min(this.rows.length - 1, s.index + s.inserted.length);
      for (let i = Math.max(0, s.index - 1); i <= to; i++) this.recheck(i);
    }
    this.emit(true);
    return Number.isFinite(first) ? Math.min(first, Math.max(0, this.rows.length - 1)) : 0;
  }

  private qcLine(row: Row): QcLine {
    return {
      text: row.line.text ?? '',
      startMs: startMsOf(row.line),
      stopMs: stopMsOf(row.line),
      original: this.originals?.textFor(row.line),
      glossary: this.glossaryNow,
    };
  }

  private recheck(index: number): void {
    const row = this.rows[index];
    if (!row) return;
    const next = this.rows[index + 1];
    this.setProblems(row.key, checkLine(this.qcLine(row), next && this.qcLine(next), this.profile));
  }

  private recheckAll(): void {
    this.problems.clear();
    this.rowsWithProblems = 0;
    for (let i = 0; i < this.rows.length; i++) this.recheck(i);
  }

  /** Keeps the cached array when the problems are the same: its rows (memoized on it) skip re-rendering. */
  private setProblems(key: number, problems: readonly QcProblem[]): void {
    const cached = this.problems.get(key);
    if (cached && sameProblems(cached, problems)) return;
    const before = cached?.length ?? 0;
    if (problems.length === 0) this.problems.delete(key);
    else this.problems.set(key, problems);
    this.rowsWithProblems += (problems.length > 0 ? 1 : 0) - (before > 0 ? 1 : 0);
  }

  private emit(edited: boolean): void {
    this.version++;
    if (edited) this.editVersion++;
    for (const l of this.listeners) l();
  }
}
