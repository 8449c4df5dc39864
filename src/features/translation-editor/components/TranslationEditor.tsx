/**
 * The translator's line editor: toolbar, legend, the virtualized grid, the checks panel and the dialogs.
 * The lines live in an EditorDocument (model/); this component turns keys and clicks into its operations and
 * keeps focus on the line being worked on.
 */
import {
  useCallback,
  startTransition,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
} from 'react';
import type { Line } from '../../../api/schema/translation';
import { type EditorDocument } from '../model/editorDocument';
import { commandFor, displayChord, type Command, type KeyInput } from '../model/shortcuts';
import { toggleTag, type FormatTag } from '../model/text';
import { positionOf, sameLine, startMsOf, stopMsOf } from '../model/lineFields';
import type { QcProfile } from '../model/qc/types';
import { diffFromDefaults, saveProfileOverrides } from '../model/qc/profiles';
import { browserStorage, clearDraft, loadDraft, type Draft } from '../model/drafts';
import { cuesOf } from '../model/importPlan';
import { formatSrt, formatVtt } from '../model/subtitleFiles';
import { useTranslationSync, type SyncMeta } from '../hooks/useTranslationSync';
import { useShortcutBindings } from '../hooks/useShortcutBindings';
import { LineGrid, type GridApi } from './LineGrid';
import type { RowHandlers } from './LineRow';
import { SaveIndicator } from './SaveIndicator';
import { SourceLegend } from './SourceLegend';
import { MemoryBar, type MemoryApi } from './MemoryBar';
import { ProblemsPanel } from './ProblemsPanel';
import { FindReplacePanel } from './FindReplacePanel';
import { ShortcutsDialog } from './ShortcutsDialog';
import { ImportDialog } from './ImportDialog';
import { ConflictDialog } from './ConflictDialog';
import { SubmitDialog } from './SubmitDialog';
import { ProfileDialog } from './ProfileDialog';
import { StlExportDialog } from './StlExportDialog';
import { deliverableCues } from '../model/formats/broadcastFiles';
import { downloadText } from '../../../lib/download';
import { MediaPane } from './MediaPane';
import { GlossaryBar } from './GlossaryTerms';
import { insertGlossaryTerm } from './glossaryInsert';
import { Waveform } from './Waveform';
import { isMediaCommand, runMediaCommand } from './mediaCommands';
import { useMediaController, usePlaybackValue } from '../hooks/usePlayback';
import { useMediaPanePreference } from '../hooks/useMediaPanePreference';
import { lineIndexAt } from '../model/playhead';
import { statusLabel } from '../../../lib/statuses';

export interface EditorProps {
  doc: EditorDocument;
  translationId: string;
  workRequestId: string;
  etag: string | undefined;
  serverLines: Line[];
  meta: SyncMeta;
  language: string | undefined;
  originalLanguage: string | undefined;
  dir: 'rtl' | 'ltr';
  originalDir: 'rtl' | 'ltr';
  textStyle: CSSProperties | undefined;
  canApprove: boolean;
  fileBaseName: string;
  title: string;
  /**
   * The work request's status: a translation is submitted only while it is `in-progress` (docs/API.md, "Workflow");
   * unknown (undefined) offers Submit and lets the server decide.
   */
  workRequestStatus?: string | undefined;
  /** The asset whose newest preview with media the Subtitler plays (docs/API.md "Media"). */
  asset?:
    | {
        id: string | undefined;
        name: string | undefined;
        aspectRatio: string | undefined;
        /** The frame rate the asset's record states, if it states one. */
        frameRate?: number | undefined;
      }
    | undefined;
}

type Dialog = 'shortcuts' | 'import' | 'submit' | 'profile' | 'stl' | undefined;

function notSubmittable(workRequestStatus: string | undefined): string {
  return `Submitting opens once the order is in progress (it is ${workRequestStatus ? `“${statusLabel(workRequestStatus)}”` : 'without status'}).`;
}

function isTextField(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.matches('input, textarea, select') || target.isContentEditable);
}

/** Keys typed in a dialog (which sits inside the editor) are the dialog's. */
function inDialog(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('dialog') !== null;
}

export function TranslationEditor(props: EditorProps) {
  const { doc, translationId, canApprove } = props;
  const idBase = useId().replace(/:/g, '');
  // The page follows the document in a transition: a keystroke renders and paints its own row first (LineRow keeps
  // its text), the grid, the checks and the toolbar after, interruptibly. Everything reads the document itself, so
  // a render shows its latest state whichever version triggered it.
  // (The document does not change between this render and the subscription: the page makes it with its lines.)
  const [version, setVersion] = useState(doc.version);
  useEffect(() => doc.subscribe(() => startTransition(() => setVersion(doc.version))), [doc]);
  const [bindings, setBindings] = useShortcutBindings();
  const keysOf = (command: Command) => bindings[command].map(displayChord).join(' or ');
  const [activeIndex, setActiveIndex] = useState(0);
  const [dialog, setDialog] = useState<Dialog>();
  const [findOpen, setFindOpen] = useState(false);
  const [problemsOpen, setProblemsOpen] = useState(() => typeof window === 'undefined' || window.innerWidth >= 1200);
  const [announcement, setAnnouncement] = useState('');
  const [draft, setDraft] = useState<Draft | undefined>(() => {
    const found = loadDraft(browserStorage(), translationId);
    if (!found) return undefined;
    const differs =
      found.lines.length !== props.serverLines.length || found.lines.some((l, i) => !sameLine(l, props.serverLines[i]));
    if (!differs) clearDraft(browserStorage(), translationId);
    return differs ? found : undefined;
  });
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | undefined>();
  const gridApi = useRef<GridApi | undefined>(undefined);
  const memoryApi = useRef<MemoryApi | undefined>(undefined);
  const pendingFocus = useRef<
    | { index: number; caret?: number | 'start' | 'end'; selection?: [number, number]; field?: 'text' | 'start' }
    | undefined
  >(undefined);

  const media = useMediaController();
  const [mediaOpen, setMediaOpen] = useMediaPanePreference();
  const playheadIndex = usePlaybackValue(media, (c) => lineIndexAt(doc.count, (i) => doc.timingAt(i), c.timeMs));

  const sync = useTranslationSync({
    doc,
    translationId,
    workRequestId: props.workRequestId,
    etag: props.etag,
    baseLines: props.serverLines,
    meta: props.meta,
    readOnly: props.meta.status === 'submitted',
  });
  const readOnly = sync.meta.status === 'submitted';
  const submittable = !readOnly && (props.workRequestStatus === undefined || props.workRequestStatus === 'in-progress');
  const { saveNow } = sync; // stable, unlike `sync`: the key handlers below must not change on every render

  // ----- focus -----
  const applyPendingFocus = useCallback(() => {
    const want = pendingFocus.current;
    if (!want) return true;
    const row = doc.row(want.index);
    if (!row) {
      pendingFocus.current = undefined;
      return true;
    }
    const el = document.getElementById(`${idBase}-${want.field === 'start' ? 'start' : 'text'}-${row.key}`) as
      HTMLTextAreaElement | HTMLInputElement | null;
    if (!el) return false;
    // The row shows the document's text after the deferred render: place the caret in that text, not the old one.
    if (el instanceof HTMLTextAreaElement && el.value !== (row.line.text ?? '')) return false;
    el.focus({ preventScroll: false });
    if (el instanceof HTMLTextAreaElement) {
      if (want.selection) el.setSelectionRange(want.selection[0], want.selection[1]);
      else if (want.caret === 'start') el.setSelectionRange(0, 0);
      else if (want.caret === 'end') el.setSelectionRange(el.value.length, el.value.length);
      else if (typeof want.caret === 'number') el.setSelectionRange(want.caret, want.caret);
    }
    pendingFocus.current = undefined;
    return true;
  }, [doc, idBase]);

  const focusRow = useCallback(
    (index: number, options: Omit<NonNullable<typeof pendingFocus.current>, 'index'> = {}) => {
      const i = Math.max(0, Math.min(index, doc.count - 1));
      if (i !== activeIndex) doc.seal();
      setActiveIndex(i);
      gridApi.current?.scrollToIndex(i);
      pendingFocus.current = { index: i, ...options };
      let tries = 0;
      const attempt = () => {
        if (applyPendingFocus() || ++tries > 20) return;
        requestAnimationFrame(attempt);
      };
      requestAnimationFrame(attempt);
    },
    [activeIndex, applyPendingFocus, doc],
  );

  // ----- commands -----
  const jumpToProblem = useCallback(
    (direction: 1 | -1) => {
      const next = doc.nextProblem(activeIndex, direction);
      if (next === undefined) setAnnouncement('No problems.');
      else {
        focusRow(next, { caret: 'end' });
        setAnnouncement(
          `Line ${next + 1}: ${doc
            .problemsOf(doc.row(next)!.key)
            .map((p) => p.message)
            .join('; ')}`,
        );
      }
    },
    [activeIndex, doc, focusRow],
  );

  const runCommand = useCallback(
    (command: Command, index: number, textarea: HTMLTextAreaElement | undefined) => {
      const editing = !readOnly;
      if (isMediaCommand(command)) {
        runMediaCommand(command, { doc, index, controller: media, readOnly, announce: setAnnouncement });
        return;
      }
      const format = (tag: FormatTag) => {
        if (!editing || !textarea) return;
        const edit = toggleTag(textarea.value, textarea.selectionStart, textarea.selectionEnd, tag);
        doc.setText(index, edit.text);
        doc.seal();
        focusRow(index, { selection: [edit.selectionStart, edit.selectionEnd] });
      };
      switch (command) {
        case 'undo': {
          if (!editing) return;
          const at = doc.undo();
          if (at === undefined) setAnnouncement('Nothing to undo.');
          else {
            setAnnouncement(`Undone. Line ${at + 1}.`);
            focusRow(at, { caret: 'end' });
          }
          return;
        }
        case 'redo': {
          if (!editing) return;
          const at = doc.redo();
          if (at === undefined) setAnnouncement('Nothing to redo.');
          else {
            setAnnouncement(`Redone. Line ${at + 1}.`);
            focusRow(at, { caret: 'end' });
          }
          return;
        }
        case 'bold':
          return format('b');
        case 'italic':
          return format('i');
        case 'underline':
          return format('u');
        case 'next-line':
          return focusRow(index + 1, { caret: 'end' });
        case 'previous-line':
          return focusRow(index - 1, { caret: 'end' });
        case 'focus-timing':
          return focusRow(index, { field: 'start' });
        case 'split':
          if (editing && doc.split(index, textarea?.selectionStart ?? (doc.row(index)?.line.text ?? '').length)) {
            setAnnouncement(`Line ${index + 1} split in two.`);
            focusRow(index + 1, { caret: 'start' });
          }
          return;
        case 'merge':
          if (editing && doc.mergeWithNext(index)) {
            setAnnouncement(`Line ${index + 1} merged with the next.`);
            focusRow(index, { caret: 'end' });
          }
          return;
        case 'reset':
          if (editing && doc.reset(index)) {
            setAnnouncement(`Line ${index + 1} reset.`);
            focusRow(index, { caret: 'end' });
          }
          return;
        case 'copy-original': {
          const row = doc.row(index);
          const original = row && doc.originalOf(row.line);
          if (editing && original !== undefined && doc.setText(index, original)) {
            doc.seal();
            focusRow(index, { caret: 'end' });
          }
          return;
        }
        case 'insert-term': {
          if (!editing) return;
          const done = insertGlossaryTerm(doc, idBase, index, undefined);
          if ('reason' in done) setAnnouncement(done.reason);
          else {
            setAnnouncement(`Inserted “${done.inserted}”.`);
            focusRow(index, { caret: done.caret });
          }
          return;
        }
        case 'use-memory':
          if (editing && !memoryApi.current?.useBest(index)) setAnnouncement('No memory match for this line.');
          return;
        case 'start-earlier':
          if (editing) doc.nudge(index, 'start', -1);
          return;
        case 'start-later':
          if (editing) doc.nudge(index, 'start', 1);
          return;
        case 'stop-earlier':
          if (editing) doc.nudge(index, 'stop', -1);
          return;
        case 'stop-later':
          if (editing) doc.nudge(index, 'stop', 1);
          return;
        case 'toggle-position': {
          const row = doc.row(index);
          if (editing && row) doc.setPosition(index, positionOf(row.line) === 'top' ? 'bottom' : 'top');
          return;
        }
        case 'next-problem':
          return jumpToProblem(1);
        case 'previous-problem':
          return jumpToProblem(-1);
        case 'find':
          return setFindOpen(true);
        case 'save':
          void saveNow();
          return;
        case 'submit':
          if (editing && submittable) setDialog('submit');
          else if (editing) setAnnouncement(notSubmittable(props.workRequestStatus));
          return;
        case 'focus-line':
          return focusRow(index, { caret: 'end' });
        case 'shortcuts':
          return setDialog('shortcuts');
      }
    },
    [doc, focusRow, idBase, jumpToProblem, media, props.workRequestStatus, readOnly, saveNow, submittable],
  );

  const submitButtonId = `${idBase}-submit`;
  const exportButtonId = `${idBase}-export`;
  /** Escape in a line: to Submit… (Export when read-only), whence Tab comes back to the line. */
  const leaveGrid = useCallback(
    (pressedAt: number) => {
      // A move to another line still waiting for its row (Tab, then Escape at once) is where the translator was
      // going: leave from there, and never let it pull the focus back into the grid afterwards.
      const index = pendingFocus.current?.index ?? pressedAt;
      pendingFocus.current = undefined;
      doc.seal();
      const target = document.getElementById(submittable ? submitButtonId : exportButtonId);
      target?.focus();
      setAnnouncement(
        `Left the lines at line ${index + 1}. Tab goes back to it; Shift+Tab to the other editor actions.`,
      );
    },
    [doc, exportButtonId, submittable, submitButtonId],
  );

  const bindingsRef = useRef(bindings);
  useEffect(() => {
    bindingsRef.current = bindings;
  }, [bindings]);
  const matchKey = useCallback(
    (event: KeyInput, inText: boolean) => commandFor(event, inText, bindingsRef.current),
    [],
  );

  // ----- media: the playhead's line is highlighted and scrolled to; choosing a line seeks to it -----
  const mediaElement = usePlaybackValue(media, (c) => c.element);
  useEffect(() => {
    media.setLoopLine(() => doc.timingAt(activeIndex));
    const timing = doc.timingAt(activeIndex);
    if (timing && (media.timeMs < timing.startMs || media.timeMs >= timing.stopMs)) media.seek(timing.startMs);
    // Also when the media element arrives: the preview opens on the line being worked on.
  }, [activeIndex, doc, media, mediaElement]);
  useEffect(() => {
    if (playheadIndex !== undefined && playheadIndex !== activeIndex && media.follow)
      gridApi.current?.scrollToIndex(playheadIndex);
    // Only the playhead moving scrolls: choosing a line already scrolled to it.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- activeIndex is read, not followed
  }, [playheadIndex]);

  const handlers: RowHandlers = useMemo(
    () => ({
      onText: (index, text) => {
        if (!readOnly) doc.setText(index, text);
      },
      onCommand: runCommand,
      commandFor: matchKey,
      onLeave: leaveGrid,
      onFocusRow: (index) => {
        setActiveIndex((current) => {
          if (current !== index) doc.seal();
          return index;
        });
      },
      onTiming: (index, edge, ms) => {
        const row = doc.row(index);
        if (!row || readOnly) return undefined;
        const start = edge === 'start' ? ms : startMsOf(row.line);
        const stop = edge === 'stop' ? ms : stopMsOf(row.line);
        if (start === undefined || stop === undefined) return 'Fix the other time first';
        if (stop <= start) return edge === 'start' ? 'Start must be before stop' : 'Stop must be after start';
        doc.setTiming(index, start, stop);
        return undefined;
      },
      onPosition: (index, position) => {
        if (!readOnly) doc.setPosition(index, position);
      },
    }),
    [doc, leaveGrid, matchKey, readOnly, runCommand],
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

  // Focus on the page itself (after a click on nothing, or a removed element): the editor's keys still work, and
  // typing goes to the line being edited. Keys anywhere else (the shell's search, a dialog) are left alone.
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

  const jumpTo = useCallback((i: number) => focusRow(i, { caret: 'end' }), [focusRow]);
  const nextProblem = useCallback(() => jumpToProblem(1), [jumpToProblem]);
  const previousProblem = useCallback(() => jumpToProblem(-1), [jumpToProblem]);

  // ----- workflow -----
  const submit = async () => {
    setSubmitting(true);
    setSubmitError(undefined);
    const ok = await sync.saveNow({ status: 'submitted' });
    setSubmitting(false);
    if (ok) {
      setDialog(undefined);
      setAnnouncement('Submitted. The translation is now read-only.');
    } else setSubmitError(sync.error ?? 'The translation could not be submitted; see the save state.');
  };

  const saveProfile = (profile: QcProfile) => {
    saveProfileOverrides(browserStorage(), props.language, diffFromDefaults(props.language, profile));
    doc.setProfile(profile);
    setDialog(undefined);
  };

  const restoreDraft = () => {
    if (!draft) return;
    if (draft.baseEtag && props.etag && draft.baseEtag !== props.etag) sync.openConflict(draft.lines);
    else doc.replaceAll('Restore unsaved edits', draft.lines);
    setDraft(undefined);
  };

  const discardDraft = () => {
    clearDraft(browserStorage(), translationId);
    setDraft(undefined);
  };

  useEffect(() => {
    if (announcement) {
      const t = setTimeout(() => setAnnouncement(''), 4000);
      return () => clearTimeout(t);
    }
  }, [announcement]);

  const exportAs = (format: 'srt' | 'vtt') => {
    const cues = cuesOf(doc.lines());
    if (format === 'srt')
      downloadText(`${props.fileBaseName}.srt`, formatSrt(cues), 'application/x-subrip;charset=utf-8');
    else downloadText(`${props.fileBaseName}.vtt`, formatVtt(cues), 'text/vtt;charset=utf-8');
  };

  /** TTML (IMSC 1.1 Text); its writer loads on first use. */
  const exportTtml = async () => {
    const writer = await import('../model/formats/ttml').catch(() => undefined);
    if (!writer) return setAnnouncement('The TTML writer could not be loaded. Check the connection and try again.');
    const { formatTtml } = writer;
    const { cues } = deliverableCues(doc.lines());
    const ttml = formatTtml(cues, { language: props.language, title: props.asset?.name });
    downloadText(`${props.fileBaseName}.ttml`, ttml, 'application/ttml+xml;charset=utf-8');
  };

  return (
    <div className="editor" onKeyDown={onEditorKeyDown}>
      <div className="editor__toolbar" role="toolbar" aria-label="Editor actions">
        <button
          type="button"
          className="button button--small"
          onClick={() => runCommand('undo', activeIndex, undefined)}
          disabled={readOnly || !doc.history.canUndo}
          title={keysOf('undo')}
        >
          ↶ Undo
        </button>
        <button
          type="button"
          className="button button--small"
          onClick={() => runCommand('redo', activeIndex, undefined)}
          disabled={readOnly || !doc.history.canRedo}
          title={keysOf('redo')}
        >
          ↷ Redo
        </button>
        <span className="editor__sep" aria-hidden="true" />
        <button
          type="button"
          className="button button--small"
          onClick={() => setFindOpen((v) => !v)}
          aria-expanded={findOpen}
          title={keysOf('find')}
        >
          Find &amp; replace
        </button>
        <button type="button" className="button button--small" onClick={() => setDialog('import')} disabled={readOnly}>
          Import…
        </button>
        <button id={exportButtonId} type="button" className="button button--small" onClick={() => exportAs('srt')}>
          Export SRT
        </button>
        <button type="button" className="button button--small" onClick={() => exportAs('vtt')}>
          Export WebVTT
        </button>
        <button type="button" className="button button--small" onClick={() => void exportTtml()}>
          Export TTML (IMSC 1.1)
        </button>
        <button type="button" className="button button--small" onClick={() => setDialog('stl')}>
          Export EBU STL…
        </button>
        <span className="editor__sep" aria-hidden="true" />
        <button
          type="button"
          className="button button--small"
          onClick={() => setProblemsOpen((v) => !v)}
          aria-expanded={problemsOpen}
          aria-controls={`${idBase}-problems`}
        >
          Checks ({doc.problemRowCount})
        </button>
        <button type="button" className="button button--small" onClick={() => setDialog('profile')}>
          Limits…
        </button>
        <button
          type="button"
          className="button button--small"
          aria-pressed={mediaOpen}
          onClick={() => setMediaOpen(!mediaOpen)}
        >
          Video
        </button>
        <button
          type="button"
          className="button button--small"
          onClick={() => setDialog('shortcuts')}
          aria-label="Keyboard shortcuts"
          title={`Keyboard shortcuts (? or ${keysOf('shortcuts')})`}
        >
          ?
        </button>
        <span className="editor__spacer" />
        <SaveIndicator status={sync.status} error={sync.error} readOnly={readOnly} />
        {canApprove ? (
          <>
            <label className="check editor__approval">
              <input
                type="checkbox"
                checked={sync.meta.approval === true}
                onChange={(e) => void sync.saveNow({ approval: e.target.checked })}
              />
              Approved
            </label>
            {readOnly ? (
              <button
                type="button"
                className="button button--small"
                onClick={() => void sync.saveNow({ status: 'incomplete' })}
              >
                Send back
              </button>
            ) : null}
          </>
        ) : null}
        {!readOnly && !submittable ? (
          <span className="editor__note">{notSubmittable(props.workRequestStatus)}</span>
        ) : null}
        {submittable ? (
          <button
            id={submitButtonId}
            type="button"
            className="button button--small button--primary"
            onClick={() => setDialog('submit')}
            title={keysOf('submit')}
          >
            Submit…
          </button>
        ) : null}
      </div>

      {draft ? (
        <div className="editor__banner" role="alert">
          <span>Unsaved edits from {new Date(draft.savedAt).toLocaleString()} were kept in this browser.</span>
          <button type="button" className="button button--small button--primary" onClick={restoreDraft}>
            Restore them
          </button>
          <button type="button" className="button button--small" onClick={discardDraft}>
            Discard
          </button>
        </div>
      ) : null}
      {readOnly ? (
        <div className="editor__banner editor__banner--info" role="status">
          Submitted: read-only until it is sent back.
        </div>
      ) : null}

      {findOpen ? (
        <FindReplacePanel
          doc={doc}
          version={version}
          readOnly={readOnly}
          onJump={jumpTo}
          onClose={() => setFindOpen(false)}
        />
      ) : null}

      <div className="editor__legend">
        <SourceLegend />
        <span className="hint">
          Press <kbd>?</kbd> for shortcuts · <kbd>Esc</kbd> leaves the lines · {doc.count} lines ·{' '}
          {props.meta.status ? `status: ${sync.meta.status}` : ''}
        </span>
      </div>

      <GlossaryBar
        glossary={doc.glossary}
        lineNumber={activeIndex + 1}
        original={doc.row(activeIndex) && doc.originalOf(doc.row(activeIndex)!.line)}
        text={doc.row(activeIndex)?.line.text ?? ''}
        readOnly={readOnly}
        insertKeys={keysOf('insert-term')}
        onInsert={(term) => {
          const done = insertGlossaryTerm(doc, idBase, activeIndex, term);
          if (!('reason' in done)) focusRow(activeIndex, { caret: done.caret });
        }}
      />
      <MemoryBar
        doc={doc}
        version={version}
        translationId={translationId}
        activeIndex={activeIndex}
        readOnly={readOnly}
        apiRef={memoryApi}
        onUsed={(i, m) => {
          focusRow(i, { caret: 'end' });
          setAnnouncement(`Line ${i + 1}: memory match of ${m.similarity ?? 0}% used.`);
        }}
      />

      <div className={`editor__body${mediaOpen ? ' editor__body--media' : ''}`}>
        <LineGrid
          idBase={idBase}
          doc={doc}
          version={version}
          activeIndex={activeIndex}
          playheadIndex={mediaOpen ? playheadIndex : undefined}
          readOnly={readOnly}
          dir={props.dir}
          lang={props.language}
          originalDir={props.originalDir}
          originalLang={props.originalLanguage}
          textStyle={props.textStyle}
          handlers={handlers}
          apiRef={gridApi}
          label={props.title}
        />
        {mediaOpen ? (
          <>
            <MediaPane
              doc={doc}
              controller={media}
              assetId={props.asset?.id}
              assetName={props.asset?.name}
              assetAspect={props.asset?.aspectRatio}
              activeIndex={activeIndex}
              dir={props.dir}
              lang={props.language}
              fontFamily={props.textStyle?.fontFamily}
            />
            <Waveform
              doc={doc}
              version={version}
              controller={media}
              assetId={props.asset?.id}
              activeIndex={activeIndex}
              readOnly={readOnly}
              onChooseLine={(i) => focusRow(i, { caret: 'end' })}
              onRetimed={(i, limited) =>
                setAnnouncement(
                  limited ? `Line ${i + 1} stops at its neighbour: lines never overlap.` : `Line ${i + 1} retimed.`,
                )
              }
            />
          </>
        ) : null}
        {problemsOpen ? (
          <div id={`${idBase}-problems`} className="editor__side">
            <ProblemsPanel
              doc={doc}
              version={version}
              onJump={jumpTo}
              onNext={nextProblem}
              onPrevious={previousProblem}
            />
          </div>
        ) : null}
      </div>

      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>

      {dialog === 'shortcuts' ? (
        <ShortcutsDialog bindings={bindings} onChange={setBindings} onClose={() => setDialog(undefined)} />
      ) : null}
      {dialog === 'import' ? (
        <ImportDialog
          doc={doc}
          onClose={() => setDialog(undefined)}
          onApplied={(n) => {
            setDialog(undefined);
            setAnnouncement(`Imported: ${n} line${n === 1 ? '' : 's'} changed.`);
          }}
        />
      ) : null}
      {dialog === 'submit' ? (
        <SubmitDialog
          doc={doc}
          submitting={submitting}
          error={submitError}
          onConfirm={() => void submit()}
          onJump={(i) => {
            setDialog(undefined);
            focusRow(i, { caret: 'end' });
          }}
          onClose={() => setDialog(undefined)}
        />
      ) : null}
      {dialog === 'stl' ? (
        <StlExportDialog
          lines={doc.lines()}
          fileBaseName={props.fileBaseName}
          title={props.asset?.name}
          language={props.language}
          assetId={props.asset?.id}
          assetFrameRate={props.asset?.frameRate}
          onClose={() => setDialog(undefined)}
          onExported={(n) => {
            setDialog(undefined);
            setAnnouncement(`Exported EBU STL: ${n} subtitle${n === 1 ? '' : 's'}.`);
          }}
        />
      ) : null}
      {dialog === 'profile' ? (
        <ProfileDialog
          language={props.language}
          profile={doc.currentProfile}
          onSave={saveProfile}
          onClose={() => setDialog(undefined)}
        />
      ) : null}
      {sync.conflict ? <ConflictDialog conflict={sync.conflict} onResolve={sync.resolve} /> : null}
    </div>
  );
}
