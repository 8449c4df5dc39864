/**
 * A newcomer this share invited who has not joined yet (`$invitation` on the recipient: docs/API.md "Managing a
 * share"): until when their link works, and for the sender "Invite again": a new mail and a new link (the old one stops
 * working), shown to copy as well.
 */
import { isApiError } from '../../../api/client';
import { describeError } from '../../../components/ErrorPanel';
import { formatDate } from '../../../lib/dates';
import { useInviteAgain } from '../queries';

export interface PendingInvitation {
  expires?: number | undefined;
  expired?: boolean | undefined;
}

export function InviteAgain({
  shareId,
  userId,
  name,
  invitation,
  canInvite,
}: {
  shareId: string;
  userId: string;
  name: string;
  invitation: PendingInvitation;
  canInvite: boolean;
}) {
  const invite = useInviteAgain(shareId);
  const link = invite.data ? new URL(invite.data.invite, window.location.origin).href : undefined;
  return (
    <span className="recipient__invitation">
      <span className="hint">
        {invite.isSuccess
          ? 'Invited again: a new mail is on its way.'
          : invitation.expired
            ? 'Invited; has not joined, and the invitation has lapsed.'
            : `Invited; has not joined yet${invitation.expires ? ` (link valid until ${formatDate(invitation.expires)})` : ''}.`}
      </span>
      {canInvite ? (
        <button
          type="button"
          className="button button--small"
          onClick={() => invite.mutate(userId)}
          disabled={invite.isPending}
          aria-label={`Invite ${name} again`}
        >
          {invite.isPending ? 'Inviting…' : invite.isError ? 'Try again' : 'Invite again'}
        </button>
      ) : null}
      {link ? (
        <span className="recipient__link">
          <span className="hint">New link (the old one no longer works):</span>{' '}
          <input
            readOnly
            value={link}
            aria-label={`New invitation link for ${name}`}
            onFocus={(e) => e.currentTarget.select()}
          />
        </span>
      ) : null}
      {invite.isError ? (
        <span className="form-error" role="alert">
          Not invited again:{' '}
          {isApiError(invite.error) && invite.error.status === 409
            ? `${name} has joined meanwhile: they need no invitation.`
            : describeError(invite.error)}
        </span>
      ) : null}
    </span>
  );
}
