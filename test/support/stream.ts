/** Reads the live notification stream (`GET /api/notifications/stream`, Server-Sent Events) in API tests. */
import { basic, type Account } from './server';

export interface NotificationStream {
  response: Response;
  /** Reads until the text received so far contains `needle` (or `timeoutMs` passes); answers all of it. */
  readUntil(needle: string, timeoutMs: number): Promise<string>;
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
  return {
    response,
    async readUntil(needle, timeoutMs) {
      const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), timeoutMs));
      while (!text.includes(needle)) {
        const chunk = await Promise.race([reader.read(), timeout]);
        if (chunk === 'timeout' || chunk.done) break;
        text += decoder.decode(chunk.value, { stream: true });
      }
      return text;
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
