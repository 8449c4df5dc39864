/** Shares: arrive in a later release. */
import { ComingSoon } from '../../../components/ComingSoon';

export function SharesPage() {
  return <ComingSoon title="Shares"><p>Sharing assets with partners, with their permissions, is being built.</p></ComingSoon>;
}

export function InvitePage() {
  return <ComingSoon title="Invitation"><p>Accepting an invitation from this console is being built. Ask your coordinator for access meanwhile.</p></ComingSoon>;
}
