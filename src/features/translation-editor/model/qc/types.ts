/**
 * Quality checks, Subtitle Edit's shape: one module per rule behind one small interface,
 * `check(line, next, profile) -> problems`, rules' limits grouped into a per-language profile.
 */
import type { Glossary } from '../glossary';

/** What a rule sees of a line. Times are undefined when the timecode is malformed. */
export interface QcLine {
  text: string;
  startMs: number | undefined;
  stopMs: number | undefined;
  /** The original-language text of this line, when known. */
  original?: string | undefined;
  /** The translation's glossary, when loaded (the `glossary` rule). */
  glossary?: Glossary | undefined;
}

export interface QcProfile {
  /** Characters per row of a subtitle. */
  maxCharsPerLine: number;
  /** Rows per subtitle. */
  maxLinesPerSubtitle: number;
  /** Reading speed limit, characters per second (tags and line breaks not counted). */
  maxCharsPerSecond: number;
  minDurationMs: number;
  maxDurationMs: number;
  /** Smallest gap to the next line, in frames. */
  minGapFrames: number;
  fps: number;
}

export type QcRuleId =
  | 'chars-per-line'
  | 'lines-per-subtitle'
  | 'reading-speed'
  | 'min-duration'
  | 'max-duration'
  | 'overlap'
  | 'gap'
  | 'empty'
  | 'same-as-original'
  | 'glossary';

export type QcSeverity = 'error' | 'warning';

export interface QcProblem {
  rule: QcRuleId;
  severity: QcSeverity;
  /** One sentence, e.g. "Row 1 has 48 characters (limit 42)". */
  message: string;
}

export interface QcRule {
  id: QcRuleId;
  /** Short name for lists and the legend. */
  label: string;
  check(line: QcLine, next: QcLine | undefined, profile: QcProfile): QcProblem[];
}
