/**
 * The editor's keys outside a line's text (LineRow handles those): on the editor's own controls, and on the page
 * itself (after a click on nothing, or a removed element), where typing goes to the line being edited. Keys anywhere
 * else (the shell's search, a dialog) are left alone. `matchKey` reads the user's bindings as they are now.
 */
import { useCallback, useEffect, useRef, type KeyboardEvent } from 'react';
import type { EditorDocument } from '../model/editorDocument';
import { commandFor, type Bindings, type Command, type KeyInput } from '../model/shortcuts';

function isTextField(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.matches('input, textarea, select') || target.isContentEditable);
}

/** Keys typed in a dialog (which sits inside the editor) are the dialog's. */
function inDialog(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('dialog') !== null;
}

interface Options {
  doc: EditorDocument;
  idBase: string;
  readOnly: boolean;
  bindings: Bindings;
  activeIndex: number;
  runCommand: (command: Command, index: number, textarea: HTMLTextAreaElement | undefined) => void;
}

export function useEditorKeys({ doc, idBase, readOnly, bindings, activeIndex, runCommand }: Options) {
  const bindingsRef = useRef(bindings);
  useEffect(() => {
    bindingsRef.current = bindings;
  }, [bindings]);
  const matchKey = useCallback(
    (event: KeyInput, inText: boolean) => commandFor(event, inText, bindingsRef.current),
    [],
  );

  const onEditorKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Keys that reached here did not come from a line's text (that handler stops them).
    if (inDialog(event.target)) return;
    const command = matchKey(event, isTextField(event.target));
    if (!command || command === 'next-line' || command === 'previous-line') return;
    if (
      (command === 'undo' || command === 'redo') &&
      isTextField(event.target) &&
      !(event.target instanceof HTMLTextAreaElement)
    )
      return;
    event.preventDefault();
    runCommand(command, activeIndex, undefined);
  };

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      const target = event.target;
      if (event.defaultPrevented || (target !== document.body && target !== document.documentElement)) return;
      if (document.querySelector('dialog[open]')) return;
      const command = matchKey(event, false);
      if (command) {
        event.preventDefault();
        runCommand(command, activeIndex, undefined);
        return;
      }
      const typing = event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
      const row = doc.row(activeIndex);
      const field = typing && !readOnly && row ? document.getElementById(`${idBase}-text-${row.key}`) : null;
      if (field instanceof HTMLTextAreaElement) {
        // Focused during the keydown: the character lands in the line, at its end.
        field.focus();
        field.setSelectionRange(field.value.length, field.value.length);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [activeIndex, doc, idBase, matchKey, readOnly, runCommand]);

  return { matchKey, onEditorKeyDown };
}
