/**
 * The statuses of a translation, without the record's schema: the translations list's URL filter reads them, and so
 * does the request started before the app runs (src/app/earlyRequest.ts), which must stay small (no zod).
 */
export const TRANSLATION_STATUSES = ['incomplete', 'submitted'] as const;
