/**
 * The work request list: all requests (extension GET /workrequests, filtered and sorted from the URL) or the
 * automation queue (spec GET /workrequests/automateJob). Infinite scroll over pages of 50, virtualized; either can be
 * exported as CSV. Rows of the full list can be selected for bulk actions (SelectionStatus, BulkBar).
 */
import { useCallback, useMemo } from 'react';
import { Link } from 'react-router';
import { isUnavailable } from '../../../api/client';
import { CLOSED_STATUSES } from '../../../api/schema/workRequestRow';
import { listInWords, statusLabel } from '../../../api/schema/words';
import type { WorkRequestFilters } from '../../../api/workRequests';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { useDocumentTitle } from '../../../components/PageTitle';
import { SkeletonRows } from '../../../components/Skeleton';
import { Unavailable } from '../../../components/Unavailable';
import { countLine, rowsOf, totalOf } from '../../../lib/pages';
import { Deferred } from '../../../components/Deferred';
import { useFilterParams } from '../../../lib/useFilterParams';
import { useBulkSelection } from '../bulkSelectionState';
import { canPlaceOrders, newOrderPath } from '../../../lib/orders';
import { useSession } from '../../../lib/session/useSession';
import { FiltersBar } from '../components/FiltersBar';
import { SelectionStatus } from '../components/SelectionStatus';
import { WorkRequestTable } from '../components/WorkRequestTable';
import { filtersFromParams, hasActiveFilters, viewFromParams, withFilters } from '../model/filters';
import { useAutomationQueue, useWorkRequestList } from '../listQueries';
import { useFirstContentShown } from '../../../lib/afterFirstContent';

// Loaded after the first render, not on the list's first route (`npm run bench -- --only bundle`): the export (an
// inert button of the same size stands in meanwhile) and the chips of filters from a link (dashboard links only).
const loadExportButton = () => import('../components/ExportButton').then((m) => m.ExportButton);
const loadLinkedFilters = () => import('../components/LinkedFilters').then((m) => m.LinkedFilters);

/** "Approved, Rejected, Complete or Cancelled": what the automation queue leaves out, one definition with the server. */
const CLOSED_IN_WORDS = listInWords(CLOSED_STATUSES.map(statusLabel), 'or');

export function WorkRequestListPage() {
  const [params, setParams] = useFilterParams();
  const canOrder = canPlaceOrders(useSession()?.user);
  const view = viewFromParams(params);
  const filters = filtersFromParams(params);
  useDocumentTitle(view === 'automation' ? 'Automation queue' : 'Work requests');

  const all = useWorkRequestList(filters, view === 'all');
  const queue = useAutomationQueue(view === 'automation');
  const query = view === 'all' ? all : queue;
  const loaded = useMemo(() => rowsOf(all.data).flatMap((r) => (r.ok ? [r.data] : [])), [all.data]);
  const total = totalOf(all.data);
  const bulk = useBulkSelection(filters, loaded, total);
  // The filters' choice lists are asked once the rows are on screen, not beside the list's first page.
  const contentShown = useFirstContentShown();

  const onChange = useCallback(
    (patch: Partial<WorkRequestFilters>) => {
      setParams((current) => withFilters(current, patch));
    },
    [setParams],
  );
  const onClear = useCallback(() => setParams(new URLSearchParams()), [setParams]);

  return (
    <div className="page page--list">
      <div className="page__header">
        <h1 className="page__title">{view === 'automation' ? 'Automation queue' : 'Work requests'}</h1>
        <nav className="segmented" aria-label="Work request views">
          <Link to="/work-requests" className="segmented__item" aria-current={view === 'all' ? 'page' : undefined}>
            All requests
          </Link>
          <Link
            to="/work-requests?view=automation"
            className="segmented__item"
            aria-current={view === 'automation' ? 'page' : undefined}
          >
            Automation queue
          </Link>
        </nav>
        <p className="page__count" aria-live="polite">
          {query.isSuccess ? countLine(query.data, query.hasNextPage, 'work request') : null}
        </p>
        {query.isSuccess && (query.data.pages[0]?.items.length ?? 0) > 0 ? (
          <Deferred
            load={loadExportButton}
            props={{ view, filters }}
            fallback={
              <div className="export">
                <button type="button" className="button button--small" disabled>
                  Export CSV
                </button>
              </div>
            }
          />
        ) : null}
        {canOrder ? (
          <Link to="/work-requests/queue" className="button">
            Order queue
          </Link>
        ) : null}
        {canOrder ? (
          <Link to={newOrderPath()} className="button button--primary">
            New order
          </Link>
        ) : null}
      </div>
      {view === 'all' ? (
        <>
          <FiltersBar filters={filters} onChange={onChange} onClear={onClear} loadChoices={contentShown} />
          <Deferred load={loadLinkedFilters} props={{ filters, onChange }} />
        </>
      ) : (
        <p className="hint page__hint">
          Requests with automation or auto-subtitles switched on that are still open (not {CLOSED_IN_WORDS}), soonest
          due first. This is the server's own selection; filters don't apply.
        </p>
      )}
      {view === 'all' && query.isSuccess ? <SelectionStatus bulk={bulk} total={total} /> : null}
      {query.isPending ? (
        <SkeletonRows label="Loading work requests" />
      ) : query.isError && !query.data ? (
        view === 'all' && isUnavailable(query.error) ? (
          <Unavailable what="The full work request list">
            This deployment does not offer GET /workrequests (an extension).{' '}
            <Link to="/work-requests?view=automation">Open the automation queue</Link> instead, or open a request by its
            link.
          </Unavailable>
        ) : (
          <ErrorPanel error={query.error} title="Could not load work requests" onRetry={() => void query.refetch()} />
        )
      ) : (
        <WorkRequestTable
          label={view === 'automation' ? 'Automation queue' : 'Work requests'}
          query={query}
          selection={view === 'all' ? bulk.table : undefined}
          empty={
            <div className="empty">
              <strong>
                No work requests{view === 'all' && hasActiveFilters(filters) ? ' match these filters' : ''}.
              </strong>
              {view === 'all' && hasActiveFilters(filters) ? (
                <button type="button" className="link-button" onClick={onClear}>
                  Clear filters
                </button>
              ) : null}
            </div>
          }
        />
      )}
    </div>
  );
}
