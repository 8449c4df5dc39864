/**
 * The keys of the app's one cache entry per work request and per translation (lib/workRecords.ts) and the roots of
 * the queries that derive from them, so that a feature marks another's data stale through these keys, never by
 * spelling them. A module of its own, importing nothing: the shell's unread count reads its key without loading the
 * records' API modules.
 */
export const workRecordKeys = {
  /** Every work-request query: lists, the automation queue, records. */
  workRequests: ['workRequests'] as const,
  workRequest: (id: string) => [...workRecordKeys.workRequests, 'detail', id] as const,
  /** Every translation query: the list, records, what hangs off a record. */
  translations: ['translations'] as const,
  translation: (id: string) => [...workRecordKeys.translations, 'detail', id] as const,
  /** A translation's accepted QC problems (the editor writes them, the reviewer and the order's page read them). */
  acceptedProblems: (id: string) => [...workRecordKeys.translations, 'accepted', id] as const,
  /** A work request's comments, review notes among them (the order's page and the editor both read them). */
  comments: ['comments'] as const,
  /** The inbox: its lists and unread counts. */
  notifications: ['notifications'] as const,
  notificationCounts: () => [...workRecordKeys.notifications, 'unread'] as const,
};
