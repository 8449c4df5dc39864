/** Quality problems as a list with next/previous jumps. Built from the per-line cache (no rule runs here). */
import { memo, useDeferredValue, useMemo } from 'react';
import type { EditorDocument } from '../model/editorDocument';
import type { Line } from '../../../api/schema/translation';
import type { QcAcceptance } from '../../../api/schema/qcAcceptance';
import { acceptedFinder, type AcceptedFinder } from '../model/qc/accepted';
import type { QcProblem, QcProfile, QcRuleId } from '../model/qc/types';
import { countByRule, rowsOfRule } from '../model/qc/grouping';
import { ruleLabel } from '../model/submitCheck';
import { plural } from '../../../lib/format';
import { specNumbers } from '../../../lib/specText';
import { useStableCallback } from '../../../lib/useStableCallback';

interface Props {
  doc: EditorDocument;
  version: number;
  onJump: (index: number) => void;
  onNext: () => void;
  onPrevious: () => void;
  /** The delivery specification the checks run by (its numbers are the document's profile). */
  specName?: string | undefined;
  /** The translation's accepted problems (shown with their reasons). */
  accepted: readonly QcAcceptance[];
  /** Asks for a reason to accept a line's problem by a rule; undefined when the translation is not editable. */
  onAccept?: ((index: number, rule: QcRuleId) => void) | undefined;
  onUndo?: ((acceptance: QcAcceptance) => void) | undefined;
  /** The rule whose lines the panel and the line grid show (every rule's when undefined). */
  rule: QcRuleId | undefined;
  onRule: (rule: QcRuleId | undefined) => void;
}

const SHOWN = 300;

/**
 * One entry of the list: the line (a jump to it) and its problems, each accepted one with its reason and Undo, the
 * others with Accept… when the translator may. Memoized on the line's cached problems (the same array until that
 * line changes), so a keystroke re-renders the one entry of the line being typed in, not all 300.
 */
const ProblemItem = memo(function ProblemItem({
  index,
  line,
  problems,
  findAccepted,
  onJump,
  onAccept,
  onUndo,
}: {
  index: number;
  line: Line;
  problems: readonly QcProblem[];
  findAccepted: AcceptedFinder<QcAcceptance>;
  onJump: (index: number) => void;
  onAccept: ((index: number, rule: QcRuleId) => void) | undefined;
  onUndo: ((acceptance: QcAcceptance) => void) | undefined;
}) {
  const accepted = problems.map((p) => findAccepted(line, index, p.rule));
  // One action per rule (a rule may flag two rows of one line).
  const rules = [...new Set(problems.map((p) => p.rule))].filter((r) => r !== 'empty');
  return (
    <li>
      <button type="button" className="problems-panel__item" onClick={() => onJump(index)}>
        <span className="problems-panel__line">Line {index + 1}</span>
        {problems.map((p, i) => (
          <span key={i} className={`problems-panel__problem line-problem--${accepted[i] ? 'accepted' : p.severity}`}>
            <span aria-hidden="true">{accepted[i] ? '✓ ' : p.severity === 'error' ? '✖ ' : '⚠ '}</span>
            {p.message}
            {accepted[i] ? ' (accepted)' : ''}
          </span>
        ))}
      </button>
      {rules.map((rule) => {
        const acceptance = findAccepted(line, index, rule);
        if (acceptance)
          return (
            <p key={rule} className="problems-panel__accepted" data-testid="accepted-problem">
              <span>
                {ruleLabel(rule)} accepted: “{acceptance.reason}”
              </span>
              {onUndo ? (
                <button type="button" className="button button--small" onClick={() => onUndo(acceptance)}>
                  Undo{' '}
                  <span className="visually-hidden">
                    accepting {ruleLabel(rule)} on line {index + 1}
                  </span>
                </button>
              ) : null}
            </p>
          );
        return onAccept ? (
          <button
            key={rule}
            type="button"
            className="button button--small problems-panel__accept"
            onClick={() => onAccept(index, rule)}
          >
            Accept {ruleLabel(rule)}…<span className="visually-hidden"> on line {index + 1}</span>
          </button>
        ) : null;
      })}
    </li>
  );
});

/** The spec's name and numbers, as the translator, the reviewer and the coordinator all see them. */
function SpecSummary({ name, profile }: { name: string; profile: QcProfile }) {
  return (
    <p className="hint" data-testid="applied-spec">
      By <strong>{name}</strong>: {specNumbers(profile)}
    </p>
  );
}

/** Memoized: the editor passes its deferred version, so a keystroke does not re-render the list. */
export const ProblemsPanel = memo(function ProblemsPanel({
  doc,
  version,
  onJump,
  onNext,
  onPrevious,
  specName,
  rule,
  onRule,
  accepted,
  onAccept,
  onUndo,
}: Props) {
  const findAccepted = useMemo(() => acceptedFinder(accepted), [accepted]);
  // The parent passes new handlers each render; the entries get ones that never change and call the latest, so
  // their memo holds and a keystroke re-renders only the entry of the line typed in.
  const jump = useStableCallback(onJump);
  const accept = useStableCallback(onAccept);
  const undo = useStableCallback(onUndo);
  const deferred = useDeferredValue(version);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `deferred` stands for the document's state
  const all = useMemo(() => doc.problemRows(), [doc, deferred]);
  const counts = useMemo(() => countByRule(all), [all]);
  // A chosen rule stays chosen once its last line is fixed (0 lines): the grid's filter says so too.
  const choices =
    rule === undefined || counts.some((c) => c.rule === rule) ? counts : [...counts, { rule, lines: 0, error: false }];
  const rows = useMemo(() => rowsOfRule(all, rule), [all, rule]);
  return (
    <aside className="problems-panel" aria-labelledby="problems-heading">
      <div className="problems-panel__head">
        <h2 id="problems-heading">Checks</h2>
        {specName ? <SpecSummary name={specName} profile={doc.currentProfile} /> : null}
        <p className="problems-panel__count" aria-live="polite" data-testid="problem-count">
          {all.length === 0 ? 'No problems' : `${plural(all.length, 'line')} with problems`}
          {accepted.length > 0 ? `, ${plural(accepted.length, 'accepted problem')}` : ''}
        </p>
        {choices.length > 0 ? (
          <label className="problems-panel__rule">
            <span>Show</span>
            <select
              value={rule ?? ''}
              onChange={(e) => onRule(e.target.value === '' ? undefined : (e.target.value as QcRuleId))}
              data-testid="problem-rule"
            >
              <option value="">Every rule ({plural(all.length, 'line')})</option>
              {choices.map((c) => (
                <option key={c.rule} value={c.rule}>
                  {c.error ? '✖' : '⚠'} {ruleLabel(c.rule)} ({plural(c.lines, 'line')})
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <div className="problems-panel__nav">
          <button type="button" className="button button--small" onClick={onPrevious} disabled={rows.length === 0}>
            ↑ Previous <span className="visually-hidden">problem</span>
          </button>
          <button type="button" className="button button--small" onClick={onNext} disabled={rows.length === 0}>
            ↓ Next <span className="visually-hidden">problem</span>
          </button>
        </div>
      </div>
      <ol className="problems-panel__list">
        {rows.slice(0, SHOWN).map(({ index, row, problems }) => (
          <ProblemItem
            key={row.key}
            index={index}
            line={row.line}
            problems={problems}
            findAccepted={findAccepted}
            onJump={jump}
            onAccept={accept}
            onUndo={undo}
          />
        ))}
      </ol>
      {rows.length > SHOWN ? <p className="hint">Showing the first {SHOWN}; use Next (F8) to go through all.</p> : null}
    </aside>
  );
});
