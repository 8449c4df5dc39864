/** A polite announcement for screen readers, cleared after a few seconds so the same words can be said again. */
import { useEffect, useState } from 'react';

const SHOWN_MS = 4000;

export function useAnnouncer(): [string, (text: string) => void] {
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (announcement) {
      const t = setTimeout(() => setAnnouncement(''), SHOWN_MS);
      return () => clearTimeout(t);
    }
  }, [announcement]);
  return [announcement, setAnnouncement];
}
