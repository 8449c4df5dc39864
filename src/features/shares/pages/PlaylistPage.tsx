/**
 * A share's playlist (`urls.playlist`, `/shares/:id/playlist`): what a recipient opens. The shared assets as a grid,
 * each with what the viewer may do (watch, download, order) and their feedback, saved as they go. Once the share
 * has ended, or its sender closed feedback, the page says so and the feedback is read-only.
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Share } from '../../../api/schema/share';
import { DetailBreadcrumb, DetailFailed, DetailLoading } from '../../../components/DetailPage';
import { useDocumentTitle } from '../../../components/PageTitle';
import { formatDateTime } from '../../../lib/dates';
import { plural } from '../../../lib/format';
import { useSession } from '../../../lib/session/useSession';
import { FeedbackCard } from '../components/FeedbackCard';
import { recipientName } from '../model/describe';
import { useShare } from '../queries';
import '../../../components/record.css';
import '../shares.css';

export function PlaylistPage() {
  const { id = '' } = useParams();
  const query = useShare(id);
  const share = query.data?.data;
  useDocumentTitle(share ? `Playlist — ${share.projectNames?.join(', ') || 'untitled'}` : 'Playlist');
  const breadcrumb = <DetailBreadcrumb to="/shares" label="Shares" name={share ? titleOf(share) : undefined} />;
  if (query.isPending)
    return (
      <DetailLoading
        breadcrumb={breadcrumb}
        labels={['Loading playlist', 'Loading the shared assets', 'Loading your feedback']}
      />
    );
  if (query.isError || !share) {
    return (
      <DetailFailed
        breadcrumb={breadcrumb}
        error={query.error}
        onRetry={() => void query.refetch()}
        title="Could not load this playlist"
        heading="Playlist"
        notFound={{
          title: 'Playlist not found',
          text: <>This share does not exist, or it was not shared with you.</>,
          back: { to: '/shares', label: 'Back to shares' },
        }}
      />
    );
  }
  return <Playlist id={id} share={share} breadcrumb={breadcrumb} />;
}

function titleOf(share: Share): string {
  return share.projectNames?.length ? share.projectNames.join(', ') : 'Untitled share';
}

function Playlist({ id, share, breadcrumb }: { id: string; share: Share; breadcrumb: React.ReactNode }) {
  const me = useSession()?.user;
  const isSender = !!me?._id && share.from?._id === me._id;
  const state = share.$state ?? 'active';
  const readOnly = isSender || state !== 'active';
  const questions = share.questions ?? [];
  const assets = share.assets ?? [];
  // One preview plays at a time: starting another stops the one playing.
  const [playing, setPlaying] = useState<string>();
  return (
    <div className="page playlist-page">
      {breadcrumb}
      <header className="detail-header">
        <div className="detail-header__main">
          <h1 className="page__title">{titleOf(share)}</h1>
          <p className="detail-header__sub">
            <span>{plural(assets.length, 'asset')}</span>
            <span aria-hidden="true">·</span>
            <span>
              Shared by {isSender ? 'you' : recipientName(share.from)}
              {share.created ? ` on ${formatDateTime(share.created)}` : ''}
            </span>
            {share.expires && state !== 'expired' ? (
              <>
                <span aria-hidden="true">·</span>
                <span>Open until {formatDateTime(share.expires)}</span>
              </>
            ) : null}
            {isSender ? (
              <>
                <span aria-hidden="true">·</span>
                <Link to={`/shares/${encodeURIComponent(id)}`}>Manage and see the answers</Link>
              </>
            ) : null}
          </p>
        </div>
      </header>
      <StateNotice
        state={state}
        expires={share.expires}
        isSender={isSender}
        feedbackAsked={share.feedback?.enabled !== false}
      />
      {share.notes ? <p className="playlist-page__notes">{share.notes}</p> : null}
      <ul className="asset-grid playlist-grid" aria-label="Shared assets">
        {assets.map((a, i) => (
          <FeedbackCard
            key={a._id ?? i}
            shareId={id}
            asset={a}
            questions={questions}
            readOnly={readOnly}
            territory={me?.territory?.name}
            playing={!!a._id && playing === a._id}
            onPlay={() => setPlaying(a._id)}
            onStop={() => setPlaying(undefined)}
          />
        ))}
      </ul>
    </div>
  );
}

function StateNotice({
  state,
  expires,
  isSender,
  feedbackAsked,
}: {
  state: string;
  expires?: number | undefined;
  isSender: boolean;
  feedbackAsked: boolean;
}) {
  if (state === 'expired') {
    return (
      <p className="notice notice--warning" role="status">
        This share ended{expires ? ` on ${formatDateTime(expires)}` : ''}. You can still see what it held, but no longer
        vote, answer or comment.
      </p>
    );
  }
  if (state === 'feedback-closed')
    return (
      <p className="notice notice--info" role="status">
        The sender has closed feedback on this share: your answers are kept, read-only.
      </p>
    );
  if (state === 'pending')
    return (
      <p className="notice notice--info" role="status">
        {feedbackAsked
          ? 'This share is awaiting approval: feedback opens once it is approved.'
          : 'This share is awaiting approval. Its sender has not asked for feedback.'}
      </p>
    );
  if (isSender)
    return (
      <p className="notice notice--info" role="status">
        This is what your recipients see. Their feedback shows on the share&apos;s page.
      </p>
    );
  return null;
}
