/** Sign-in: checks the credentials with POST /session and starts the session. */
import { useMutation } from '@tanstack/react-query';
import { basicAuth } from '../../api/client';
import { postSession } from '../../api/session';
import { signIn } from '../../lib/session/sessionStore';

export interface SignInInput {
  username: string;
  password: string;
  remember: boolean;
}

export function useSignIn() {
  return useMutation({
    mutationFn: async ({ username, password, remember }: SignInInput) => {
      const { data: user } = await postSession(username, password);
      signIn({ authorization: basicAuth(username, password), username, remember, user });
      return user;
    },
  });
}
