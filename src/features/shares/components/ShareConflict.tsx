/** A save refused with 409: what they changed, what I changed, their version, and re-apply or discard. */
import { ConflictPanel } from '../../../components/ConflictPanel';
import { Field, Fields } from '../../../components/Field';
import { useRecordNames } from '../../../lib/useRecordNames';
import type { VersionedShare } from '../hooks/useShareEditing';
import { describeDraftChanges, recipientName } from '../model/describe';
import { draftFrom, type ShareDraft } from '../model/draft';
import { ApprovalBadge } from './ShareTable';

export function ShareConflict({
  baseDraft,
  mine,
  theirs,
  onReapply,
  onDiscard,
}: {
  baseDraft: ShareDraft;
  mine: ShareDraft;
  theirs: VersionedShare;
  onReapply: () => void;
  onDiscard: () => void;
}) {
  const theirDraft = draftFrom(theirs.data);
  const groupName = useRecordNames('groups');
  return (
    <ConflictPanel
      what="share"
      theirChanges={describeDraftChanges(baseDraft, theirDraft, groupName)}
      myChanges={describeDraftChanges(baseDraft, mine, groupName)}
      onReapply={onReapply}
      onDiscard={onDiscard}
      theirVersion={
        <Fields columns={1}>
          <Field label="Approval">
            <ApprovalBadge approved={theirDraft.approved} />
          </Field>
          <Field label="Feedback">{theirDraft.feedbackEnabled ? 'On' : 'Off'}</Field>
          <Field label="Recipients">{theirDraft.to.map(recipientName).join(', ') || undefined}</Field>
          <Field label="Notes">{theirDraft.notes ? <p className="prose">{theirDraft.notes}</p> : undefined}</Field>
        </Fields>
      }
    />
  );
}
