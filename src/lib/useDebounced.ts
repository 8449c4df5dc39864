import { useEffect, useState } from 'react';

/** The value as it was `ms` milliseconds after it last changed (typing settles before a request goes out). */
export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}
