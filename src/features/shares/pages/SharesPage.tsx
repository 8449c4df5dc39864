/**
 * Shares: the list of shares the caller sent or received (extension GET /shares, infinite scroll, virtualized).
 * The invitation page stays a placeholder until invitations are built.
 */
import { Link } from 'react-router';
import { useShareQueue } from '../../../lib/shareQueue';
import { isUnavailable } from '../../../api/client';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { useDocumentTitle } from '../../../components/PageTitle';
import { SkeletonRows } from '../../../components/Skeleton';
import { Unavailable } from '../../../components/Unavailable';
import { countLine } from '../../../lib/pages';
import { useSession } from '../../../lib/session/useSession';
import { ShareTable } from '../components/ShareTable';
import { useShareList } from '../queries';
import '../shares.css';

export function SharesPage() {
  useDocumentTitle('Shares');
  const me = useSession()?.user?._id;
  const query = useShareList();
  const queued = useShareQueue();
  return (
    <div className="page page--list">
      <div className="page__header">
        <h1 className="page__title">Shares</h1>
        <Link to="/shares/new" className="button button--primary">
          New share{queued.length ? ` (${queued.length} queued)` : ''}
        </Link>
        <p className="page__count" aria-live="polite">
          {query.isSuccess ? countLine(query.data, query.hasNextPage, 'share') : null}
        </p>
      </div>
      <p className="hint page__hint">
        Shares you sent or received, newest first. Open one to see its assets, recipients and permissions.
      </p>
      {query.isPending ? (
        <SkeletonRows label="Loading shares" />
      ) : query.isError && !query.data ? (
        isUnavailable(query.error) ? (
          <Unavailable what="The share list">
            This deployment does not offer GET /shares (an extension). Open a share from its link.
          </Unavailable>
        ) : (
          <ErrorPanel error={query.error} title="Could not load shares" onRetry={() => void query.refetch()} />
        )
      ) : (
        <ShareTable
          me={me}
          query={query}
          empty={
            <div className="empty">
              <strong>No shares yet.</strong>
              <span>Shares you send or receive appear here.</span>
            </div>
          }
        />
      )}
    </div>
  );
}
