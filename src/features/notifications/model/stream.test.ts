import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createSseParser,
  parseStreamEnd,
  streamNotifications,
  StreamUnavailableError,
  type SseEvent,
} from '../../../api/notifications';

describe('the event-stream parser', () => {
  it('parses events split across chunks, joins data lines, skips comments', () => {
    const events: SseEvent[] = [];
    const parser = createSseParser((e) => events.push(e));
    parser.feed('retry: 3000\n: connected\n\nevent: notif');
    parser.feed('ication\nid: 1\ndata: {"a":\ndata: 1}\n\n: heartbeat\n\n');
    parser.feed('data: plain\r\n\r');
    parser.feed('\n');
    expect(events).toEqual([
      { event: 'notification', data: '{"a":\n1}', id: '1' },
      { event: 'message', data: 'plain', id: '1' },
    ]);
  });
});

describe('streamNotifications', () => {
  afterEach(() => vi.unstubAllGlobals());

  function streamOf(text: string[]): ReadableStream<Uint8Array> {
    const enc = new TextEncoder();
    return new ReadableStream({
      start(controller) {
        for (const t of text) controller.enqueue(enc.encode(t));
        controller.close();
      },
    });
  }

  it('sends the Authorization header and hands over notifications', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(
          streamOf([': connected\n\n', 'event: notification\ndata: {"_id":"n1","type":"wam","read":false}\n\n']),
          { headers: { 'Content-Type': 'text/event-stream' } },
        ),
    );
    vi.stubGlobal('fetch', fetch);
    const got: unknown[] = [];
    const onOpen = vi.fn();
    await streamNotifications({
      authorization: 'Basic abc',
      signal: new AbortController().signal,
      onOpen,
      onActivity: () => {},
      onNotification: (item) => got.push(item.ok ? item.data._id : 'bad'),
    });
    expect(onOpen).toHaveBeenCalledOnce();
    expect(got).toEqual(['n1']);
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>).Authorization).toBe('Basic abc');
  });

  it("hands over the server's final event: why it ended the stream and when to reconnect", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            streamOf([
              ': connected\n\n',
              'retry: 1000\nevent: end\ndata: {"reason":"shutdown","message":"m","retryAfterMs":1000}\n\n',
            ]),
            { headers: { 'Content-Type': 'text/event-stream' } },
          ),
      ),
    );
    const onEnd = vi.fn();
    await streamNotifications({
      authorization: undefined,
      signal: new AbortController().signal,
      onOpen: () => {},
      onActivity: () => {},
      onNotification: () => {},
      onEnd,
    });
    expect(onEnd).toHaveBeenCalledExactlyOnceWith({ reason: 'shutdown', retryAfterMs: 1000 });
  });

  it('reads a final event leniently: no reconnect (null), or nothing it understands', () => {
    expect(parseStreamEnd('{"reason":"account-disabled","retryAfterMs":null}')).toEqual({
      reason: 'account-disabled',
      retryAfterMs: null,
    });
    expect(parseStreamEnd('{"reason":"x","retryAfterMs":-1}')).toBeUndefined();
    expect(parseStreamEnd('{"retryAfterMs":10}')).toBeUndefined();
    expect(parseStreamEnd('not json')).toBeUndefined();
  });

  it('says the stream is unavailable on 404 or a non-stream answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 404 })),
    );
    const handlers = {
      authorization: undefined,
      signal: new AbortController().signal,
      onOpen: () => {},
      onActivity: () => {},
      onNotification: () => {},
    };
    await expect(streamNotifications(handlers)).rejects.toBeInstanceOf(StreamUnavailableError);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { headers: { 'Content-Type': 'text/html' } })),
    );
    await expect(streamNotifications(handlers)).rejects.toBeInstanceOf(StreamUnavailableError);
  });
});
