/**
 * Whether `value` differs from the previous render's (false on the first render). For local state that follows a
 * prop (a field's text, a draft, the active row of a list): the caller resets it while rendering, the way React's
 * "Adjusting some state when a prop changes" does, instead of in an effect, so no frame shows the stale state and no
 * extra commit is made. React re-renders the component at once, before its children, with the reset state.
 */
import { useState } from 'react';

export function useChanged<T>(value: T): boolean {
  const [previous, setPrevious] = useState(value);
  if (Object.is(previous, value)) return false;
  setPrevious(value);
  return true;
}
