/**
 * One shared asset on the playlist: its thumbnail, what the viewer may do with it (watch, download, order), and
 * their feedback — a vote (like / not for us / would order), the share's questions and a comment — saved as they go
 * (`PUT /shares/{id}/feedback/{asset}`): a vote or a choice at once, text when the field is left. Read-only once the
 * share has ended or its feedback is closed.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import type { ShareAsset, ShareQuestion, Vote } from '../../../api/schema/share';
import { AssetThumb } from '../../../components/AssetThumb';
import { CardPlayer } from './CardPlayer';
import { describeError } from '../../../components/ErrorPanel';
import { useSaveFeedback } from '../queries';
import { formatLength } from '../model/display';

const VOTE_LABELS: Record<Vote, string> = { up: 'Like', down: 'Not for us', order: 'Would order' };

interface Props {
  shareId: string;
  asset: ShareAsset;
  questions: readonly ShareQuestion[];
  readOnly: boolean;
  /** The viewer's territory code: the order wizard starts with it. */
  territory: string | undefined;
  /** Whether this card's preview plays (one card at a time: the playlist holds which). */
  playing: boolean;
  onPlay: () => void;
  onStop: () => void;
}

export function FeedbackCard({ shareId, asset, questions, readOnly, territory, playing, onPlay, onStop }: Props) {
  const id = asset._id ?? '';
  const name = asset.name || 'Untitled asset';
  const own = asset.$feedback;
  const [vote, setVote] = useState<string>(own?.vote ?? '');
  const [answers, setAnswers] = useState<Record<string, string>>(own?.answers ?? {});
  const [comment, setComment] = useState(own?.comment ?? '');
  const save = useSaveFeedback(shareId, id);
  const access = new Set(asset.$permissions?.access ?? []);
  const length = formatLength(asset.length);

  const send = (body: Parameters<typeof save.mutate>[0]) => {
    if (!readOnly) save.mutate(body);
  };
  const answer = (q: string, value: string, now: boolean) => {
    setAnswers((a) => ({ ...a, [q]: value }));
    if (now) send({ answers: { [q]: value } });
  };

  return (
    <li className="asset-card playlist-card" aria-labelledby={`asset-${id}`}>
      {playing ? (
        <CardPlayer assetId={id} name={name} />
      ) : (
        <AssetThumb thumbnail={asset.$thumbnail} mediaType={asset.mediaType} type={asset.type} size="large" />
      )}
      <div className="asset-card__body">
        <h3 className="asset-card__name" id={`asset-${id}`}>
          {name}
        </h3>
        <p className="asset-card__meta">
          <span>{asset.type ?? 'No type'}</span>
          {length ? (
            <>
              <span aria-hidden="true">·</span>
              <span>{length}</span>
            </>
          ) : null}
        </p>
        <p className="playlist-card__actions">
          {access.has('previews') ? (
            // One button for both, so the focus stays on it when the player opens or closes.
            <button
              type="button"
              className="button button--small"
              aria-label={playing ? `Stop the preview of ${name}` : `Play the preview of ${name}`}
              onClick={playing ? onStop : onPlay}
            >
              {playing ? 'Stop' : `Play${access.has('watermarked') ? ' (watermarked)' : ''}`}
            </button>
          ) : (
            <span className="muted">No preview shared</span>
          )}
          {access.has('download') ? <Link to={`/catalog/assets/${encodeURIComponent(id)}#files`}>Download</Link> : null}
          {access.has('request') ? (
            <Link
              to={`/work-requests/new?asset=${encodeURIComponent(id)}${territory ? `&territory=${encodeURIComponent(territory)}` : ''}`}
            >
              Order a localized version
            </Link>
          ) : null}
        </p>

        <fieldset className="playlist-card__votes" disabled={readOnly}>
          <legend className="visually-hidden">Your vote on {name}</legend>
          {(Object.keys(VOTE_LABELS) as Vote[]).map((v) => (
            <button
              key={v}
              type="button"
              className={`button button--small${vote === v ? ' button--selected' : ''}`}
              aria-pressed={vote === v}
              onClick={() => {
                const next = vote === v ? '' : v;
                setVote(next);
                send({ vote: next ? next : null });
              }}
            >
              {VOTE_LABELS[v]}
            </button>
          ))}
        </fieldset>

        {questions.map((q) => {
          const qid = q._id ?? '';
          const field = `answer-${id}-${qid}`;
          const value = answers[qid] ?? '';
          return (
            <div className="field playlist-card__question" key={qid}>
              <label htmlFor={field}>{q.text}</label>
              {q.type === 'text' ? (
                <input
                  id={field}
                  className="input"
                  value={value}
                  readOnly={readOnly}
                  maxLength={2000}
                  onChange={(e) => answer(qid, e.target.value, false)}
                  onBlur={() => send({ answers: { [qid]: value } })}
                />
              ) : (
                <select
                  id={field}
                  className="input"
                  value={value}
                  disabled={readOnly}
                  onChange={(e) => answer(qid, e.target.value, true)}
                >
                  <option value="">No answer</option>
                  {(q.type === 'yesno' ? ['yes', 'no'] : (q.choices ?? [])).map((c) => (
                    <option key={c} value={c}>
                      {q.type === 'yesno' ? (c === 'yes' ? 'Yes' : 'No') : c}
                    </option>
                  ))}
                </select>
              )}
            </div>
          );
        })}

        <div className="field">
          <label htmlFor={`comment-${id}`}>Comment</label>
          <textarea
            id={`comment-${id}`}
            className="input"
            rows={2}
            maxLength={5000}
            value={comment}
            readOnly={readOnly}
            onChange={(e) => setComment(e.target.value)}
            onBlur={() => {
              if (comment !== (own?.comment ?? '') || save.isSuccess) send({ comment: comment || null });
            }}
          />
        </div>
        <p className="playlist-card__status" role="status">
          {save.isPending ? 'Saving…' : save.isError ? '' : save.isSuccess ? 'Saved' : ''}
        </p>
        {save.isError ? (
          <p className="error-text" role="alert">
            Not saved: {describeError(save.error)} Your entry is kept here; change it again to retry.
          </p>
        ) : null}
      </div>
    </li>
  );
}
