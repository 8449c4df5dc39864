/**
 * Extension: accepting an invitation (docs/API.md, "Invitations"). What the invitation shows, and the body that
 * accepts it. The password rule is the one `PUT /users/{id}` applies.
 */
import * as z from 'zod/mini';
import { doc } from './common';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

export const invitation = doc({ emailNormal: z.string(), username: z.string(), name: z.string() });
export type Invitation = z.infer<typeof invitation>;

export const invitationAcceptance = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'your name is required'), z.maxLength(200, 'at most 200 characters')),
  password: z
    .string()
    .check(
      z.minLength(PASSWORD_MIN, `at least ${PASSWORD_MIN} characters`),
      z.maxLength(PASSWORD_MAX, `at most ${PASSWORD_MAX} characters`),
    ),
});
export type InvitationAcceptance = z.infer<typeof invitationAcceptance>;
