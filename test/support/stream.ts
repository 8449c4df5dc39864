/** Reads the live notification stream (`GET /api/notifications/stream`, Server-Sent Events) in API tests. */
import { basic, type Account } from './server';

export interface NotificationStream {
  response: Response;
  /** Reads until the text received so far contains `needle` (or `timeoutMs` passes); answers all of it. */
  readUntil(needle: string, timeoutMs: number): Promise<string>;
  /** Reads until the server ends the stream (or `timeoutMs` passes); answers all of it. */
  readToEnd(timeoutMs: number): Promise<string>;
  /** Whether the server has ended the stream (seen by a read). */
  readonly ended: boolean;
  close(): void;
}

export async function openNotificationStream(
  baseUrl: string,
  as: Account,
  headers: Record<string, string> = {},
): Promise<NotificationStream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/notifications/stream`, {
    headers: { Authorization: basic(as), 'X-Requested-With': 'XMLHttpRequest', ...headers },
    signal: controller.signal,
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let ended = false;
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;
  const read = async (done: () => boolean, timeoutMs: number) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
    while (!done() && !ended) {
      // A read the timeout left waiting is still the next chunk: never start a second one beside it.
      if (!pending) {
        pending = reader.read();
        pending.catch(() => {}); // the read a close() aborts: nobody waits for it
      }
      const chunk = await Promise.race([pending, timeout]);
      if (chunk === 'timeout') break;
      pending = undefined;
      if (chunk.done) ended = true;
      else text += decoder.decode(chunk.value, { stream: true });
    }
    clearTimeout(timer);
    return text;
  };
  return {
    response,
    readUntil: (needle, timeoutMs) => read(() => text.includes(needle), timeoutMs),
    readToEnd: (timeoutMs) => read(() => false, timeoutMs),
    get ended() {
      return ended;
    },
    close: () => controller.abort(),
  };
}

/** The data of every `event: notification` in a stream's text, in order. */
export function notificationsIn(text: string): unknown[] {
  return text
    .split('event: notification')
    .slice(1)
    .map((part) => part.split('data: ')[1]?.split('\n')[0])
    .filter((data): data is string => data !== undefined)
    .map((data) => JSON.parse(data) as unknown);
}

/** The data of the first `event: notification` in a stream's text. */
export function firstNotification(text: string): unknown {
  return notificationsIn(text)[0];
}
