/**
 * Keeps the inbox live: the Server-Sent Events stream when the deployment offers it, reconnected with back-off
 * when it drops; polling with back-off when it does not (a real deployment without the extension); nothing while
 * the tab is hidden (resumed, with a catch-up, when it is shown again). No React: the hook wires it to the
 * query cache (useLiveNotifications.ts), tests drive it with fake timers.
 */
import type { Parsed } from '../../../api/parse';
import type { Notification } from '../../../api/schema/notification';
import { StreamUnavailableError, type StreamEnd } from '../../../api/notifications';

export type LiveMode = 'off' | 'connecting' | 'live' | 'reconnecting' | 'polling' | 'paused';

export interface LiveDeps {
  /** Opens the stream; resolves when the server ends it, rejects on failure (StreamUnavailableError: not offered). */
  openStream: (handlers: {
    signal: AbortSignal;
    onOpen: () => void;
    onActivity: () => void;
    onNotification: (item: Parsed<Notification>) => void;
    /** The server's reason and reconnect hint, sent just before it ends the stream. */
    onEnd: (end: StreamEnd) => void;
  }) => Promise<void>;
  /** One cheap check for news; true when something changed (the caller refreshes what it shows). */
  poll: (signal: AbortSignal) => Promise<boolean>;
  onNotification: (item: Parsed<Notification>) => void;
  /** After a gap (reconnect, tab shown again): refresh everything once. */
  onResync: () => void;
  onMode?: (mode: LiveMode) => void;
  isHidden: () => boolean;
  onVisibilityChange: (listener: () => void) => () => void;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export const LIVE_TIMING = {
  /** Reconnect delays after a dropped stream: 1 s, 2 s, 4 s … (with ±20 % jitter), capped. */
  reconnectBaseMs: 1_000,
  reconnectMaxMs: 30_000,
  /** After this many failed reconnects in a row, poll while retrying the stream now and then. */
  reconnectAttemptsBeforePolling: 4,
  /** Polling: first interval, growth while nothing changes or polls fail, cap. */
  pollBaseMs: 15_000,
  pollFactor: 1.5,
  pollMaxMs: 120_000,
  /** While polling, try the stream again after this long (a restarted proxy may offer it again). */
  streamRetryWhenUnavailableMs: 300_000,
  streamRetryAfterFailuresMs: 60_000,
  /** No bytes (events or the server's 20 s keep-alive comments) for this long: the stream is dead. */
  watchdogMs: 50_000,
};

export class LiveConnection {
  private mode: LiveMode = 'off';
  private controller: AbortController | undefined;
  private timers = new Set<unknown>();
  private watchdog: unknown;
  private failures = 0;
  private pollInterval = LIVE_TIMING.pollBaseMs;
  private hasOpened = false;
  private unsubscribeVisibility: (() => void) | undefined;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;

  constructor(
    private readonly deps: LiveDeps,
    private readonly random: () => number = Math.random,
  ) {
    this.setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = deps.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  }

  get current(): LiveMode {
    return this.mode;
  }

  start(): void {
    if (this.mode !== 'off') return;
    this.unsubscribeVisibility = this.deps.onVisibilityChange(() => this.visibilityChanged());
    if (this.deps.isHidden()) this.setMode('paused');
    else this.connect();
  }

  stop(): void {
    this.unsubscribeVisibility?.();
    this.unsubscribeVisibility = undefined;
    this.halt();
    this.setMode('off');
  }

  private setMode(mode: LiveMode): void {
    if (this.mode === mode) return;
    this.mode = mode;
    this.deps.onMode?.(mode);
  }

  /** Stops whatever runs (stream, timers) without changing the mode. */
  private halt(): void {
    this.controller?.abort();
    this.controller = undefined;
    for (const t of this.timers) this.clearTimer(t);
    this.timers.clear();
    if (this.watchdog !== undefined) this.clearTimer(this.watchdog);
    this.watchdog = undefined;
  }

  private later(fn: () => void, ms: number): void {
    const handle = this.setTimer(() => {
      this.timers.delete(handle);
      fn();
    }, ms);
    this.timers.add(handle);
  }

  private visibilityChanged(): void {
    if (this.mode === 'off') return;
    if (this.deps.isHidden()) {
      this.halt();
      this.setMode('paused');
    } else if (this.mode === 'paused') {
      this.failures = 0;
      this.pollInterval = LIVE_TIMING.pollBaseMs;
      this.deps.onResync();
      this.connect();
    }
  }

  private feedWatchdog(controller: AbortController): void {
    if (this.watchdog !== undefined) this.clearTimer(this.watchdog);
    this.watchdog = this.setTimer(() => {
      this.watchdog = undefined;
      if (this.controller === controller) controller.abort(new Error('the stream went silent'));
    }, LIVE_TIMING.watchdogMs);
  }

  private connect(): void {
    this.halt();
    const controller = new AbortController();
    this.controller = controller;
    this.setMode(this.failures > 0 ? 'reconnecting' : 'connecting');
    let opened = false;
    let end: StreamEnd | undefined;
    this.deps
      .openStream({
        signal: controller.signal,
        onOpen: () => {
          if (this.controller !== controller) return;
          opened = true;
          this.failures = 0;
          this.setMode('live');
          this.feedWatchdog(controller);
          // A gap lay between the last stream (or the polling) and this one: catch up once.
          if (this.hasOpened) this.deps.onResync();
          this.hasOpened = true;
        },
        onActivity: () => {
          if (this.controller === controller) this.feedWatchdog(controller);
        },
        onNotification: (item) => {
          if (this.controller === controller) this.deps.onNotification(item);
        },
        onEnd: (hint) => {
          end = hint;
        },
      })
      .then(
        () => this.streamEnded(controller, opened, undefined, end),
        (error: unknown) => this.streamEnded(controller, opened, error),
      );
  }

  private streamEnded(controller: AbortController, opened: boolean, error: unknown, end?: StreamEnd): void {
    // Aborted by us (hidden, stopped, replaced) unless the watchdog did it.
    if (this.controller !== controller) return;
    const silent = controller.signal.aborted;
    this.controller = undefined;
    if (this.watchdog !== undefined) this.clearTimer(this.watchdog);
    this.watchdog = undefined;
    if (error instanceof StreamUnavailableError) {
      this.startPolling(LIVE_TIMING.streamRetryWhenUnavailableMs);
      return;
    }
    if (end) {
      this.endedWithHint(end);
      return;
    }
    if (!opened || silent || error !== undefined) this.failures += 1;
    else this.failures = 1; // a clean end after a good stream: reconnect soon
    if (this.failures >= LIVE_TIMING.reconnectAttemptsBeforePolling) {
      this.startPolling(LIVE_TIMING.streamRetryAfterFailuresMs);
      return;
    }
    this.reconnectIn(Math.min(LIVE_TIMING.reconnectMaxMs, LIVE_TIMING.reconnectBaseMs * 2 ** (this.failures - 1)));
  }

  /**
   * The server ended the stream saying when to come back (docs/API.md, "Live notification stream"): soon (it is
   * shutting down: through the balancer the new stream reaches another instance) — reconnect then, jittered so a
   * whole instance's clients do not come back at once; later (this user opened too many streams) — poll meanwhile;
   * never (the account cannot sign in) — poll, whose answers say why (a 401 signs the app out; a disabled
   * account's 403 shows).
   */
  private endedWithHint(end: StreamEnd): void {
    if (end.retryAfterMs === null) {
      this.startPolling(LIVE_TIMING.streamRetryWhenUnavailableMs);
    } else if (end.retryAfterMs >= LIVE_TIMING.pollBaseMs) {
      this.startPolling(end.retryAfterMs);
    } else {
      this.failures = 1;
      this.reconnectIn(Math.max(end.retryAfterMs, LIVE_TIMING.reconnectBaseMs));
    }
  }

  /** Reconnects after about `baseMs` (±20 % jitter). */
  private reconnectIn(baseMs: number): void {
    const delay = Math.round(baseMs * (0.8 + 0.4 * this.random()));
    this.setMode('reconnecting');
    this.later(() => this.connect(), delay);
  }

  private startPolling(streamRetryMs: number): void {
    this.halt();
    this.setMode('polling');
    this.pollInterval = LIVE_TIMING.pollBaseMs;
    this.later(() => {
      this.failures = 0;
      this.connect();
    }, streamRetryMs);
    this.pollOnce();
  }

  private pollOnce(): void {
    const controller = new AbortController();
    this.controller = controller;
    this.deps.poll(controller.signal).then(
      (changed) => this.polled(controller, changed ? 'changed' : 'same'),
      () => this.polled(controller, 'failed'),
    );
  }

  private polled(controller: AbortController, outcome: 'changed' | 'same' | 'failed'): void {
    if (this.controller !== controller || this.mode !== 'polling') return;
    this.controller = undefined;
    let wait: number;
    if (outcome === 'changed') {
      this.pollInterval = LIVE_TIMING.pollBaseMs;
      wait = this.pollInterval;
    } else if (outcome === 'failed') {
      this.pollInterval = Math.min(LIVE_TIMING.pollMaxMs, this.pollInterval * 2);
      wait = this.pollInterval;
    } else {
      wait = this.pollInterval;
      this.pollInterval = Math.min(LIVE_TIMING.pollMaxMs, Math.round(this.pollInterval * LIVE_TIMING.pollFactor));
    }
    this.later(() => this.pollOnce(), wait);
  }

  /** The current polling interval (for tests and the status line). */
  get pollingEveryMs(): number {
    return this.pollInterval;
  }
}
