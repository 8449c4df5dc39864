/** The share list as a virtualized, infinitely scrolling table. */
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Share } from '../../../api/schema/share';
import { InfiniteRecordTable, type InfiniteRecords } from '../../../components/InfiniteRecordTable';
import { usePhoneCards } from '../../../components/phoneCards';
import { cardColumn, RecordCard } from '../../../components/RecordCard';
import type { Column } from '../../../components/VirtualTable';
import { formatDate } from '../../../lib/dates';
import { formatCount } from '../../../lib/format';
import { recipientName } from '../model/describe';
import { tagLabels } from '../model/display';

const shareHref = (id: string) => `/shares/${encodeURIComponent(id)}`;

function stateBadge(s: Share) {
  return s.$state ? <ShareStateBadge state={s.$state} /> : <ApprovalBadge approved={s.approved} />;
}

/** Who sent it and to whom, "You" for the caller. */
function people(s: Share, me: string | undefined) {
  const from = me && s.from?._id === me ? 'You' : recipientName(s.from);
  const to = (s.to ?? []).map((u) => (me && u._id === me ? 'You' : recipientName(u)));
  return { from, to };
}

/** On a phone, a card (docs/API.md "Lists on phones"): the projects and state; assets; who sent it to whom; created. */
function cardOf(me: string | undefined): Column<Share> {
  return cardColumn<Share>('Share', (s) => {
    const { from, to } = people(s, me);
    const assets = s.assetsCount ?? s.assets?.length ?? 0;
    return (
      <RecordCard
        name={
          <Link to={shareHref(s._id ?? '')} tabIndex={-1} className="truncate share-row__name">
            {s.projectNames?.length ? s.projectNames.join(', ') : 'Untitled share'}
          </Link>
        }
        badge={stateBadge(s)}
      >
        <div className="record-card__line muted">
          <span className="truncate">
            {formatCount(assets)} {assets === 1 ? 'asset' : 'assets'}
            {s.assetCategory ? ` · ${s.assetCategory}` : ''}
          </span>
          <span>{s.created ? formatDate(s.created) : ''}</span>
        </div>
        <div className="record-card__line">
          <span className="truncate" title={to.join(', ')}>
            {from} → {to.length ? to.join(', ') : 'no one'}
          </span>
        </div>
      </RecordCard>
    );
  });
}

function columns(me: string | undefined): Column<Share>[] {
  return [
    {
      id: 'projects',
      header: 'Projects',
      width: 'minmax(180px, 2fr)',
      render: (s) => (
        <div className="two-line">
          <Link to={shareHref(s._id ?? '')} tabIndex={-1} className="truncate share-row__name">
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
          <ul className="chips share-row__tags" aria-label="Tags">
            {tags.map((t) => (
              <li key={t} className="tag">
                {t}
              </li>
            ))}
          </ul>
        ) : (
          <span className="muted">—</span>
        );
      },
    },
    {
      id: 'from',
      header: 'Sent by',
      width: 'minmax(120px, 1fr)',
      render: (s) => (
        <div className="two-line">
          <span className="truncate">{people(s, me).from}</span>
          <span className="truncate muted">{me && s.from?._id === me ? 'Sent' : 'Received'}</span>
        </div>
      ),
    },
    {
      id: 'to',
      header: 'Recipients',
      width: 'minmax(150px, 1.4fr)',
      render: (s) => {
        const names = people(s, me).to;
        if (!names.length) return <span className="muted">No one</span>;
        return (
          <span className="truncate" title={names.join(', ')}>
            {names.slice(0, 2).join(', ')}
            {names.length > 2 ? <span className="muted"> +{names.length - 2}</span> : null}
          </span>
        );
      },
    },
    {
      id: 'state',
      header: 'State',
      width: '168px',
      render: stateBadge,
    },
    { id: 'created', header: 'Created', width: '96px', render: (s) => (s.created ? formatDate(s.created) : '—') },
  ];
}

const STATE_BADGES: Record<string, { label: string; tone: string }> = {
  active: { label: 'Active', tone: 'success' },
  expired: { label: 'Ended', tone: 'neutral' },
  'feedback-closed': { label: 'Feedback closed', tone: 'neutral' },
  pending: { label: 'Awaiting approval', tone: 'neutral' },
};

/** A share's state as the server says it (docs/API.md "Share states"); an unknown one as its words. */
export function ShareStateBadge({ state }: { state: string }) {
  const badge = STATE_BADGES[state] ?? { label: state, tone: 'neutral' };
  return (
    <span className={`badge badge--${badge.tone}`}>
      <span className="badge__dot" aria-hidden="true" />
      {badge.label}
    </span>
  );
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
  query: InfiniteRecords<Share>;
  empty: ReactNode;
}

export function ShareTable({ me, query, empty }: Props) {
  const cols = useMemo(() => columns(me), [me]);
  const card = useMemo(() => cardOf(me), [me]);
  const shown = usePhoneCards(cols, card, { row: 56, card: 92 });
  return (
    <div className={shown.className}>
      <InfiniteRecordTable
        label="Shares"
        columns={shown.columns}
        query={query}
        rowHeight={shown.rowHeight}
        noun="share"
        hrefFor={shareHref}
        empty={empty}
      />
    </div>
  );
}
