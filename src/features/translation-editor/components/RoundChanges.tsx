/**
 * What the translator changed since the previous round (docs/API.md "Review rounds"): the reviewer reads the lines
 * of the newest two rounds and sees each changed line as a word diff. Shown from the second round on.
 */
import { workRecordKeys } from '../../../lib/workRecordKeys';
import { useQuery } from '@tanstack/react-query';
import { getRound } from '../../../api/translations';
import { roundChanges } from '../model/roundChanges';
import { wordDiff } from '../model/wordDiff';

interface Props {
  translationId: string;
  /** How many rounds were submitted (the translation's `rounds`). */
  rounds: number;
  lineIndexOf: (number: number) => number | undefined;
  onJump: (index: number) => void;
}

export function RoundChanges({ translationId, rounds, lineIndexOf, onJump }: Props) {
  const changes = useQuery({
    queryKey: [...workRecordKeys.translation(translationId), 'round-changes', rounds],
    queryFn: async ({ signal }) => {
      const [before, after] = await Promise.all([
        getRound(translationId, rounds - 1, signal),
        getRound(translationId, rounds, signal),
      ]);
      return roundChanges(before.data.lines ?? [], after.data.lines ?? []);
    },
    enabled: rounds >= 2,
    staleTime: Infinity,
  });
  if (rounds < 2) return null;
  return (
    <section className="round-changes" aria-label={`Changes since round ${rounds - 1}`}>
      <h3 className="notes__title">Changes since round {rounds - 1}</h3>
      {changes.isPending ? <p className="hint">Reading the rounds…</p> : null}
      {changes.isError ? <p className="form-error">The rounds could not be read.</p> : null}
      {changes.data?.length === 0 ? <p className="hint">No line changed.</p> : null}
      <ul className="notes__list">
        {(changes.data ?? []).map((c) => {
          const index = lineIndexOf(c.number);
          return (
            <li key={c.number} className="notes__item" data-testid="round-change">
              <button
                type="button"
                className="link-button"
                disabled={index === undefined}
                onClick={() => index !== undefined && onJump(index)}
              >
                Line {index === undefined ? '?' : index + 1}
              </button>{' '}
              {wordDiff(c.before, c.after).map((part, i) =>
                part.kind === 'same' ? (
                  <span key={i}>{part.text}</span>
                ) : part.kind === 'added' ? (
                  <ins key={i}>
                    <span className="visually-hidden">[added: </span>
                    {part.text}
                    <span className="visually-hidden">]</span>
                  </ins>
                ) : (
                  <del key={i}>
                    <span className="visually-hidden">[removed: </span>
                    {part.text}
                    <span className="visually-hidden">]</span>
                  </del>
                ),
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
