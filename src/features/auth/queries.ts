/**
 * Sign-in: checks the credentials with POST /session and starts the session. The answer is the user's own record,
 * as GET /users/me would answer it: it is kept as that query's data, so the shell does not ask for it again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { basicAuth } from '../../api/client';
import { postSession } from '../../api/session';
import { meKey } from '../../lib/session/meQuery';
import { signIn } from '../../lib/session/sessionStore';

export interface SignInInput {
  username: string;
  password: string;
  remember: boolean;
}

export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ username, password, remember }: SignInInput) => {
      const checked = await postSession(username, password);
      const user = checked.data;
      client.setQueryData(meKey, checked);
      signIn({ authorization: basicAuth(username, password), username, remember, user });
      return user;
    },
  });
}
