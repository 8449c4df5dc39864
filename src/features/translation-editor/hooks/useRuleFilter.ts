/**
 * The line grid filtered to one rule's problems (chosen in the Checks panel): the lines it flags now, plus the line
 * being worked on, and the notice's words ("0 lines with …" once all are fixed). Undefined when no rule is chosen.
 * The same object while nothing it says changes (the grid is memoized on it).
 */
import { useMemo } from 'react';
import type { EditorDocument } from '../model/editorDocument';
import { indexesOfRule } from '../model/qc/grouping';
import type { QcRuleId } from '../model/qc/types';
import { ruleLabel } from '../model/submitCheck';
import { plural } from '../../../lib/format';
import type { GridFilter } from '../components/GridFilterNotice';

export function useRuleFilter(
  doc: EditorDocument,
  version: number,
  rule: QcRuleId | undefined,
  activeIndex: number,
  onClear: () => void,
): GridFilter | undefined {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` stands for the document's state
  const rows = useMemo(() => (rule === undefined ? [] : doc.problemRows()), [doc, version, rule]);
  const flagged = useMemo(
    () => (rule === undefined ? 0 : rows.filter((r) => r.problems.some((p) => p.rule === rule)).length),
    [rows, rule],
  );
  const indexes = useMemo(
    () => (rule === undefined ? [] : indexesOfRule(rows, rule, activeIndex)),
    [rows, rule, activeIndex],
  );
  return useMemo(
    () =>
      rule === undefined
        ? undefined
        : { indexes, label: `${plural(flagged, 'line')} with ${ruleLabel(rule)} problems`, onClear },
    [indexes, flagged, rule, onClear],
  );
}
