/** An honest page for a part of the console a later release brings. */
import type { ReactNode } from 'react';
import { useDocumentTitle } from './PageTitle';

export function ComingSoon({ title, children }: { title: string; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="page page--narrow">
      <h1 className="page__title">{title}</h1>
      <div className="notice">
        <strong>Coming in a later release.</strong>
        {children ? <div>{children}</div> : null}
      </div>
    </div>
  );
}
