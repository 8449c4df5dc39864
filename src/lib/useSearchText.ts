import { useEffect, useEffectEvent, useState } from 'react';
import { useChanged } from './useChanged';
import { useDebounced } from './useDebounced';

/**
 * A search box's text bound to a value kept elsewhere (the URL's `q`): what is typed shows at once, the value follows
 * once typing settles (`ms`) or at once on `commit` (Enter), trimmed (empty: undefined); a change of the value from
 * elsewhere (back and forward, Clear) shows in the box.
 */
export function useSearchText(value: string | undefined, onSettled: (next: string | undefined) => void, ms = 300) {
  const [text, setText] = useState(value ?? '');
  const settled = useDebounced(text, ms);
  // value -> box
  const valueChanged = useChanged(value);
  if (valueChanged) setText(value ?? '');
  const settle = (typed: string) => {
    const next = typed.trim() || undefined;
    if (next !== value) onSettled(next);
  };
  // box -> value: only the typed text drives this; value and onSettled are read at that moment (an Effect Event).
  const push = useEffectEvent(settle);
  useEffect(() => push(settled), [settled]);
  return { text, setText, commit: () => settle(text) };
}
