/** Says how the inbox stays current: live, reconnecting, checking now and then, or paused while the tab is hidden. */
import { useLiveMode } from '../useLiveNotifications';

const TEXT = {
  off: 'Not live',
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  polling: 'Checking for new ones periodically',
  paused: 'Paused while hidden',
} as const;

export function LiveStatus() {
  const mode = useLiveMode();
  return (
    <span
      className={`live-status live-status--${mode}`}
      data-live={mode}
      title={
        mode === 'polling' ? 'The live stream is not available now; the inbox checks for news now and then.' : undefined
      }
    >
      <span className="live-status__dot" aria-hidden="true" />
      {TEXT[mode]}
    </span>
  );
}
