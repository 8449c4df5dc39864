/** The work request list as a virtualized table: asset, project, language, territory, status, due, requested by, created. */
import { useCallback, useMemo, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { InfiniteData } from '@tanstack/react-query';
import type { ListPage } from '../../../api/client';
import type { WorkRequest } from '../../../api/schema/workRequest';
import { AssetThumb } from '../../../components/AssetThumb';
import { StatusBadge } from '../../../components/StatusBadge';
import { VirtualTable, type Column } from '../../../components/VirtualTable';
import { ZonedDateTime } from '../../../components/ZonedDateTime';
import { formatDate } from '../../../lib/dates';
import { personGroup, personName } from '../../../lib/people';
import { isOverdue } from '../../../lib/statuses';

const COLUMNS: Column<WorkRequest>[] = [
  {
    id: 'asset',
    header: 'Asset',
    width: 'minmax(170px, 2fr)',
    render: (wr) => (
      <div className="asset-cell">
        <AssetThumb thumbnail={wr.asset?.thumbnail} mediaType={wr.asset?.mediaType} type={wr.asset?.type} />
        <div className="asset-cell__text">
          <Link to={`/work-requests/${encodeURIComponent(wr._id ?? '')}`} tabIndex={-1} className="asset-cell__name">
            {wr.asset?.name || 'Untitled asset'}
          </Link>
          <span className="asset-cell__type">{[wr.assetType || wr.asset?.type, wr.asset?.mediaType].filter(Boolean).join(' · ') || '—'}</span>
        </div>
      </div>
    ),
  },
  { id: 'project', header: 'Project', width: 'minmax(96px, 1fr)', render: (wr) => <span className="truncate">{wr.project?.name ?? '—'}</span> },
  { id: 'language', header: 'Lang.', width: '58px', render: (wr) => <code className="code">{wr.language ?? '—'}</code> },
  { id: 'territory', header: 'Terr.', width: '52px', render: (wr) => <code className="code">{wr.territory ?? '—'}</code> },
  { id: 'status', header: 'Status', width: '144px', render: (wr) => <StatusBadge status={wr.status} /> },
  {
    id: 'due',
    header: 'Due',
    width: 'minmax(160px, 1.3fr)',
    render: (wr) => <ZonedDateTime value={wr.due} compact overdue={isOverdue(wr.due?.date, wr.status)} />,
  },
  {
    id: 'from',
    header: 'Requested by',
    width: 'minmax(100px, 1fr)',
    render: (wr) => (
      <div className="two-line">
        <span className="truncate">{personName(wr.from)}</span>
        <span className="truncate muted">{personGroup(wr.from) ?? ''}</span>
      </div>
    ),
  },
  { id: 'created', header: 'Created', width: '92px', render: (wr) => (wr.created ? formatDate(wr.created) : '—') },
];

interface Props {
  label: string;
  data: InfiniteData<ListPage<WorkRequest>, unknown> | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  nextPageError: unknown;
  empty: ReactNode;
}

export function WorkRequestTable({ label, data, hasNextPage, isFetchingNextPage, fetchNextPage, nextPageError, empty }: Props) {
  const navigate = useNavigate();
  const rows = useMemo(() => data?.pages.flatMap((p) => p.items) ?? [], [data]);
  const total = data?.pages[data.pages.length - 1]?.total ?? data?.pages[0]?.total;
  const open = useCallback((wr: WorkRequest) => {
    if (wr._id) void navigate(`/work-requests/${encodeURIComponent(wr._id)}`);
  }, [navigate]);
  const fetchMore = useCallback(() => fetchNextPage(), [fetchNextPage]);
  return (
    <VirtualTable
      label={label}
      columns={COLUMNS}
      rows={rows}
      total={total}
      rowHeight={56}
      hasNextPage={hasNextPage}
      isFetchingNextPage={isFetchingNextPage}
      fetchNextPage={fetchMore}
      nextPageError={nextPageError ? (
        <span className="inline-error" role="alert">
          Could not load more.{' '}
          <button type="button" className="link-button" onClick={fetchMore}>Try again</button>
        </span>
      ) : undefined}
      onOpen={open}
      getKey={(wr, i) => wr._id ?? `row-${i}`}
      renderInvalid={(row) => (
        <span className="inline-error">
          This work request{row.id ? <> (<code>{row.id}</code>)</> : null} could not be read:{' '}
          {row.problems.slice(0, 2).map((p) => `${p.path || 'record'}: ${p.message}`).join('; ')}
          {row.id ? <> · <Link to={`/work-requests/${encodeURIComponent(row.id)}`}>Open anyway</Link></> : null}
        </span>
      )}
      empty={empty}
    />
  );
}
