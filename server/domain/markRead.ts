/**
 * "Mark all read" (POST /notifications/markRead): every unread notification matching the filters becomes read and
 * viewed. better-sqlite3 is synchronous, so one transaction over thousands of notifications stopped the whole
 * server for seconds; the work goes in batches, each its own transaction, with the event loop free between them.
 * A batch is all or nothing; the whole is not (docs/API.md, "Search and stalls"): marking read again finishes it.
 */
import type { Doc, Filter, Store } from '../storage/store';

/** Notifications marked per transaction: a few milliseconds of work at most. */
export const MARK_READ_BATCH = 200;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Marks read the unread notifications the filters match (they must include `read = false`); returns how many. */
export async function markAllRead(store: Store, filters: Filter[], batch = MARK_READ_BATCH): Promise<number> {
  let updated = 0;
  for (;;) {
    // Marked ones leave the filter, so each batch is the first page again; `added` order walks the (to, read, added) index.
    const done = store.transaction(() => {
      const page = store.list<Doc>('Notifications', {
        filters,
        sort: { field: 'added', dir: 'desc' },
        offset: 0,
        limit: batch,
      });
      for (const n of page.items) store.replace('Notifications', { ...n, read: true, viewed: true });
      return page.items.length;
    });
    updated += done;
    if (done < batch) return updated;
    await nextTurn();
  }
}
