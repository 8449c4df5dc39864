/**
 * The query key of the signed-in user's own record (GET /users/me, src/app/useRefreshMe.ts). Sign-in fills it with
 * the user its check answered (POST /session), so the shell does not ask the server again for the same record.
 */
export const meKey = ['session', 'me'] as const;
