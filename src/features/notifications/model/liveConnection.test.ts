import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StreamUnavailableError, type StreamEnd } from '../../../api/notifications';
import { LIVE_TIMING, LiveConnection, type LiveDeps, type LiveMode } from './liveConnection';

function setup(overrides: Partial<LiveDeps> = {}) {
  let hidden = false;
  let visibility: (() => void) | undefined;
  const modes: LiveMode[] = [];
  const deps: LiveDeps = {
    openStream: vi.fn(() => new Promise<void>(() => {})),
    poll: vi.fn(async () => false),
    onNotification: vi.fn(),
    onResync: vi.fn(),
    onMode: (m) => modes.push(m),
    isHidden: () => hidden,
    onVisibilityChange: (l) => {
      visibility = l;
      return () => {
        visibility = undefined;
      };
    },
    ...overrides,
  };
  const connection = new LiveConnection(deps, () => 0.5);
  return {
    deps,
    connection,
    modes,
    hide: () => {
      hidden = true;
      visibility?.();
    },
    show: () => {
      hidden = false;
      visibility?.();
    },
  };
}

describe('LiveConnection', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('goes live when the stream opens and hands over notifications', async () => {
    const { deps, connection } = setup({
      openStream: vi.fn(({ onOpen, onNotification }) => {
        onOpen();
        onNotification({ ok: true, data: { _id: 'n1' }, problems: [] });
        return new Promise<void>(() => {});
      }),
    });
    connection.start();
    expect(connection.current).toBe('live');
    expect(deps.onNotification).toHaveBeenCalledOnce();
    expect(deps.onResync).not.toHaveBeenCalled();
  });

  it('reconnects with growing delays after drops, and resyncs once reopened', async () => {
    let calls = 0;
    const { deps, connection } = setup({
      openStream: vi.fn(({ onOpen }) => {
        calls += 1;
        if (calls === 1) {
          onOpen();
          return Promise.resolve(); // the server ended the stream
        }
        if (calls < 4) return Promise.reject(new Error('network'));
        onOpen();
        return new Promise<void>(() => {});
      }),
    });
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(connection.current).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(1_000); // attempt 2 fails
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(calls).toBe(2); // waits 2 s now
    await vi.advanceTimersByTimeAsync(1); // attempt 3 fails
    expect(calls).toBe(3);
    await vi.advanceTimersByTimeAsync(4_000); // attempt 4 opens
    expect(calls).toBe(4);
    expect(connection.current).toBe('live');
    expect(deps.onResync).toHaveBeenCalledOnce();
  });

  it('polls with back-off when the stream is not offered, and tries the stream again later', async () => {
    const { deps, connection } = setup({ openStream: vi.fn(() => Promise.reject(new StreamUnavailableError('404'))) });
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(connection.current).toBe('polling');
    expect(deps.poll).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(LIVE_TIMING.pollBaseMs);
    expect(deps.poll).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(LIVE_TIMING.pollBaseMs); // next wait is 1.5x
    expect(deps.poll).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(LIVE_TIMING.pollBaseMs * 0.5);
    expect(deps.poll).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(LIVE_TIMING.streamRetryWhenUnavailableMs);
    expect((deps.openStream as ReturnType<typeof vi.fn>).mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('does nothing while hidden and catches up when shown', async () => {
    const { deps, connection, hide, show } = setup({
      openStream: vi.fn(() => Promise.reject(new StreamUnavailableError('404'))),
    });
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    hide();
    expect(connection.current).toBe('paused');
    const polls = (deps.poll as ReturnType<typeof vi.fn>).mock.calls.length;
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(deps.poll).toHaveBeenCalledTimes(polls);
    show();
    expect(deps.onResync).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(0);
    expect(connection.current).toBe('polling');
  });

  it('stops for good', async () => {
    const { deps, connection } = setup({ openStream: vi.fn(() => Promise.reject(new StreamUnavailableError('404'))) });
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    connection.stop();
    expect(connection.current).toBe('off');
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(deps.poll).toHaveBeenCalledTimes(1);
  });

  it('treats a silent stream as dropped', async () => {
    let calls = 0;
    const { connection } = setup({
      openStream: vi.fn(({ onOpen, signal }) => {
        calls += 1;
        onOpen();
        return new Promise<void>((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(new Error('aborted'))),
        );
      }),
    });
    connection.start();
    await vi.advanceTimersByTimeAsync(LIVE_TIMING.watchdogMs + 1_500);
    expect(calls).toBe(2);
  });

  describe("the server's reason for ending the stream", () => {
    /** A stream that opens, then ends with `end`; later ones stay open. */
    function endingWith(end: StreamEnd) {
      let calls = 0;
      const opened = setup({
        openStream: vi.fn(({ onOpen, onEnd }) => {
          calls += 1;
          onOpen();
          if (calls > 1) return new Promise<void>(() => {});
          onEnd(end);
          return Promise.resolve();
        }),
      });
      return { ...opened, calls: () => calls };
    }

    it('shutdown: reconnects after the hinted delay (jittered), where the balancer finds another instance', async () => {
      const { connection, calls, deps } = endingWith({ reason: 'shutdown', retryAfterMs: 2_000 });
      connection.start();
      await vi.advanceTimersByTimeAsync(0);
      expect(connection.current).toBe('reconnecting');
      await vi.advanceTimersByTimeAsync(1_999); // random() is 0.5: no jitter
      expect(calls()).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls()).toBe(2);
      expect(connection.current).toBe('live');
      expect(deps.onResync).toHaveBeenCalledOnce();
    });

    it('too many streams: polls meanwhile and opens the stream again only after the hinted wait', async () => {
      const { connection, calls, deps } = endingWith({ reason: 'superseded', retryAfterMs: 60_000 });
      connection.start();
      await vi.advanceTimersByTimeAsync(0);
      expect(connection.current).toBe('polling');
      expect(deps.poll).toHaveBeenCalledOnce();
      await vi.advanceTimersByTimeAsync(59_999);
      expect(calls()).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls()).toBe(2);
      expect(connection.current).toBe('live');
    });

    it('account disabled: does not open the stream again soon; polls, whose answers say why', async () => {
      const { connection, calls, deps } = endingWith({ reason: 'account-disabled', retryAfterMs: null });
      connection.start();
      await vi.advanceTimersByTimeAsync(0);
      expect(connection.current).toBe('polling');
      expect(deps.poll).toHaveBeenCalledOnce();
      await vi.advanceTimersByTimeAsync(LIVE_TIMING.streamRetryWhenUnavailableMs - 1);
      expect(calls()).toBe(1);
    });
  });
});
