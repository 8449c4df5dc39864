/**
 * The work request list as a virtualized table: asset, project, language, territory, status, due, requested by,
 * assignee, created; with `selection`, a first column of boxes for bulk actions (SelectionColumn.tsx).
 */
import { useMemo, type ReactNode } from 'react';
import type { WorkRequest } from '../../../api/schema/workRequest';
import { AssetThumb } from '../../../components/AssetThumb';
import { InfiniteRecordTable, type InfiniteRecords } from '../../../components/InfiniteRecordTable';
import { StatusBadge } from '../../../components/StatusBadge';
import type { Column } from '../../../components/VirtualTable';
import { RowLink } from '../../../components/VirtualTableRow';
import { selectionColumn, type ListSelection } from './SelectionColumn';
import { ZonedDateTime } from '../../../components/ZonedDateTime';
import { formatDate } from '../../../lib/dates';
import { personGroup, personName } from '../../../lib/people';
import { lateness } from '../../../lib/statuses';
import { assigneeOfRecord } from '../model/assignees';
import { AssigneeCell } from './AssigneeCell';
import { usePhoneCards } from '../../../components/phoneCards';
import { cardColumn, RecordCard } from '../../../components/RecordCard';

const workRequestHref = (id: string) => `/work-requests/${encodeURIComponent(id)}`;

const COLUMNS: Column<WorkRequest>[] = [
  {
    id: 'asset',
    header: 'Asset',
    width: 'minmax(170px, 2fr)',
    render: (wr) => (
      <div className="asset-cell">
        <AssetThumb thumbnail={wr.asset?.thumbnail} mediaType={wr.asset?.mediaType} type={wr.asset?.type} />
        <div className="asset-cell__text">
          <RowLink href={workRequestHref(wr._id ?? '')} className="asset-cell__name">
            {wr.asset?.name || 'Untitled asset'}
          </RowLink>
          <span className="asset-cell__type">
            {[wr.assetType || wr.asset?.type, wr.asset?.mediaType].filter(Boolean).join(' · ') || '—'}
          </span>
        </div>
      </div>
    ),
  },
  {
    id: 'project',
    header: 'Project',
    width: 'minmax(96px, 1fr)',
    render: (wr) => <span className="truncate">{wr.project?.name ?? '—'}</span>,
  },
  {
    id: 'language',
    header: 'Lang.',
    width: '58px',
    render: (wr) => <code className="code">{wr.language ?? '—'}</code>,
  },
  {
    id: 'territory',
    header: 'Terr.',
    width: '52px',
    render: (wr) => <code className="code">{wr.territory ?? '—'}</code>,
  },
  { id: 'status', header: 'Status', width: '144px', render: (wr) => <StatusBadge status={wr.status} /> },
  {
    id: 'due',
    header: 'Due',
    width: 'minmax(184px, 1.3fr)',
    render: (wr) => <ZonedDateTime value={wr.due} compact late={lateness(wr.due?.date, wr.status)?.label} />,
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
  {
    id: 'assignee',
    header: 'Assignee',
    width: 'minmax(100px, 1fr)',
    render: (wr) => <AssigneeCell assignee={assigneeOfRecord(wr)} />,
  },
  { id: 'created', header: 'Created', width: '92px', render: (wr) => (wr.created ? formatDate(wr.created) : '—') },
];

/**
 * On a phone the row is a card of the fields that matter (docs/API.md "Lists on phones"): the asset's name and
 * type, the status, language / territory, the due date with how late, the assignee. One column, still a row of the
 * virtualized grid (keyboard, the selection's box, open on Enter).
 */
const CARD_COLUMN = cardColumn<WorkRequest>('Work request', (wr) => (
  <RecordCard
    name={
      <RowLink href={workRequestHref(wr._id ?? '')} className="asset-cell__name">
        {wr.asset?.name || 'Untitled asset'}
      </RowLink>
    }
    status={wr.status}
  >
    <div className="record-card__line muted">
      <span>
        <code className="code">{wr.language ?? '—'}</code> / <code className="code">{wr.territory ?? '—'}</code>
      </span>
      <span className="truncate">
        {[wr.assetType || wr.asset?.type, wr.project?.name].filter(Boolean).join(' · ') || '—'}
      </span>
    </div>
    <div className="record-card__line">
      <span className="record-card__due">
        Due <ZonedDateTime value={wr.due} compact late={lateness(wr.due?.date, wr.status)?.label} />
      </span>
      <AssigneeCell assignee={assigneeOfRecord(wr)} />
    </div>
  </RecordCard>
));
/** The card's height: three lines and their padding. */
const CARD_HEIGHT = 92;

interface Props {
  label: string;
  query: InfiniteRecords<WorkRequest>;
  empty: ReactNode;
  selection?: ListSelection;
}

export function WorkRequestTable({ label, query, empty, selection }: Props) {
  const lead = useMemo(() => (selection ? [selectionColumn(selection)] : []), [selection]);
  const shown = usePhoneCards(COLUMNS, CARD_COLUMN, { row: 56, card: CARD_HEIGHT }, lead);
  return (
    <div className={shown.className}>
      <InfiniteRecordTable
        label={label}
        columns={shown.columns}
        query={query}
        rowHeight={shown.rowHeight}
        noun="work request"
        hrefFor={workRequestHref}
        empty={empty}
        selection={selection}
      />
    </div>
  );
}
