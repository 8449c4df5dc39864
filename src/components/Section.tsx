/** A titled block of a record page. */
import { useId, type ReactNode } from 'react';
import './record.css';

interface Props {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  /** Short text after the title, e.g. a count. */
  meta?: ReactNode;
}

export function Section({ title, children, actions, meta }: Props) {
  const id = useId();
  return (
    <section className="section" aria-labelledby={id}>
      <header className="section__header">
        <h2 id={id}>
          {title}
          {meta !== undefined ? <span className="section__meta"> {meta}</span> : null}
        </h2>
        {actions ? <div className="section__actions">{actions}</div> : null}
      </header>
      <div className="section__body">{children}</div>
    </section>
  );
}
