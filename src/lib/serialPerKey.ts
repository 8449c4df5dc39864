/**
 * Runs async work one after the other per key: a later call for the same key starts only when the earlier one
 * has settled. Two quick flag changes on one record (unread, then open) must reach the server in the order made,
 * or the older one may land last.
 */
const queues = new Map<string, Promise<unknown>>();

export function serialPerKey<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(work);
  queues.set(key, next);
  void next
    .catch(() => undefined)
    .finally(() => {
      if (queues.get(key) === next) queues.delete(key);
    });
  return next;
}
