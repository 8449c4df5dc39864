/** Sets the document title for the page (announced to screen readers on route change by the shell). */
import { useEffect } from 'react';

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · MWS Console` : 'MWS Console';
  }, [title]);
}
