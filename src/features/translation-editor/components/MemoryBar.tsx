/**
 * Translation memory in the editor (docs/API.md, "Translation memory"): the "Memories" switch (per job), which, turned
 * on, previews what filling the empty lines from exact matches would change and fills only once the translator says
 * so; and the matches of the line being edited — exact and similar, with their percentage and the words that differ
 * from this line's original, a term the glossary forbids flagged — each usable by a click, or Alt+U (the best one
 * without a forbidden term). A deployment without the extension says so and the switch turns off.
 */
import { useLayoutEffect, useState, type RefObject } from 'react';
import type { MemoryMatch } from '../../../api/schema/memory';
import { isUnavailable } from '../../../api/client';
import { Unavailable } from '../../../components/Unavailable';
import type { EditorDocument } from '../model/editorDocument';
import { filledLine, forbiddenUse, type FillPlan, type ForbiddenUse } from '../model/memoryFill';
import { MemoryFillDialog } from './MemoryFillDialog';
import { ForbiddenNote } from './ForbiddenNote';
import { wordDiff } from '../model/wordDiff';
import { plainText } from '../model/text';
import { SafeText } from '../../../components/SafeText';
import { useMemoryPreference } from '../hooks/useMemoryPreference';
import { planFill, useLineMatches, useMemoryPreview } from '../memoryQueries';
import './memory.css';

/** What the editor's Alt+U calls: uses the best match of the line; false when there is none. */
export interface MemoryApi {
  useBest(index: number): boolean;
}

interface Props {
  doc: EditorDocument;
  /** The document's version: the bar reads the active line's original from it. */
  version: number;
  translationId: string;
  activeIndex: number;
  readOnly: boolean;
  apiRef: RefObject<MemoryApi | undefined>;
  /** A match was put in line `index` (focus it, say so). */
  onUsed: (index: number, match: MemoryMatch) => void;
}

export function MemoryBar({ doc, translationId, activeIndex, readOnly, apiRef, onUsed }: Props) {
  const [on, setOn] = useMemoryPreference(translationId);
  const preview = useMemoryPreview(doc, translationId);
  /** The fill being previewed (asked, not yet written), and how many lines the last confirmed fill wrote. */
  const [plan, setPlan] = useState<FillPlan | undefined>();
  const [filled, setFilled] = useState<number | undefined>();
  const row = doc.row(activeIndex);
  const original = row ? doc.originalOf(row.line) : undefined;
  const matches = useLineMatches(translationId, original, on);
  const unavailable = isUnavailable(preview.error) || isUnavailable(matches.error);

  /** Looks the empty lines up and shows what filling them would change; nothing is written before the answer. */
  const askToFill = () => {
    setFilled(undefined);
    preview.mutate(undefined, { onSuccess: (lookups) => setPlan(planFill(doc, lookups)) });
  };

  const use = (index: number, match: MemoryMatch | undefined): boolean => {
    const line = doc.row(index)?.line;
    if (readOnly || !line || !match?.text) return false;
    if (doc.applyEdits('Use memory match', [{ index, line: filledLine(line, match.text) }]) === 0) return false;
    onUsed(index, match);
    return true;
  };
  const flagOf = (m: MemoryMatch) => (original && m.text ? forbiddenUse(doc.glossary, original, m.text) : undefined);
  // Alt+U never puts in a forbidden term: the best match without one (a flagged one is used by its own button).
  const best = on && !unavailable ? matches.data?.find((m) => !flagOf(m)) : undefined;
  useLayoutEffect(() => {
    apiRef.current = { useBest: (index) => index === activeIndex && use(index, best) };
  });

  return (
    <section className="memory-bar" aria-label="Translation memory">
      <div className="memory-bar__head">
        <label className="memory-bar__switch">
          <input
            type="checkbox"
            role="switch"
            checked={on && !unavailable}
            disabled={unavailable}
            onChange={(e) => {
              setOn(e.target.checked);
              if (e.target.checked && !readOnly) askToFill();
            }}
          />
          Memories
        </label>
        {unavailable ? (
          <Unavailable what="Translation memory">The editor works without it.</Unavailable>
        ) : on ? (
          <FillStatus preview={preview} filled={filled} readOnly={readOnly} onFill={askToFill} />
        ) : (
          <span className="muted">Off for this job: lines are not filled from approved translations.</span>
        )}
      </div>
      {on && !unavailable && row ? (
        <LineMatches
          lineNumber={activeIndex + 1}
          original={original}
          query={matches}
          readOnly={readOnly}
          flagOf={flagOf}
          onUse={(m) => use(activeIndex, m)}
        />
      ) : null}
      {plan ? (
        <MemoryFillDialog
          doc={doc}
          plan={plan}
          onConfirm={() => {
            // Checked again against the lines as they are now: one typed in meanwhile is left alone.
            const now = preview.data ? planFill(doc, preview.data) : plan;
            setFilled(doc.applyEdits('Fill from memory', now.edits));
            setPlan(undefined);
          }}
          onClose={() => setPlan(undefined)}
        />
      ) : null}
    </section>
  );
}

function FillStatus({
  preview,
  filled,
  readOnly,
  onFill,
}: {
  preview: ReturnType<typeof useMemoryPreview>;
  filled: number | undefined;
  readOnly: boolean;
  onFill: () => void;
}) {
  if (preview.isPending) return <span role="status">Looking up the empty lines in the memory…</span>;
  if (preview.isError)
    return (
      <span role="alert" className="memory-bar__error">
        The memory could not be read: {preview.error.message}{' '}
        <button type="button" className="button button--small" onClick={onFill}>
          Try again
        </button>
      </span>
    );
  return (
    <span role="status">
      {filled === undefined
        ? ''
        : filled === 0
          ? 'No line filled. '
          : `${filled} empty line${filled === 1 ? '' : 's'} filled from the memory (Undo takes them back). `}
      {readOnly ? null : (
        <button type="button" className="button button--small" onClick={onFill}>
          Fill empty lines…
        </button>
      )}
    </span>
  );
}

function LineMatches({
  lineNumber,
  original,
  query,
  readOnly,
  flagOf,
  onUse,
}: {
  lineNumber: number;
  original: string | undefined;
  query: ReturnType<typeof useLineMatches>;
  readOnly: boolean;
  flagOf: (match: MemoryMatch) => ForbiddenUse | undefined;
  onUse: (match: MemoryMatch) => void;
}) {
  const title = <h3 className="memory-bar__title">Memory for line {lineNumber}</h3>;
  if (!original?.trim())
    return (
      <div className="memory-bar__matches">
        {title}
        <p className="muted">This line has no original text to look up.</p>
      </div>
    );
  return (
    <div className="memory-bar__matches" aria-busy={query.isFetching}>
      {title}
      {query.isPending ? (
        <p className="muted">Looking up line {lineNumber}…</p>
      ) : query.isError ? (
        <p role="alert" className="memory-bar__error">
          Could not look up this line: {query.error.message}{' '}
          <button type="button" className="button button--small" onClick={() => void query.refetch()}>
            Try again
          </button>
        </p>
      ) : query.data.length === 0 ? (
        <p className="muted">No match of 75 % or more.</p>
      ) : (
        <ol className="memory-bar__list">
          {query.data.map((m, i) => {
            const flag = flagOf(m);
            return (
              <li key={`${m.translation ?? ''}-${i}`} className={`memory-match${flag ? ' memory-match--flagged' : ''}`}>
                <span className={`memory-match__score${m.exact ? ' memory-match__score--exact' : ''}`}>
                  {m.similarity ?? 0}%<span className="visually-hidden">{m.exact ? ' exact match' : ' similar'}</span>
                </span>
                <div className="memory-match__texts">
                  <p className="memory-match__original">
                    <span className="visually-hidden">Remembered original, compared with this line's: </span>
                    {m.exact ? plainText(m.original ?? '') : <Diff from={m.original ?? ''} to={original} />}
                  </p>
                  <p className="memory-match__text">
                    <span className="visually-hidden">Its translation: </span>
                    <SafeText text={m.text ?? ''} />
                  </p>
                  {flag ? <ForbiddenNote flag={flag} /> : null}
                </div>
                <button
                  type="button"
                  className="button button--small"
                  disabled={readOnly}
                  onClick={() => onUse(m)}
                  title={!flag && m === query.data.find((x) => !flagOf(x)) ? 'Alt+U' : undefined}
                >
                  Use
                  <span className="visually-hidden">
                    {' '}
                    match {i + 1} in line {lineNumber}
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}

/**
 * This line's original, with the words the remembered one lacks inserted and the ones it has extra struck out: the
 * words as a viewer reads them (tags out, as the similarity is computed), so markup never shows as a difference.
 */
function Diff({ from, to }: { from: string; to: string }) {
  const [was, is] = [plainText(from), plainText(to)];
  if (was.trim().toLowerCase() === is.trim().toLowerCase())
    return (
      <>
        {is} <em className="memory-match__formatting">(only the formatting differs)</em>
      </>
    );
  return (
    <>
      {wordDiff(was, is).map((part, i) =>
        part.kind === 'same' ? (
          <span key={i}>{part.text}</span>
        ) : part.kind === 'added' ? (
          <ins key={i}>
            <span className="visually-hidden">[this line has: </span>
            {part.text}
            <span className="visually-hidden">]</span>
          </ins>
        ) : (
          <del key={i}>
            <span className="visually-hidden">[remembered has: </span>
            {part.text}
            <span className="visually-hidden">]</span>
          </del>
        ),
      )}
    </>
  );
}
