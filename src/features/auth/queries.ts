/**
 * Sign-in: checks the credentials with POST /session and starts the session. The answer is the user's own record:
 * it becomes the app's cache entry of that user (lib/userRecords.ts), so the shell does not ask for it again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { basicAuth } from '../../api/client';
import { postSession } from '../../api/session';
import { userRecordFrom, userRecordKeys } from '../../lib/userRecordKeys';
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
      const userId = user._id;
      if (!userId) throw new Error('The server signed you in but did not say who you are (no _id). Try again.');
      client.setQueryData(userRecordKeys.user(userId), userRecordFrom(user, checked.problems));
      signIn({ authorization: basicAuth(username, password), username, remember, userId }, user);
      return user;
    },
  });
}
