/**
 * The current time in milliseconds, for renders that compare against it ("link expired", "embargo lifted"): read
 * at mount and again every `everyMs`, so what is shown changes when the moment passes, and a render stays pure
 * (it never calls Date.now() itself).
 */
import { useEffect, useState } from 'react';

export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
