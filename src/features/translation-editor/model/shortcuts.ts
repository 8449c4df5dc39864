/**
 * Every editor action and its keys: one table drives the key handling, the "?" overlay and its key editor.
 *
 * A key is written as a chord: modifiers in the order Ctrl, Alt, Shift, then the key — `Ctrl+Shift+Z`, `Alt+,`,
 * `F8`, `Alt+ArrowDown`. "Ctrl" is Ctrl or ⌘. Chords with Alt (and no Ctrl) match the physical key (`code`), so they
 * work on any layout and with macOS Option, which changes the character; other chords match the character (`key`),
 * so Ctrl+Z is Z on AZERTY too. The line grid's own navigation (Tab, arrows at a line's edge, Escape, "?") is not
 * rebindable: it is listed in the overlay from `GRID_KEYS`.
 */

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
  | 'insert-term'
  | 'use-memory'
  | 'start-earlier'
  | 'start-later'
  | 'stop-earlier'
  | 'stop-later'
  | 'toggle-position'
  | 'focus-timing'
  | 'focus-line'
  | 'next-problem'
  | 'previous-problem'
  | 'find'
  | 'save'
  | 'submit'
  | 'shortcuts'
  | MediaCommand;

/** The Subtitler's playback and waveform commands (components/mediaCommands.ts runs them). */
export type MediaCommand = 'play-pause' | 'play-line' | 'loop-line' | 'set-start' | 'set-stop' | 'zoom-in' | 'zoom-out';

export type ShortcutGroup = 'Editing' | 'Moving' | 'Timing' | 'Media' | 'Checks and files';

export interface Shortcut {
  command: Command;
  /** Default chords; the first is the one the editor of keys replaces. */
  keys: readonly string[];
  description: string;
  group: ShortcutGroup;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { command: 'undo', keys: ['Ctrl+Z'], description: 'Undo', group: 'Editing' },
  { command: 'redo', keys: ['Ctrl+Shift+Z', 'Ctrl+Y'], description: 'Redo', group: 'Editing' },
  { command: 'bold', keys: ['Ctrl+B'], description: 'Bold (wraps the selection in <b>)', group: 'Editing' },
  { command: 'italic', keys: ['Ctrl+I'], description: 'Italic (<i>)', group: 'Editing' },
  { command: 'underline', keys: ['Ctrl+U'], description: 'Underline (<u>)', group: 'Editing' },
  { command: 'split', keys: ['Alt+Enter'], description: 'Split the line at the cursor', group: 'Editing' },
  { command: 'merge', keys: ['Alt+M'], description: 'Merge the line with the next', group: 'Editing' },
  { command: 'reset', keys: ['Alt+R'], description: 'Reset the line to how it was loaded', group: 'Editing' },
  { command: 'copy-original', keys: ['Alt+O'], description: 'Copy the original text into the line', group: 'Editing' },
  {
    command: 'insert-term',
    keys: ['Alt+Shift+G'],
    description: 'Insert the approved translation of the first glossary term the line does not get right',
    group: 'Editing',
  },
  {
    command: 'use-memory',
    keys: ['Alt+U'],
    description: "Use the translation memory's best match for the line (Memories on)",
    group: 'Editing',
  },
  { command: 'next-line', keys: ['Alt+ArrowDown'], description: 'Next line', group: 'Moving' },
  { command: 'previous-line', keys: ['Alt+ArrowUp'], description: 'Previous line', group: 'Moving' },
  {
    command: 'focus-timing',
    keys: ['Alt+G'],
    description: 'Go to the start time of the line (Esc comes back)',
    group: 'Moving',
  },
  {
    command: 'focus-line',
    keys: ['F2'],
    description: 'Back to the text of the line being edited, from anywhere in the editor',
    group: 'Moving',
  },
  { command: 'start-earlier', keys: ['Alt+,'], description: 'Start 1 frame earlier', group: 'Timing' },
  { command: 'start-later', keys: ['Alt+.'], description: 'Start 1 frame later', group: 'Timing' },
  { command: 'stop-earlier', keys: ['Alt+Shift+,'], description: 'Stop 1 frame earlier', group: 'Timing' },
  { command: 'stop-later', keys: ['Alt+Shift+.'], description: 'Stop 1 frame later', group: 'Timing' },
  { command: 'toggle-position', keys: ['Alt+P'], description: 'Position top / bottom', group: 'Timing' },
  { command: 'play-pause', keys: ['Alt+K'], description: 'Play or pause the preview', group: 'Media' },
  { command: 'play-line', keys: ['Alt+J'], description: 'Play the current line', group: 'Media' },
  { command: 'loop-line', keys: ['Alt+L'], description: 'Loop the current line on or off', group: 'Media' },
  { command: 'set-start', keys: ['Alt+['], description: 'Start the line at the playhead', group: 'Media' },
  { command: 'set-stop', keys: ['Alt+]'], description: 'Stop the line at the playhead', group: 'Media' },
  { command: 'zoom-in', keys: ['Alt+='], description: 'Zoom the waveform in', group: 'Media' },
  { command: 'zoom-out', keys: ['Alt+-'], description: 'Zoom the waveform out', group: 'Media' },
  { command: 'next-problem', keys: ['F8'], description: 'Next line with a problem', group: 'Checks and files' },
  {
    command: 'previous-problem',
    keys: ['Shift+F8'],
    description: 'Previous line with a problem',
    group: 'Checks and files',
  },
  { command: 'find', keys: ['Ctrl+F'], description: 'Find and replace', group: 'Checks and files' },
  { command: 'save', keys: ['Ctrl+S'], description: 'Save now', group: 'Checks and files' },
  {
    command: 'submit',
    keys: ['Ctrl+Enter'],
    description: 'Submit… (asks first; Tab to Submit, then Enter)',
    group: 'Checks and files',
  },
  {
    command: 'shortcuts',
    keys: ['Ctrl+/'],
    description: 'This list (also ? outside a text field)',
    group: 'Checks and files',
  },
];

/** The grid's own keys, in the overlay beside the table (fixed: they are how the grid is navigated). */
export const GRID_KEYS: readonly { keys: string; description: string }[] = [
  { keys: 'Tab / Shift+Tab', description: 'Next / previous line (on the last / first line: leave the lines)' },
  { keys: '↓ on the last row of text / ↑ on the first', description: 'Next / previous line' },
  { keys: 'Esc', description: 'Leave the lines (to Submit…; Tab comes back to the line)' },
  { keys: '?', description: 'This list, outside a text field' },
];

export type Bindings = Readonly<Record<Command, readonly string[]>>;

export const DEFAULT_BINDINGS: Bindings = Object.fromEntries(SHORTCUTS.map((s) => [s.command, s.keys])) as Record<
  Command,
  readonly string[]
>;

export interface KeyInput {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

const MODIFIER_KEYS = new Set(['Control', 'Alt', 'Shift', 'Meta', 'AltGraph', 'CapsLock', 'OS', 'Fn']);

function nameOfKey(key: string): string {
  if (key === ' ') return 'Space';
  return key.length === 1 ? key.toUpperCase() : key;
}

/** The layout-independent name of a physical key, when it has one we use. */
function nameOfCode(code: string): string | undefined {
  const letter = /^Key([A-Z])$/.exec(code);
  if (letter) return letter[1];
  const digit = /^Digit(\d)$/.exec(code);
  if (digit) return digit[1];
  const punctuation: Record<string, string> = {
    Comma: ',',
    Period: '.',
    Slash: '/',
    Semicolon: ';',
    Quote: "'",
    BracketLeft: '[',
    BracketRight: ']',
    Backslash: '\\',
    Minus: '-',
    Equal: '=',
    Backquote: '`',
  };
  return punctuation[code];
}

/** The chord a key press is, in the table's spelling; undefined for a lone modifier. */
export function chordOf(e: KeyInput): string | undefined {
  if (MODIFIER_KEYS.has(e.key)) return undefined;
  const mod = e.ctrlKey || e.metaKey;
  const byCode = e.altKey && !mod;
  let name = byCode ? (nameOfCode(e.code) ?? nameOfKey(e.key)) : nameOfKey(e.key);
  // Ctrl with a layout whose letters are not Latin (Ctrl+Я): the physical key.
  if (!byCode && mod && name.length === 1 && !/[\x20-\x7e]/.test(name)) name = nameOfCode(e.code) ?? name;
  // A punctuation character may need Shift on one layout and not on another: by character, Shift is part of it.
  const shift = e.shiftKey && (byCode || !(name.length === 1 && !/[A-Z0-9]/.test(name)));
  return [mod ? 'Ctrl' : '', e.altKey ? 'Alt' : '', shift ? 'Shift' : '', name].filter(Boolean).join('+');
}

/**
 * The command a key press means with `bindings`. `inText` is true in a text field, where "?" types a question
 * mark (outside one it opens the list).
 */
export function commandFor(e: KeyInput, inText: boolean, bindings: Bindings = DEFAULT_BINDINGS): Command | undefined {
  const chord = chordOf(e);
  if (!chord) return undefined;
  if (chord === '?' && !inText) return 'shortcuts';
  for (const s of SHORTCUTS) if (bindings[s.command].includes(chord)) return s.command;
  return undefined;
}

/** `Alt+ArrowDown` as the overlay shows it: `Alt+↓`. */
export function displayChord(chord: string): string {
  return chord
    .replace(/ArrowUp$/, '↑')
    .replace(/ArrowDown$/, '↓')
    .replace(/ArrowLeft$/, '←')
    .replace(/ArrowRight$/, '→');
}

// ----- conflicts -----

/** Chords the browser keeps (it never passes them to the page) or does something with that users rely on. */
const BROWSER: Record<string, string> = {
  'Ctrl+W': 'closes the tab',
  'Ctrl+Shift+W': 'closes the window',
  'Ctrl+T': 'opens a tab',
  'Ctrl+Shift+T': 'reopens a closed tab',
  'Ctrl+N': 'opens a window',
  'Ctrl+Shift+N': 'opens a private window',
  'Ctrl+Q': 'quits the browser',
  'Ctrl+Tab': 'switches tabs',
  'Ctrl+Shift+Tab': 'switches tabs',
  'Ctrl+PageUp': 'switches tabs',
  'Ctrl+PageDown': 'switches tabs',
  'Ctrl+L': 'goes to the address bar',
  'Ctrl+K': 'goes to the search bar',
  'Ctrl+E': 'goes to the search bar',
  'Ctrl+D': 'bookmarks the page',
  'Ctrl+H': 'opens the history',
  'Ctrl+J': 'opens the downloads',
  'Ctrl+P': 'prints',
  'Ctrl+R': 'reloads',
  'Ctrl+Shift+R': 'reloads',
  'Ctrl+O': 'opens a file',
  'Ctrl+G': 'finds the next match',
  'Ctrl+=': 'zooms in',
  'Ctrl++': 'zooms in',
  'Ctrl+-': 'zooms out',
  'Ctrl+0': 'resets the zoom',
  'Ctrl+Shift+I': 'opens the developer tools',
  'Ctrl+Shift+J': 'opens the console',
  'Ctrl+Shift+Delete': 'clears browsing data',
  'Alt+ArrowLeft': 'goes back',
  'Alt+ArrowRight': 'goes forward',
  'Alt+Home': 'opens the home page',
  'Alt+F4': 'closes the window',
  'Alt+D': 'goes to the address bar',
  'Alt+E': 'opens the browser menu',
  'Alt+F': 'opens the browser menu',
  'Alt+V': "opens Firefox's View menu",
  'Alt+S': "opens Firefox's History menu",
  'Alt+B': "opens Firefox's Bookmarks menu",
  'Alt+T': "opens Firefox's Tools menu",
  'Alt+H': "opens Firefox's Help menu",
  F1: 'opens the browser help',
  F3: 'finds the next match',
  'Shift+F3': 'finds the previous match',
  F5: 'reloads',
  F6: 'moves between the address bar and the page',
  'Shift+F6': 'moves between the address bar and the page',
  F7: 'turns caret browsing on',
  F10: 'opens the menu bar',
  'Shift+F10': 'opens the context menu',
  F11: 'goes full screen',
  F12: 'opens the developer tools',
};

/** Why `chord` cannot be one of the editor's keys, or undefined when it can. */
export function reservedReason(chord: string): string | undefined {
  const parts = chord.split('+');
  const name = chord.endsWith('++') ? '+' : parts[parts.length - 1]!;
  const mods = new Set(chord.endsWith('++') ? parts.slice(0, -2) : parts.slice(0, -1));
  if (BROWSER[chord]) return `the browser uses it (${BROWSER[chord]})`;
  if (['Tab', 'Escape', 'Insert', 'CapsLock', 'NumLock', 'ScrollLock'].includes(name))
    return name === 'Tab' || name === 'Escape'
      ? `${name} moves in and out of the lines`
      : 'screen readers use it (their modifier key)';
  if (!mods.has('Ctrl') && !mods.has('Alt') && !/^F\d{1,2}$/.test(name))
    return 'it types or moves the caret (and screen readers use single keys to navigate)';
  if (mods.has('Ctrl') && mods.has('Alt')) return 'Ctrl+Alt types characters on many keyboards (AltGr)';
  return undefined;
}

export interface Conflict {
  chord: string;
  commands: Command[];
}

/** Chords bound to more than one command. */
export function findConflicts(bindings: Bindings): Conflict[] {
  const byChord = new Map<string, Command[]>();
  for (const s of SHORTCUTS)
    for (const chord of bindings[s.command]) byChord.set(chord, [...(byChord.get(chord) ?? []), s.command]);
  return [...byChord].filter(([, commands]) => commands.length > 1).map(([chord, commands]) => ({ chord, commands }));
}

// ----- the user's own keys -----

/** What a user changed: per command, its chords (replacing the defaults). */
export type BindingOverrides = Partial<Record<Command, readonly string[]>>;

export function withOverrides(overrides: BindingOverrides): Bindings {
  return { ...DEFAULT_BINDINGS, ...overrides };
}

/** Overrides read back from storage: unknown commands, bad chords and reserved ones are dropped. */
export function parseOverrides(raw: unknown): BindingOverrides {
  if (!raw || typeof raw !== 'object') return {};
  const out: BindingOverrides = {};
  const known = new Set<string>(SHORTCUTS.map((s) => s.command));
  for (const [command, chords] of Object.entries(raw as Record<string, unknown>)) {
    if (!known.has(command) || !Array.isArray(chords)) continue;
    const ok = chords.filter((c): c is string => typeof c === 'string' && c !== '' && !reservedReason(c));
    out[command as Command] = ok;
  }
  return findConflicts(withOverrides(out)).length === 0 ? out : {};
}

/**
 * Binds `chord` to `command` (replacing its first chord); the error says why not: reserved, or used by another
 * command (by name).
 */
export function rebind(
  bindings: Bindings,
  command: Command,
  chord: string,
): { ok: true; bindings: Bindings } | { ok: false; error: string } {
  const reason = reservedReason(chord);
  if (reason) return { ok: false, error: `${displayChord(chord)} cannot be used: ${reason}.` };
  const other = SHORTCUTS.find((s) => s.command !== command && bindings[s.command].includes(chord));
  if (other) return { ok: false, error: `${displayChord(chord)} is already “${other.description}”.` };
  const current = bindings[command];
  return { ok: true, bindings: { ...bindings, [command]: [chord, ...current.slice(1).filter((c) => c !== chord)] } };
}

/** The overrides to store: the commands whose chords differ from the defaults. */
export function overridesOf(bindings: Bindings): BindingOverrides {
  const out: BindingOverrides = {};
  for (const s of SHORTCUTS) {
    const mine = bindings[s.command];
    if (mine.length !== s.keys.length || mine.some((c, i) => c !== s.keys[i])) out[s.command] = mine;
  }
  return out;
}
