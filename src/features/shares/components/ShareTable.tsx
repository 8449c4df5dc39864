/**
 * The share list as a virtualized, infinitely scrolling table; on a phone one card a share (docs/API.md "Lists on
 * phones"): its projects and state, the asset count and category, who sent it to whom, and when.
 */
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Share } from '../../../api/schema/share';
import { InfiniteRecordTable, type InfiniteRecords } from '../../../components/InfiniteRecordTable';
import { usePhoneCards } from '../../../components/phoneCards';
import { cardColumn, RecordCard } from '../../../components/RecordCard';
import type { Column } from '../../../components/VirtualTable';
import { formatDate } from '../../../lib/dates';
import { formatCount, plural } from '../../../lib/format';
import { recipientName } from '../model/describe';
import { tagLabels } from '../model/display';

const shareHref = (id: string) => `/shares/${encodeURIComponent(id)}`;

function ShareName({ share }: { share: Share }) {
  return (
    <Link to={shareHref(share._id ?? '')} tabIndex={-1} className="truncate share-row__name">
      {share.projectNames?.length ? share.projectNames.join(', ') : 'Untitled share'}
    </Link>
  );
}

function ShareState({ share }: { share: Share }) {
  return share.$state ? <ShareStateBadge state={share.$state} /> : <ApprovalBadge approved={share.approved} />;
}

const isMe = (me: string | undefined, id: string | undefined) => me !== undefined && id === me;
const senderName = (me: string | undefined, s: Share) => (isMe(me, s.from?._id) ? 'You' : recipientName(s.from));
const recipientNames = (me: string | undefined, s: Share) =>
  (s.to ?? []).map((u) => (isMe(me, u._id) ? 'You' : recipientName(u)));
const assetsOf = (s: Share) => s.assetsCount ?? s.assets?.length ?? 0;

function columns(me: string | undefined): Column<Share>[] {
  return [
    {
      id: 'projects',
      header: 'Projects',
      width: 'minmax(180px, 2fr)',
      render: (s) => (
        <div className="two-line">
          <ShareName share={s} />
          <span className="truncate muted">{s.assetCategory ?? ''}</span>
        </div>
      ),
    },
    {
      id: 'assets',
      header: 'Assets',
      width: '64px',
      render: (s) => <span className="share-row__count">{formatCount(assetsOf(s))}</span>,
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
          <span className="truncate">{senderName(me, s)}</span>
          <span className="truncate muted">{isMe(me, s.from?._id) ? 'Sent' : 'Received'}</span>
        </div>
      ),
    },
    {
      id: 'to',
      header: 'Recipients',
      width: 'minmax(150px, 1.4fr)',
      render: (s) => {
        const names = recipientNames(me, s);
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
      // Wide enough for the longest state's badge ("Awaiting approval") with its dot and padding.
      width: '168px',
      render: (s) => <ShareState share={s} />,
    },
    { id: 'created', header: 'Created', width: '96px', render: (s) => (s.created ? formatDate(s.created) : '—') },
  ];
}

/** On a phone, a card: projects and state; assets and category; sent by whom to whom; when. */
function card(me: string | undefined): Column<Share> {
  return cardColumn<Share>('Share', (s) => {
    const to = recipientNames(me, s);
    return (
      <RecordCard name={<ShareName share={s} />} badge={<ShareState share={s} />}>
        <div className="record-card__line muted">
          <span className="truncate">
            {plural(assetsOf(s), 'asset')}
            {s.assetCategory ? ` · ${s.assetCategory}` : ''}
          </span>
          <span>{s.created ? formatDate(s.created) : ''}</span>
        </div>
        <div className="record-card__line muted">
          <span className="truncate">
            From {senderName(me, s)} to {to.length ? to.join(', ') : 'no one'}
          </span>
        </div>
      </RecordCard>
    );
  });
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
  const cardCol = useMemo(() => card(me), [me]);
  const shown = usePhoneCards(cols, cardCol, { row: 56, card: 92 });
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
