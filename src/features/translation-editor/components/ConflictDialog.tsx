/**
 * Someone else saved first. Lines only one side changed are merged without asking; for each line both changed,
 * the user picks "theirs" or "mine". Nothing is overwritten until they apply.
 */
import { useMemo, useState } from 'react';
import { Modal } from '../../../components/Modal';
import type { Line } from '../../../api/schema/translation';
import { planConflict, resolveConflict, type Choice } from '../model/conflict';
import type { ConflictState } from '../hooks/useTranslationSync';
import { SafeText } from '../../../components/SafeText';

function LineView({ line }: { line: Line | undefined }) {
  if (!line) return <span className="muted">(no line)</span>;
  return (
    <span className="conflict__line">
      <span className="conflict__time">
        {line.startTime} → {line.stopTime}
        {line.alignment === 'top' ? ' · top' : ''}
      </span>
      {line.text ? <SafeText text={line.text} /> : <span className="muted">(empty)</span>}
    </span>
  );
}

const SHOWN = 200;

export function ConflictDialog({
  conflict,
  onResolve,
}: {
  conflict: ConflictState;
  onResolve: (lines: Line[]) => void;
}) {
  const plan = useMemo(() => planConflict(conflict.base, conflict.mine, conflict.theirs), [conflict]);
  const [choices, setChoices] = useState<Map<number, Choice>>(() => new Map());
  const choose = (index: number, choice: Choice) => setChoices((prev) => new Map(prev).set(index, choice));
  const all = (choice: Choice) => setChoices(new Map(plan.conflicts.map((c) => [c.index, choice])));
  return (
    <Modal
      title="Someone else saved this translation"
      onClose={() => onResolve(resolveConflict(plan, choices))}
      description={
        <>
          {plan.takenFromTheirs > 0
            ? `${plan.takenFromTheirs} line${plan.takenFromTheirs === 1 ? '' : 's'} only they changed were taken from their version. `
            : ''}
          {plan.conflicts.length === 0
            ? 'None of your changes clash with theirs.'
            : `${plan.conflicts.length} line${plan.conflicts.length === 1 ? '' : 's'} changed on both sides: choose for each (yours is selected unless you pick theirs).`}
        </>
      }
    >
      {plan.conflicts.length > 0 ? (
        <>
          <div className="conflict__all">
            <button type="button" className="button button--small" onClick={() => all('theirs')}>
              Theirs for all
            </button>
            <button type="button" className="button button--small" onClick={() => all('mine')}>
              Mine for all
            </button>
          </div>
          <ol className="conflict__list" aria-label="Lines changed on both sides">
            {plan.conflicts.slice(0, SHOWN).map((c) => {
              const choice = choices.get(c.index) ?? 'mine';
              return (
                <li key={c.index} className="conflict__item">
                  <fieldset>
                    <legend>Line {c.index + 1}</legend>
                    <label className={`conflict__option${choice === 'theirs' ? ' is-chosen' : ''}`}>
                      <input
                        type="radio"
                        name={`conflict-${c.index}`}
                        checked={choice === 'theirs'}
                        onChange={() => choose(c.index, 'theirs')}
                      />
                      <span className="conflict__who">Theirs</span>
                      <LineView line={c.theirs} />
                    </label>
                    <label className={`conflict__option${choice === 'mine' ? ' is-chosen' : ''}`}>
                      <input
                        type="radio"
                        name={`conflict-${c.index}`}
                        checked={choice === 'mine'}
                        onChange={() => choose(c.index, 'mine')}
                      />
                      <span className="conflict__who">Mine</span>
                      <LineView line={c.mine} />
                    </label>
                  </fieldset>
                </li>
              );
            })}
          </ol>
          {plan.conflicts.length > SHOWN ? (
            <p className="hint">{plan.conflicts.length - SHOWN} more keep “mine” unless you use “Theirs for all”.</p>
          ) : null}
        </>
      ) : null}
      <div className="modal__actions te-actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => onResolve(resolveConflict(plan, choices))}
        >
          Apply and save
        </button>
      </div>
    </Modal>
  );
}
