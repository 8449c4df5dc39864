/** Accepting an invitation: read it, then set a name and password and sign in with them (POST /session). */
import { useMutation, useQuery } from '@tanstack/react-query';
import { acceptInvitation, getInvitation } from '../../api/invitations';
import type { InvitationAcceptance } from '../../api/schema/invitation';
import { useSignIn } from './queries';

export const invitationKeys = {
  all: ['invitations'] as const,
  detail: (code: string) => [...invitationKeys.all, code] as const,
};

export function useInvitation(code: string) {
  return useQuery({
    queryKey: invitationKeys.detail(code),
    queryFn: ({ signal }) => getInvitation(code, signal).then((r) => r.data),
    staleTime: Infinity,
  });
}

/** Accepts the invitation, then signs in as the new user (this tab only: "keep me signed in" is the sign-in page's). */
export function useAcceptInvitation(code: string) {
  const signIn = useSignIn();
  return useMutation({
    mutationFn: async (input: InvitationAcceptance) => {
      const { data } = await acceptInvitation(code, input);
      const username = data.username ?? data.emailNormal ?? '';
      return signIn.mutateAsync({ username, password: input.password, remember: false });
    },
  });
}
