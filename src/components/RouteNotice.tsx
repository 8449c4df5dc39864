/**
 * A short confirmation carried by the navigation that opened the page (`navigate(to, {state: {notice}})`), e.g.
 * "Order placed" on the new work request's page. Shown as a status message.
 */
import { useLocation } from 'react-router';

export function RouteNotice() {
  const state: unknown = useLocation().state;
  const notice =
    typeof state === 'object' && state !== null && typeof (state as { notice?: unknown }).notice === 'string'
      ? (state as { notice: string }).notice
      : undefined;
  return (
    <div role="status" className={notice ? 'notice notice--info' : undefined}>
      {notice}
    </div>
  );
}
