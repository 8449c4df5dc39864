/**
 * The glossary in the editor (docs/API.md "Glossary"): `GlossaryOriginal` shows a line's original with its terms
 * marked (each `<mark>` says the approved translation and the notes, to screen readers too), and `GlossaryBar` offers
 * the current line's terms with their approved translation to insert at the cursor (also the `insert-term` key).
 * Term texts are user text: rendered as React text, never as HTML.
 */
import { memo, useMemo } from 'react';
import { SafeText } from '../../../components/SafeText';
import './glossary.css';
import { matchableText, termUses, type Glossary, type GlossaryEntry } from '../model/glossary';

function describe(term: GlossaryEntry): string {
  const forbidden = term.forbidden.length ? ` Not: ${term.forbidden.join(', ')}.` : '';
  return `glossary: ${term.source} → ${term.translation}.${term.notes ? ` ${term.notes}` : ''}${forbidden}`;
}

/** The original text; with terms in it, as plain text with each term marked (formatting tags are then not shown). */
export const GlossaryOriginal = memo(function GlossaryOriginal(props: {
  text: string;
  glossary: Glossary | undefined;
  className: string;
  dir: 'rtl' | 'ltr';
  lang: string | undefined;
}) {
  const { text, glossary } = props;
  const parts = useMemo(() => {
    if (!glossary || glossary.size === 0) return undefined;
    const plain = matchableText(text);
    const hits = glossary.hitsIn(plain);
    if (hits.length === 0) return undefined;
    const out: (string | { term: GlossaryEntry; text: string })[] = [];
    let at = 0;
    for (const h of hits) {
      if (h.start > at) out.push(plain.slice(at, h.start));
      out.push({ term: h.term, text: plain.slice(h.start, h.end) });
      at = h.end;
    }
    if (at < plain.length) out.push(plain.slice(at));
    return out;
  }, [text, glossary]);
  if (!parts) return <SafeText text={text} className={props.className} dir={props.dir} lang={props.lang} />;
  return (
    <span className={`${props.className} original-text--glossary`} dir={props.dir} lang={props.lang}>
      {parts.map((p, i) =>
        typeof p === 'string' ? (
          p
        ) : (
          <mark key={i} className="glossary-mark" title={describe(p.term)}>
            {p.text}
            <span className="visually-hidden"> ({describe(p.term)})</span>
          </mark>
        ),
      )}
    </span>
  );
});

interface BarProps {
  glossary: Glossary | undefined;
  /** The current line's number (1-based), original and translation. */
  lineNumber: number;
  original: string | undefined;
  text: string;
  readOnly: boolean;
  /** The keys of the insert command, for the hint. */
  insertKeys: string;
  onInsert: (term: GlossaryEntry) => void;
}

/** The current line's glossary terms: approved translation, notes, whether the line gets it right, and Insert. */
export function GlossaryBar({ glossary, lineNumber, original, text, readOnly, insertKeys, onInsert }: BarProps) {
  const uses = useMemo(
    () => (glossary && original !== undefined ? termUses(glossary, original, text) : []),
    [glossary, original, text],
  );
  if (!glossary) return null;
  return (
    <section className="glossary-bar" aria-label={`Glossary terms of line ${lineNumber}`}>
      <h2 className="glossary-bar__title">Glossary · line {lineNumber}</h2>
      {uses.length === 0 ? (
        <p className="glossary-bar__empty">No glossary term in this line’s original.</p>
      ) : (
        <ul className="glossary-bar__terms">
          {uses.map((u) => (
            <li key={u.term.id} className={`glossary-term glossary-term--${u.kind}`}>
              <span className="glossary-term__source">{u.term.source}</span>
              <span aria-hidden="true"> → </span>
              <span className="visually-hidden"> approved: </span>
              <span className="glossary-term__translation">{u.term.translation}</span>
              {u.kind === 'ok' ? (
                <span className="glossary-term__state"> ✓ used</span>
              ) : u.kind === 'forbidden' ? (
                <span className="glossary-term__state"> ✖ “{u.variant}” is forbidden</span>
              ) : (
                <span className="glossary-term__state"> ⚠ missing</span>
              )}
              {u.term.notes ? <span className="glossary-term__notes"> — {u.term.notes}</span> : null}
              {readOnly ? null : (
                <button
                  type="button"
                  className="button button--small"
                  // Keeps the line's cursor: the text goes where the translator was typing.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => onInsert(u.term)}
                >
                  {u.kind === 'forbidden' ? 'Replace' : 'Insert'}
                  <span className="visually-hidden">
                    {' '}
                    {u.kind === 'forbidden' ? `“${u.variant}” with ` : ''}“{u.term.translation}” in line {lineNumber}
                  </span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {readOnly || uses.length === 0 ? null : (
        <p className="glossary-bar__hint">
          <kbd>{insertKeys}</kbd> fixes the first term not yet right (a forbidden variant is replaced where it stands)
        </p>
      )}
    </section>
  );
}
