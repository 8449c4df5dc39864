/** Every editor action and its keys: one table drives both the key handling and the "?" overlay. */

export type Command =
  | 'undo'
  | 'redo'
  | 'bold'
  | 'italic'
  | 'underline'
  | 'next-line'
  | 'previous-line'
  | 'split'
  | 'merge'
  | 'reset'
  | 'copy-original'
  | 'start-earlier'
  | 'start-later'
  | 'stop-earlier'
  | 'stop-later'
  | 'toggle-position'
  | 'focus-timing'
  | 'next-problem'
  | 'previous-problem'
  | 'find'
  | 'save'
  | 'shortcuts'
  | MediaCommand;

/** The Subtitler's playback and waveform commands (components/mediaCommands.ts runs them). */
export type MediaCommand = 'play-pause' | 'play-line' | 'loop-line' | 'set-start' | 'set-stop' | 'zoom-in' | 'zoom-out';

export interface Shortcut {
  command: Command;
  /** As shown in the overlay. */
  keys: string;
  description: string;
  group: 'Editing' | 'Moving' | 'Timing' | 'Media' | 'Checks and files';
}

export const SHORTCUTS: readonly Shortcut[] = [
  { command: 'undo', keys: 'Ctrl+Z', description: 'Undo', group: 'Editing' },
  { command: 'redo', keys: 'Ctrl+Shift+Z or Ctrl+Y', description: 'Redo', group: 'Editing' },
  { command: 'bold', keys: 'Ctrl+B', description: 'Bold (wraps the selection in <b>)', group: 'Editing' },
  { command: 'italic', keys: 'Ctrl+I', description: 'Italic (<i>)', group: 'Editing' },
  { command: 'underline', keys: 'Ctrl+U', description: 'Underline (<u>)', group: 'Editing' },
  { command: 'split', keys: 'Alt+S', description: 'Split the line at the cursor', group: 'Editing' },
  { command: 'merge', keys: 'Alt+M', description: 'Merge the line with the next', group: 'Editing' },
  { command: 'reset', keys: 'Alt+R', description: 'Reset the line to how it was loaded', group: 'Editing' },
  { command: 'copy-original', keys: 'Alt+O', description: 'Copy the original text into the line', group: 'Editing' },
  { command: 'next-line', keys: 'Tab, Alt+↓, or ↓ on the last row of text', description: 'Next line', group: 'Moving' },
  {
    command: 'previous-line',
    keys: 'Shift+Tab, Alt+↑, or ↑ on the first row',
    description: 'Previous line',
    group: 'Moving',
  },
  {
    command: 'focus-timing',
    keys: 'Alt+T',
    description: 'Go to the start time of the line (Esc comes back)',
    group: 'Moving',
  },
  { command: 'start-earlier', keys: 'Alt+←', description: 'Start 1 frame earlier', group: 'Timing' },
  { command: 'start-later', keys: 'Alt+→', description: 'Start 1 frame later', group: 'Timing' },
  { command: 'stop-earlier', keys: 'Alt+Shift+←', description: 'Stop 1 frame earlier', group: 'Timing' },
  { command: 'stop-later', keys: 'Alt+Shift+→', description: 'Stop 1 frame later', group: 'Timing' },
  { command: 'toggle-position', keys: 'Alt+P', description: 'Position top / bottom', group: 'Timing' },
  { command: 'play-pause', keys: 'Alt+K', description: 'Play or pause the preview', group: 'Media' },
  { command: 'play-line', keys: 'Alt+J', description: 'Play the current line', group: 'Media' },
  { command: 'loop-line', keys: 'Alt+L', description: 'Loop the current line on or off', group: 'Media' },
  { command: 'set-start', keys: 'Alt+[', description: 'Start the line at the playhead', group: 'Media' },
  { command: 'set-stop', keys: 'Alt+]', description: 'Stop the line at the playhead', group: 'Media' },
  { command: 'zoom-in', keys: 'Alt+=', description: 'Zoom the waveform in', group: 'Media' },
  { command: 'zoom-out', keys: 'Alt+-', description: 'Zoom the waveform out', group: 'Media' },
  { command: 'next-problem', keys: 'F8', description: 'Next line with a problem', group: 'Checks and files' },
  {
    command: 'previous-problem',
    keys: 'Shift+F8',
    description: 'Previous line with a problem',
    group: 'Checks and files',
  },
  { command: 'find', keys: 'Ctrl+F or Ctrl+H', description: 'Find and replace', group: 'Checks and files' },
  { command: 'save', keys: 'Ctrl+S', description: 'Save now', group: 'Checks and files' },
  {
    command: 'shortcuts',
    keys: '? (outside a text field) or Ctrl+/',
    description: 'This list',
    group: 'Checks and files',
  },
];

export interface KeyInput {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/**
 * The command a key press means. `inText` is true in a text field, where "?" types a question mark and plain
 * arrows move the caret. Letters are matched by `code` (the physical key) for Alt shortcuts, so they work on
 * any keyboard layout; Ctrl (or ⌘) shortcuts by `key`.
 */
export function commandFor(e: KeyInput, inText: boolean): Command | undefined {
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (mod && !e.altKey) {
    if (key === 'z') return e.shiftKey ? 'redo' : 'undo';
    if (key === 'y') return 'redo';
    if (key === 'b') return 'bold';
    if (key === 'i') return 'italic';
    if (key === 'u') return 'underline';
    if (key === 'f' || key === 'h') return 'find';
    if (key === 's') return 'save';
    if (key === '/') return 'shortcuts';
    return undefined;
  }
  if (e.altKey && !mod) {
    switch (e.code) {
      case 'KeyS':
        return 'split';
      case 'KeyM':
        return 'merge';
      case 'KeyR':
        return 'reset';
      case 'KeyO':
        return 'copy-original';
      case 'KeyP':
        return 'toggle-position';
      case 'KeyT':
        return 'focus-timing';
      case 'KeyK':
        return 'play-pause';
      case 'KeyJ':
        return 'play-line';
      case 'KeyL':
        return 'loop-line';
      case 'BracketLeft':
        return 'set-start';
      case 'BracketRight':
        return 'set-stop';
      case 'Equal':
      case 'NumpadAdd':
        return 'zoom-in';
      case 'Minus':
      case 'NumpadSubtract':
        return 'zoom-out';
      case 'ArrowDown':
        return 'next-line';
      case 'ArrowUp':
        return 'previous-line';
      case 'ArrowLeft':
        return e.shiftKey ? 'stop-earlier' : 'start-earlier';
      case 'ArrowRight':
        return e.shiftKey ? 'stop-later' : 'start-later';
      default:
        return undefined;
    }
  }
  if (mod || e.altKey) return undefined;
  if (key === 'F8') return e.shiftKey ? 'previous-problem' : 'next-problem';
  if (key === 'Tab') return e.shiftKey ? 'previous-line' : 'next-line';
  if (key === '?' && !inText) return 'shortcuts';
  return undefined;
}
