/** Says plainly that this deployment lacks something the page would use (an extension of docs/API.md). */
import type { ReactNode } from 'react';

export function Unavailable({ what, children }: { what: string; children?: ReactNode }) {
  return (
    <div className="notice" role="status">
      <strong>{what} isn't available on this server.</strong>
      {children ? <span> {children}</span> : null}
    </div>
  );
}
