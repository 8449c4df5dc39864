/** What a share page says above its sections: read-only, unreadable fields, a conflict, re-applied edits, a newer version. */
import type { Share } from '../../../api/schema/share';
import type { ShareEditing, VersionedShare } from '../hooks/useShareEditing';
import { recipientName } from '../model/describe';
import { ShareConflict } from './ShareConflict';

interface Props {
  share: Share;
  server: VersionedShare;
  editing: ShareEditing;
  canEdit: boolean;
  /** Fields that could not be read, so are not editable here. */
  locked: boolean;
}

export function ShareNotices({ share, server, editing, canEdit, locked }: Props) {
  const { conflict, rebased, staleBase } = editing;
  return (
    <>
      {!canEdit ? (
        <div className="notice notice--info" role="note">
          <strong>Read-only for you.</strong>
          <span>
            {recipientName(share.from)} sent you this share. Only the sender or an admin can change its notes,
            recipients, feedback, approval and permissions.
          </span>
        </div>
      ) : null}
      {server.problems.length ? (
        <div className="notice notice--warning" role="status">
          <strong>Some fields of this share could not be read and are left out:</strong>{' '}
          {server.problems
            .slice(0, 5)
            .map((p) => `${p.path || 'record'} (${p.message})`)
            .join('; ')}
          .{locked ? ' They are not editable here, so saving cannot drop what the server has.' : ''}
        </div>
      ) : null}
      {conflict ? (
        <ShareConflict
          baseDraft={editing.baseDraft}
          mine={editing.draft}
          theirs={conflict}
          onReapply={editing.reapply}
          onDiscard={editing.discard}
        />
      ) : null}
      {rebased ? (
        <div className="notice notice--info" role="status">
          <strong>Your changes were re-applied onto the new version.</strong>
          <span>Review them and save again.</span>
          {rebased.length ? (
            <span>
              Both of you changed {rebased.join('; ')}. Your version is kept there; change it back if theirs was right.
            </span>
          ) : null}
        </div>
      ) : null}
      {staleBase ? (
        <div className="notice notice--warning" role="status">
          Someone changed this share on the server since you started editing. Saving will show what they changed and let
          you re-apply your edits.
        </div>
      ) : null}
    </>
  );
}
