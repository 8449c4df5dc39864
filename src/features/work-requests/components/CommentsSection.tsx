/**
 * Comments on a work request: list (extension GET /comments?workRequest=), add (extension POST /comments),
 * edit one's own (spec PUT /comments/{id}). Bodies are user-written text and render as text, never as HTML.
 */
import { useId, useState, type FormEvent } from 'react';
import { isUnavailable } from '../../../api/client';
import type { Comment } from '../../../api/schema/comment';
import { describeError, ErrorPanel } from '../../../components/ErrorPanel';
import { Section } from '../../../components/Section';
import { SkeletonLines } from '../../../components/Skeleton';
import { Unavailable } from '../../../components/Unavailable';
import { formatDateTime, isoDateTime } from '../../../lib/dates';
import { initials, personGroup, personName } from '../../../lib/people';
import { useSession } from '../../../lib/session/useSession';
import { ShowMore } from '../../../components/ShowMore';
import { useAddComment, useComments, useEditComment } from '../queries';

export function CommentsSection({ workRequestId }: { workRequestId: string }) {
  const comments = useComments(workRequestId);
  const me = useSession()?.user?._id;
  const items = comments.data?.pages.flatMap((p) => p.items) ?? [];
  const total = comments.data?.pages[0]?.total ?? (comments.data ? items.length : undefined);
  return (
    <Section title="Comments" meta={total !== undefined ? `(${total})` : undefined}>
      {comments.isPending ? (
        <SkeletonLines lines={3} label="Loading comments" />
      ) : comments.isError && !comments.data ? (
        isUnavailable(comments.error) ? (
          <Unavailable what="The comment list">You can still add a comment below.</Unavailable>
        ) : (
          <ErrorPanel
            error={comments.error}
            title="Could not load comments"
            onRetry={() => void comments.refetch()}
            compact
          />
        )
      ) : items.length === 0 ? (
        <p className="muted">No comments yet.</p>
      ) : (
        <ol className="comments">
          {items.map((item, i) =>
            item.ok ? (
              <CommentItem
                key={item.data._id ?? i}
                workRequestId={workRequestId}
                comment={item.data}
                mine={Boolean(me && item.data.user?._id === me)}
              />
            ) : (
              <li key={`invalid-${i}`} className="comment comment--invalid">
                <span className="inline-error">
                  A comment could not be read: {item.problems[0]?.path} {item.problems[0]?.message}
                </span>
              </li>
            ),
          )}
        </ol>
      )}
      <ShowMore query={comments} noun="comments" />
      <AddComment workRequestId={workRequestId} />
    </Section>
  );
}

function CommentItem({ workRequestId, comment, mine }: { workRequestId: string; comment: Comment; mine: boolean }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(comment.body ?? '');
  const edit = useEditComment(workRequestId);
  const fieldId = useId();
  const name = personName(comment.user);
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!comment._id || !draft.trim()) return;
    edit.mutate(
      { comment: { ...comment, _id: comment._id }, body: draft.trim() },
      { onSuccess: () => setEditing(false) },
    );
  };
  return (
    <li className="comment">
      <span className="avatar" aria-hidden="true">
        {initials(name)}
      </span>
      <div className="comment__main">
        <div className="comment__head">
          <strong>{name}</strong>
          {personGroup(comment.user) ? <span className="muted">{personGroup(comment.user)}</span> : null}
          {comment.created ? (
            <time className="muted" dateTime={isoDateTime(comment.created)}>
              {formatDateTime(comment.created)}
            </time>
          ) : null}
          {mine && !editing ? (
            <button
              type="button"
              className="link-button comment__edit"
              onClick={() => {
                setDraft(comment.body ?? '');
                edit.reset();
                setEditing(true);
              }}
            >
              Edit<span className="visually-hidden"> your comment</span>
            </button>
          ) : null}
        </div>
        {editing ? (
          <form onSubmit={save} className="comment__form">
            <label htmlFor={fieldId} className="visually-hidden">
              Edit your comment
            </label>
            <textarea
              id={fieldId}
              rows={3}
              value={draft}
              maxLength={20000}
              autoFocus
              onChange={(e) => setDraft(e.target.value)}
            />
            {edit.error ? (
              <p className="form-error" role="alert">
                {describeError(edit.error)}
              </p>
            ) : null}
            <div className="form-actions">
              <button type="button" className="button" onClick={() => setEditing(false)}>
                Cancel
              </button>
              <button type="submit" className="button button--primary" disabled={edit.isPending || !draft.trim()}>
                {edit.isPending ? 'Saving…' : 'Save'}
              </button>
            </div>
          </form>
        ) : (
          // Text, never HTML: React escapes it, and CSS keeps the line breaks.
          <p className="comment__body">{comment.body}</p>
        )}
      </div>
    </li>
  );
}

function AddComment({ workRequestId }: { workRequestId: string }) {
  const [body, setBody] = useState('');
  const add = useAddComment(workRequestId);
  const fieldId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return;
    add.mutate(body.trim(), { onSuccess: () => setBody('') });
  };
  return (
    <form onSubmit={submit} className="comment-form">
      <label htmlFor={fieldId}>Add a comment</label>
      <textarea id={fieldId} rows={3} value={body} maxLength={20000} onChange={(e) => setBody(e.target.value)} />
      {add.error ? (
        <p className="form-error" role="alert">
          {isUnavailable(add.error) ? 'Adding comments isn’t available on this server.' : describeError(add.error)}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={add.isPending || !body.trim()}>
          {add.isPending ? 'Posting…' : 'Comment'}
        </button>
      </div>
    </form>
  );
}
