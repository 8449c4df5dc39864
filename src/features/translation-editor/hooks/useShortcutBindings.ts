/**
 * The signed-in user's editor keys: the defaults with what they changed in the overlay, kept in this browser
 * (localStorage, one entry per username; docs/API.md "Editor keys" says why not in `preferences`).
 */
import { useCallback, useState } from 'react';
import { useSession } from '../../../lib/session/useSession';
import { browserStorage } from '../model/drafts';
import { overridesOf, parseOverrides, withOverrides, type Bindings } from '../model/shortcuts';

const storageKey = (username: string) => `mws.editor-keys.${username}`;

function load(username: string | undefined): Bindings {
  if (!username) return withOverrides({});
  try {
    const raw = browserStorage()?.getItem(storageKey(username));
    return withOverrides(raw ? parseOverrides(JSON.parse(raw)) : {});
  } catch {
    return withOverrides({});
  }
}

export function useShortcutBindings(): [Bindings, (next: Bindings) => void] {
  const username = useSession()?.username;
  const [bindings, setBindings] = useState(() => load(username));
  const save = useCallback(
    (next: Bindings) => {
      setBindings(next);
      if (!username) return;
      const overrides = overridesOf(next);
      try {
        const storage = browserStorage();
        if (Object.keys(overrides).length === 0) storage?.removeItem(storageKey(username));
        else storage?.setItem(storageKey(username), JSON.stringify(overrides));
      } catch {
        // Storage full or disabled: the keys hold for this visit.
      }
    },
    [username],
  );
  return [bindings, save];
}
