/**
 * A titled block of a record page. Inside `FoldOnPhones`, on a phone it is folded to its title (a button that
 * unfolds it), so a long record puts what people act on within reach and the rest one tap away; elsewhere it is open.
 */
import { createContext, useContext, useId, useState, type ReactNode } from 'react';
import { PHONE_MAX_WIDTH, useNarrowScreen } from '../lib/useNarrowScreen';
import './record.css';

interface Props {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  /** Short text after the title, e.g. a count. */
  meta?: ReactNode;
}

const Folds = createContext(false);

/** The sections within fold on phones (docs/ARCHITECTURE.md: record pages on phones). */
export function FoldOnPhones({ children }: { children: ReactNode }) {
  return <Folds.Provider value={true}>{children}</Folds.Provider>;
}

export function Section({ title, children, actions, meta }: Props) {
  const id = useId();
  const folds = useContext(Folds);
  const phone = useNarrowScreen(PHONE_MAX_WIDTH);
  const [unfolded, setUnfolded] = useState(false);
  const folded = folds && phone && !unfolded;
  const heading = (
    <>
      {title}
      {meta !== undefined ? <span className="section__meta"> {meta}</span> : null}
    </>
  );
  return (
    <section className={`section${folded ? ' section--folded' : ''}`} aria-labelledby={id}>
      <header className="section__header">
        <h2 id={id}>
          {folds && phone ? (
            <button
              type="button"
              className="section__fold"
              aria-expanded={!folded}
              aria-controls={`${id}-body`}
              onClick={() => setUnfolded(folded)}
            >
              <span className="section__fold-mark" aria-hidden="true">
                {folded ? '▸' : '▾'}
              </span>
              {heading}
            </button>
          ) : (
            heading
          )}
        </h2>
        {actions && !folded ? <div className="section__actions">{actions}</div> : null}
      </header>
      <div id={`${id}-body`} className="section__body" hidden={folded}>
        {children}
      </div>
    </section>
  );
}
