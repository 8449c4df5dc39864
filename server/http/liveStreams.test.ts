/** The registry of live streams: the caps, the order streams are ended in, the default process cap. */
import { describe, expect, it } from 'vitest';
import {
  defaultMaxStreams,
  LiveStreams,
  openFilesLimit,
  StreamRefused,
  type LiveStream,
  type StreamEndReason,
} from './liveStreams';

function stream(userId: string, ended: string[], name: string, passwordHash = 'h'): LiveStream {
  return { userId, passwordHash, end: (e) => ended.push(`${name} ${e.reason}`) };
}

describe('LiveStreams', () => {
  it("ends a user's oldest streams beyond the per-user cap, and no one else's", () => {
    const ended: string[] = [];
    const streams = new LiveStreams({ perUser: 2, max: 10 });
    for (const name of ['a1', 'a2']) streams.add(stream('a', ended, name));
    streams.add(stream('b', ended, 'b1'));
    streams.add(stream('a', ended, 'a3'));
    streams.add(stream('a', ended, 'a4'));
    expect(ended).toEqual(['a1 superseded', 'a2 superseded']);
    expect(streams.size).toBe(3);
  });

  it('refuses a stream beyond the process cap until one closes', () => {
    const ended: string[] = [];
    const streams = new LiveStreams({ perUser: 8, max: 2 });
    const first = stream('a', ended, 'a1');
    streams.add(first);
    streams.add(stream('b', ended, 'b1'));
    const refused = (() => {
      try {
        streams.add(stream('c', ended, 'c1'));
      } catch (e) {
        return e;
      }
    })();
    expect(refused).toBeInstanceOf(StreamRefused);
    expect(refused).toMatchObject({ status: 503, code: 'too_many_streams', retryAfterSeconds: 30 });
    streams.remove(first);
    streams.remove(first); // a second close counts once
    streams.add(stream('c', ended, 'c1'));
    expect(streams.size).toBe(2);
    expect(ended).toEqual([]);
  });

  it('ends every stream on shutdown and refuses new ones', () => {
    const ended: string[] = [];
    const streams = new LiveStreams({ perUser: 8, max: 10 });
    streams.add(stream('a', ended, 'a1'));
    streams.add(stream('b', ended, 'b1'));
    streams.endAll();
    expect(ended.sort()).toEqual(['a1 shutdown', 'b1 shutdown']);
    expect(streams.size).toBe(0);
    expect(() => streams.add(stream('a', ended, 'a2'))).toThrow(/shutting down/);
  });

  it('ends only the streams a verdict names', () => {
    const ended: string[] = [];
    const streams = new LiveStreams({ perUser: 8, max: 10 });
    streams.add(stream('a', ended, 'old', 'h1'));
    streams.add(stream('a', ended, 'new', 'h2'));
    const reason: StreamEndReason = 'credentials-changed';
    streams.endWhere('a', (s) => (s.passwordHash === 'h1' ? { reason, message: '', retryAfterMs: 1000 } : undefined));
    expect(ended).toEqual(['old credentials-changed']);
    expect(streams.has('a')).toBe(true);
  });
});

describe('the default process cap', () => {
  it('is half the soft open-files limit, at least 16', () => {
    const limits =
      'Limit                     Soft Limit           Hard Limit           Units\nMax open files            1024                 524288               files\n';
    expect(openFilesLimit(limits)).toBe(1024);
    expect(defaultMaxStreams(1024)).toBe(512);
    expect(defaultMaxStreams(20)).toBe(16);
    expect(openFilesLimit('Max open files            unlimited            unlimited            files\n')).toBe(
      Number.MAX_SAFE_INTEGER,
    );
    expect(openFilesLimit('nothing here')).toBe(1024);
  });
});
