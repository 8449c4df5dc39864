/**
 * Quality checks, Subtitle Edit's shape: one module per rule behind one small interface,
 * `check(line, next, profile) -> problems`, the rules' limits grouped into a profile (an order's delivery
 * specification and the asset's frame rate: docs/API.md "Delivery specifications"). Shared by the editor and the
 * server's submit check: one implementation of each rule.
 */

/** What a rule sees of a line. Times are undefined when the timecode is malformed. */
export interface QcLine {
  text: string;
  startMs: number | undefined;
  stopMs: number | undefined;
  /** The original-language text of this line, when known. */
  original?: string | undefined;
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

/** A rule; `L` is what it reads of a line (the editor's glossary rule reads the line's glossary too). */
export interface QcRule<L extends QcLine = QcLine> {
  id: QcRuleId;
  /** Short name for lists and the legend. */
  label: string;
  check(line: L, next: L | undefined, profile: QcProfile): QcProblem[];
}
