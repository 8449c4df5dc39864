/** The share list as a virtualized, infinitely scrolling table. */
import { useCallback, useMemo, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { InfiniteData } from '@tanstack/react-query';
import type { ListPage } from '../../../api/client';
import type { Share } from '../../../api/schema/share';
import { VirtualTable, type Column } from '../../../components/VirtualTable';
import { formatDate } from '../../../lib/dates';
import { formatCount } from '../../../lib/format';
import { recipientName } from '../model/describe';
import { tagLabels } from '../model/display';

function columns(me: string | undefined): Column<Share>[] {
  return [
    {
      id: 'projects',
      header: 'Projects',
      width: 'minmax(180px, 2fr)',
      render: (s) => (
        <div className="two-line">
          <Link to={`/shares/${encodeURIComponent(s._id ?? '')}`} tabIndex={-1} className="truncate share-row__name">
            {s.projectNames?.length ? s.projectNames.join(', ') : 'Untitled share'}
          </Link>
          <span className="truncate muted">{s.assetCategory ?? ''}</span>
        </div>
      ),
    },
    {
      id: 'assets',
      header: 'Assets',
      width: '64px',
      render: (s) => <span className="share-row__count">{formatCount(s.assetsCount ?? s.assets?.length ?? 0)}</span>,
    },
    {
      id: 'tags',
      header: 'Tags',
      width: 'minmax(120px, 1.2fr)',
      render: (s) => {
        const tags = tagLabels(s.tags);
        return tags.length ? (
          <ul className="chips share-row__tags" aria-label="Tags">{tags.map((t) => <li key={t} className="tag">{t}</li>)}</ul>
        ) : <span className="muted">—</span>;
      },
    },
    {
      id: 'from',
      header: 'Sent by',
      width: 'minmax(120px, 1fr)',
      render: (s) => (
        <div className="two-line">
          <span className="truncate">{me && s.from?._id === me ? 'You' : recipientName(s.from)}</span>
          <span className="truncate muted">{me && s.from?._id === me ? 'Sent' : 'Received'}</span>
        </div>
      ),
    },
    {
      id: 'to',
      header: 'Recipients',
      width: 'minmax(150px, 1.4fr)',
      render: (s) => {
        const to = s.to ?? [];
        if (!to.length) return <span className="muted">No one</span>;
        const names = to.map((u) => (me && u._id === me ? 'You' : recipientName(u)));
        return (
          <span className="truncate" title={names.join(', ')}>
            {names.slice(0, 2).join(', ')}{names.length > 2 ? <span className="muted"> +{names.length - 2}</span> : null}
          </span>
        );
      },
    },
    {
      id: 'approved',
      header: 'Approval',
      width: '118px',
      render: (s) => <ApprovalBadge approved={s.approved} />,
    },
    { id: 'created', header: 'Created', width: '96px', render: (s) => (s.created ? formatDate(s.created) : '—') },
  ];
}

export function ApprovalBadge({ approved }: { approved: boolean | undefined }) {
  if (approved === undefined) return <span className="muted">—</span>;
  return (
    <span className={`badge ${approved ? 'badge--success' : 'badge--neutral'}`}>
      <span className="badge__dot" aria-hidden="true" />
      {approved ? 'Approved' : 'Not approved'}
    </span>
  );
}

interface Props {
  me: string | undefined;
  data: InfiniteData<ListPage<Share>, unknown> | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  nextPageError: unknown;
  empty: ReactNode;
}

export function ShareTable({ me, data, hasNextPage, isFetchingNextPage, fetchNextPage, nextPageError, empty }: Props) {
  const navigate = useNavigate();
  const cols = useMemo(() => columns(me), [me]);
  const rows = useMemo(() => data?.pages.flatMap((p) => p.items) ?? [], [data]);
  const total = data?.pages[data.pages.length - 1]?.total ?? data?.pages[0]?.total;
  const open = useCallback((s: Share) => {
    if (s._id) void navigate(`/shares/${encodeURIComponent(s._id)}`);
  }, [navigate]);
  const fetchMore = useCallback(() => fetchNextPage(), [fetchNextPage]);
  return (
    <VirtualTable
      label="Shares"
      columns={cols}
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
      getKey={(s, i) => s._id ?? `row-${i}`}
      renderInvalid={(row) => (
        <span className="inline-error">
          This share{row.id ? <> (<code>{row.id}</code>)</> : null} could not be read:{' '}
          {row.problems.slice(0, 2).map((p) => `${p.path || 'record'}: ${p.message}`).join('; ')}
          {row.id ? <> · <Link to={`/shares/${encodeURIComponent(row.id)}`}>Open anyway</Link></> : null}
        </span>
      )}
      empty={empty}
    />
  );
}
