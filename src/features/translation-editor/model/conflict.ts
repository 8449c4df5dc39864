/**
 * A save answered 409: someone else saved first. Three versions of the lines: `base` (what we last loaded or
 * saved), `mine` (the editor now) and `theirs` (the server now). Lines are aligned by position. Where only one
 * side changed a line, that side wins without asking; where both changed it differently, the user chooses.
 */
import type { Line } from '../../../api/schema/translation';
import { sameLine } from './lineFields';

export interface ConflictLine {
  index: number;
  base: Line | undefined;
  mine: Line | undefined;
  theirs: Line | undefined;
}

export interface ConflictPlan {
  /** The merged lines where no choice is needed; `undefined` at conflicting positions. */
  merged: (Line | undefined)[];
  conflicts: ConflictLine[];
  /** How many lines were taken from theirs without asking. */
  takenFromTheirs: number;
}

export type Choice = 'mine' | 'theirs';

export function planConflict(base: readonly Line[], mine: readonly Line[], theirs: readonly Line[]): ConflictPlan {
  const length = Math.max(base.length, mine.length, theirs.length);
  const merged = new Array<Line | undefined>(length);
  const conflicts: ConflictLine[] = [];
  let takenFromTheirs = 0;
  for (let i = 0; i < length; i++) {
    const b = base[i];
    const m = mine[i];
    const t = theirs[i];
    if (sameLine(m, t)) merged[i] = m;
    else if (sameLine(m, b)) {
      merged[i] = t;
      takenFromTheirs++;
    } else if (sameLine(t, b)) merged[i] = m;
    else {
      merged[i] = undefined;
      conflicts.push({ index: i, base: b, mine: m, theirs: t });
    }
  }
  return { merged, conflicts, takenFromTheirs };
}

/** The final lines: the plan with each conflict resolved (default: mine). Positions where the chosen side has no line are dropped. */
export function resolveConflict(plan: ConflictPlan, choices: ReadonlyMap<number, Choice>): Line[] {
  const out: Line[] = [];
  const byIndex = new Map(plan.conflicts.map((c) => [c.index, c]));
  plan.merged.forEach((line, i) => {
    const conflict = byIndex.get(i);
    const chosen = conflict ? (choices.get(i) === 'theirs' ? conflict.theirs : conflict.mine) : line;
    if (chosen) out.push(chosen);
  });
  return out;
}
