/**
 * The translator's line editor: toolbar, legend, the virtualized grid, the checks panel and the dialogs.
 * The lines live in an EditorDocument (model/); this component turns keys and clicks into its operations
 * (hooks/useEditorCommands.ts, hooks/useEditorKeys.ts) and keeps focus on the line being worked on
 * (hooks/useLineFocus.ts).
 */
import {
  useCallback,
  startTransition,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
} from 'react';
import type { Line, Submission } from '../../../api/schema/translation';
import { type EditorDocument } from '../model/editorDocument';
import { displayChord, type Command } from '../model/shortcuts';
import { startMsOf, stopMsOf } from '../model/lineFields';
import type { AppliedSpec } from '../../../api/schema/deliverySpec';
import { useTranslationSync, type SyncMeta } from '../hooks/useTranslationSync';
import { useShortcutBindings } from '../hooks/useShortcutBindings';
import { useLineFocus } from '../hooks/useLineFocus';
import { useAnnouncer } from '../hooks/useAnnouncer';
import { useDraftRecovery } from '../hooks/useDraftRecovery';
import { useSubtitleExports } from '../hooks/useSubtitleExports';
import { useEditorCommands, type EditorDialog } from '../hooks/useEditorCommands';
import { useEditorKeys } from '../hooks/useEditorKeys';
import { LineGrid } from './LineGrid';
import { useRuleFilter } from '../hooks/useRuleFilter';
import { useAcceptedProblems } from '../hooks/useAcceptedProblems';
import { acceptedFinder } from '../model/qc/accepted';
import { ruleLabel } from '../model/submitCheck';
import { AcceptProblemDialog } from './AcceptProblemDialog';
import type { QcRuleId } from '../model/qc/types';
import type { RowHandlers } from './LineRow';
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
import { NotesPanel, noteTarget, type NoteUnit } from './NotesPanel';
import { RoundChanges } from './RoundChanges';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { useReviewNotes } from '../reviewQueries';
import { formatNoteTime } from '../model/noteTime';
import { EditorToolbar } from './EditorToolbar';
import { MediaPane } from './MediaPane';
import { GlossaryBar } from './GlossaryTerms';
import { insertGlossaryTerm } from './glossaryInsert';
import { Waveform } from './Waveform';
import { useMediaController, usePlaybackValue } from '../hooks/usePlayback';
import {
  PANES_WIDTH,
  useMediaPanePreference,
  usePanesWidth,
  useWaveformPreference,
} from '../hooks/useMediaPanePreference';
import { PaneSplitter } from '../../../components/PaneSplitter';
import { lineIndexAt } from '../model/playhead';
import { afterNextPaint } from '../../../lib/afterNextPaint';
import { TimecodeDisplaySwitch } from './TimecodeDisplaySwitch';

export interface EditorProps {
  doc: EditorDocument;
  translationId: string;
  workRequestId: string;
  etag: string | undefined;
  serverLines: Line[];
  meta: SyncMeta;
  language: string | undefined;
  /** The delivery specification the lines are checked by (and why), once the server answered. */
  appliedSpec?: AppliedSpec | undefined;
  originalLanguage: string | undefined;
  dir: 'rtl' | 'ltr';
  originalDir: 'rtl' | 'ltr';
  textStyle: CSSProperties | undefined;
  canApprove: boolean;
  /** A reviewer of this work request (coordinator, admin, its client): adds review notes. */
  canNote?: boolean;
  /** What a note is pinned to, in words: a dialogue line, or a card of the graphics translation (key art, titles). */
  noteUnit?: NoteUnit;
  /** The notes the last send back asked to address (the translation's `verdict`). */
  verdictNotes?: readonly string[];
  /** Why it was last sent back. */
  verdictReason?: string | undefined;
  /** How many rounds were submitted: from the second, a reviewer sees what changed since the previous one. */
  rounds?: number | undefined;
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

export function TranslationEditor(props: EditorProps) {
  const { doc, translationId, canApprove } = props;
  const idBase = useId().replace(/:/g, '');
  // The page follows the document after the next paint, in a transition: a keystroke renders and paints its own row
  // first (LineRow keeps its text), the grid, the checks and the toolbar after, once per frame however many keys
  // came, interruptibly. Everything reads the document itself, so a render shows its latest state whichever version
  // triggered it. (The document does not change between this render and the subscription: the page makes it with
  // its lines.)
  const [version, setVersion] = useState(doc.version);
  useEffect(() => {
    const follow = afterNextPaint(() => startTransition(() => setVersion(doc.version)));
    const unsubscribe = doc.subscribe(follow.schedule);
    return () => {
      unsubscribe();
      follow.dispose();
    };
  }, [doc]);
  const [bindings, setBindings] = useShortcutBindings();
  const keysOf = (command: Command) => bindings[command].map(displayChord).join(' or ');
  const { activeIndex, setActiveIndex, focusRow, gridApi, cancelPendingFocus } = useLineFocus(doc, idBase);
  const [dialog, setDialog] = useState<EditorDialog | undefined>();
  const closeDialog = () => setDialog(undefined);
  const [findOpen, setFindOpen] = useState(false);
  const [problemsOpen, setProblemsOpen] = useState(() => typeof window === 'undefined' || window.innerWidth >= 1200);
  const [shownRule, setShownRule] = useState<QcRuleId | undefined>(undefined);
  const [accepting, setAccepting] = useState<{ index: number; rule: QcRuleId } | undefined>();
  const acceptance = useAcceptedProblems(translationId);
  const findAccepted = useMemo(() => acceptedFinder(acceptance.accepted), [acceptance.accepted]);
  const isAccepted = useCallback(
    (index: number, rule: QcRuleId) => {
      const row = doc.row(index);
      return row !== undefined && findAccepted(row.line, index, rule) !== undefined;
    },
    [doc, findAccepted],
  );
  const clearRule = useCallback(() => setShownRule(undefined), []);
  const gridFilter = useRuleFilter(doc, useDeferredValue(version), shownRule, activeIndex, clearRule);
  const [announcement, announce] = useAnnouncer();
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | undefined>();
  const memoryApi = useRef<MemoryApi | undefined>(undefined);

  const media = useMediaController();
  const [mediaOpen, setMediaOpen] = useMediaPanePreference();
  const [waveformOpen, setWaveformOpen] = useWaveformPreference();
  const [panesWidth, setPanesWidth] = usePanesWidth();
  const notes = useReviewNotes(props.workRequestId, translationId).data ?? [];
  const openNotes = notes.filter((n) => !n.resolution);
  const showNotes = notes.length > 0 || props.canNote === true;
  const lineIndexOf = (number: number) => {
    for (let i = 0; i < doc.count; i++) if (doc.row(i)?.line.number === number) return i;
    return undefined;
  };
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
  const draft = useDraftRecovery({
    doc,
    translationId,
    serverLines: props.serverLines,
    etag: props.etag,
    openConflict: sync.openConflict,
  });
  const exports = useSubtitleExports({
    doc,
    fileBaseName: props.fileBaseName,
    language: props.language,
    title: props.asset?.name,
    announce,
  });

  const openFind = useCallback(() => setFindOpen(true), []);
  const { runCommand, jumpToProblem } = useEditorCommands({
    doc,
    idBase,
    readOnly,
    submittable,
    workRequestStatus: props.workRequestStatus,
    media,
    memoryApi,
    activeIndex,
    focusRow,
    announce,
    saveNow,
    openFind,
    openDialog: setDialog,
    shownRule,
    isAccepted,
  });

  const submitButtonId = `${idBase}-submit`;
  const exportButtonId = `${idBase}-export`;
  /** Escape in a line: to Submit… (Export when read-only), whence Tab comes back to the line. */
  const leaveGrid = useCallback(
    (pressedAt: number) => {
      // A move to another line still waiting for its row (Tab, then Escape at once) is where the translator was
      // going: leave from there, and never let it pull the focus back into the grid afterwards.
      const index = cancelPendingFocus() ?? pressedAt;
      doc.seal();
      const target = document.getElementById(submittable ? submitButtonId : exportButtonId);
      target?.focus();
      announce(`Left the lines at line ${index + 1}. Tab goes back to it; Shift+Tab to the other editor actions.`);
    },
    [announce, cancelPendingFocus, doc, exportButtonId, submittable, submitButtonId],
  );

  const { matchKey, onEditorKeyDown } = useEditorKeys({ doc, idBase, readOnly, bindings, activeIndex, runCommand });

  // ----- media: the playhead's line is highlighted and scrolled to; choosing a line seeks to it -----
  const mediaElement = usePlaybackValue(media, (c) => c.element);
  const lastMediaElement = useRef(mediaElement);
  useEffect(() => {
    media.setLoopLine(() => doc.timingAt(activeIndex));
    const arrived = lastMediaElement.current !== mediaElement;
    lastMediaElement.current = mediaElement;
    // An element taking over the film (its picture replacing its sound) stays where the playhead was.
    if (arrived && media.tookOver) return;
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
    [doc, leaveGrid, matchKey, readOnly, runCommand, setActiveIndex],
  );

  const jumpTo = useCallback((i: number) => focusRow(i, { caret: 'end' }), [focusRow]);
  // The Checks panel's Next and Previous are F8 and Shift+F8 (the filter's rule, accepted problems skipped).
  const nextProblem = useCallback(() => jumpToProblem(1), [jumpToProblem]);
  const previousProblem = useCallback(() => jumpToProblem(-1), [jumpToProblem]);

  const submit = async (submission: Pick<Submission, 'note' | 'reason' | 'errors'>) => {
    setSubmitting(true);
    setSubmitError(undefined);
    const ok = await sync.saveNow({ status: 'submitted', submission });
    setSubmitting(false);
    if (ok) {
      setDialog(undefined);
      announce('Submitted. The translation is now read-only.');
    } else setSubmitError(sync.error ?? 'The translation could not be submitted; see the save state.');
  };

  return (
    <div className="editor" onKeyDown={onEditorKeyDown}>
      <EditorToolbar
        doc={doc}
        readOnly={readOnly}
        keysOf={keysOf}
        run={(command) => runCommand(command, activeIndex, undefined)}
        findOpen={findOpen}
        onToggleFind={() => setFindOpen((v) => !v)}
        openDialog={setDialog}
        exportAs={exports.exportAs}
        exportTtml={exports.exportTtml}
        problemsOpen={problemsOpen}
        onToggleProblems={() => setProblemsOpen((v) => !v)}
        problemsId={`${idBase}-problems`}
        mediaOpen={mediaOpen}
        onToggleMedia={() => setMediaOpen(!mediaOpen)}
        waveformOpen={waveformOpen}
        onToggleWaveform={() => setWaveformOpen(!waveformOpen)}
        save={sync}
        saveWith={(fields) => void sync.saveNow(fields)}
        canApprove={canApprove}
        submittable={submittable}
        workRequestStatus={props.workRequestStatus}
        submitButtonId={submitButtonId}
        exportButtonId={exportButtonId}
      />

      {draft.draft ? (
        <div className="editor__banner" role="alert">
          <span>Unsaved edits from {new Date(draft.draft.savedAt).toLocaleString()} were kept in this browser.</span>
          <button type="button" className="button button--small button--primary" onClick={draft.restore}>
            Restore them
          </button>
          <button type="button" className="button button--small" onClick={draft.discard}>
            Discard
          </button>
        </div>
      ) : null}
      {readOnly ? (
        <div className="editor__banner editor__banner--info" role="status">
          Submitted: read-only until it is sent back.
        </div>
      ) : props.verdictReason ? (
        <div className="editor__banner editor__banner--info" role="status" data-testid="verdict">
          Sent back: {props.verdictReason}
          {props.verdictNotes?.length ? ` — ${props.verdictNotes.length} notes to address, beside the lines.` : ''}
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
        <TimecodeDisplaySwitch />
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
          announce(`Line ${i + 1}: memory match of ${m.similarity ?? 0}% used.`);
        }}
      />

      <div
        className={`editor__body${mediaOpen ? ' editor__body--media' : ''}`}
        style={{ '--panes-width': `${panesWidth}px` } as CSSProperties}
      >
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
          filter={gridFilter}
          findAccepted={findAccepted}
        />
        {mediaOpen ? (
          <>
            <PaneSplitter
              label="Resize the lines and the panes"
              controls={`${idBase}-media`}
              value={panesWidth}
              min={PANES_WIDTH.min}
              max={PANES_WIDTH.max}
              onChange={setPanesWidth}
            />
            <MediaPane
              id={`${idBase}-media`}
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
            {waveformOpen ? (
              <Waveform
                doc={doc}
                version={version}
                controller={media}
                assetId={props.asset?.id}
                activeIndex={activeIndex}
                readOnly={readOnly}
                onChooseLine={(i) => focusRow(i, { caret: 'end' })}
                notes={notes}
                lineIndexOf={lineIndexOf}
                onNote={(note) => {
                  const i = lineIndexOf(note.line);
                  media.seek(note.time * 1000);
                  document
                    .querySelector(`[data-note-id="${CSS.escape(note._id)}"]`)
                    ?.scrollIntoView({ block: 'nearest' });
                  if (i !== undefined) focusRow(i, { caret: 'end' });
                }}
                onRetimed={(i, limited) =>
                  announce(
                    limited ? `Line ${i + 1} stops at its neighbour: lines never overlap.` : `Line ${i + 1} retimed.`,
                  )
                }
              />
            ) : null}
          </>
        ) : null}
        {showNotes || problemsOpen ? (
          <div id={`${idBase}-problems`} className={`editor__side${showNotes ? ' editor__side--stack' : ''}`}>
            {props.canNote && readOnly ? (
              <RoundChanges
                translationId={translationId}
                rounds={props.rounds ?? 0}
                lineIndexOf={lineIndexOf}
                onJump={(i) => focusRow(i, { caret: 'end' })}
              />
            ) : null}
            {showNotes ? (
              <NotesPanel
                workRequestId={props.workRequestId}
                translationId={translationId}
                notes={notes}
                canNote={props.canNote === true}
                unit={props.noteUnit ?? 'line'}
                canResolve={!readOnly && !props.canNote}
                activeLine={
                  doc.row(activeIndex)?.line.number !== undefined
                    ? { number: doc.row(activeIndex)!.line.number!, index: activeIndex }
                    : undefined
                }
                playheadSeconds={() => media.timeMs / 1000}
                toAddress={props.verdictNotes ?? []}
                lineIndexOf={lineIndexOf}
                onJump={(i, seconds) => {
                  if (mediaOpen) media.seek(seconds * 1000);
                  focusRow(i, { caret: 'end' });
                }}
              />
            ) : null}
            {problemsOpen ? (
              <ProblemsPanel
                doc={doc}
                version={version}
                onJump={jumpTo}
                onNext={nextProblem}
                onPrevious={previousProblem}
                specName={props.appliedSpec?.spec?.name}
                rule={shownRule}
                onRule={setShownRule}
                accepted={acceptance.accepted}
                onAccept={readOnly ? undefined : (index, rule) => setAccepting({ index, rule })}
                onUndo={
                  readOnly
                    ? undefined
                    : (a) =>
                        acceptance.undo.mutate(a, {
                          onSuccess: () => announce(`Line ${a.line}: ${ruleLabel(a.rule)} counts again.`),
                          onError: (e) => announce(`Could not undo: ${e.message}`),
                        })
                }
              />
            ) : null}
          </div>
        ) : null}
      </div>

      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>

      {dialog === 'shortcuts' ? (
        <ShortcutsDialog bindings={bindings} onChange={setBindings} onClose={closeDialog} />
      ) : null}
      {dialog === 'import' ? (
        <ImportDialog
          doc={doc}
          onClose={closeDialog}
          onApplied={(n) => {
            setDialog(undefined);
            announce(`Imported: ${n} line${n === 1 ? '' : 's'} changed.`);
          }}
        />
      ) : null}
      {dialog === 'submit' ? (
        <SubmitDialog
          doc={doc}
          accepted={acceptance.accepted}
          submitting={submitting}
          error={submitError}
          onConfirm={(submission) => void submit(submission)}
          onJump={(i) => {
            setDialog(undefined);
            focusRow(i, { caret: 'end' });
          }}
          onClose={closeDialog}
        />
      ) : null}
      {dialog === 'stl' ? (
        <StlExportDialog
          lines={doc.lines()}
          fileBaseName={props.fileBaseName}
          title={props.asset?.name}
          language={props.language}
          onClose={closeDialog}
          onExported={(n) => {
            setDialog(undefined);
            announce(`Exported EBU STL: ${n} subtitle${n === 1 ? '' : 's'}.`);
          }}
        />
      ) : null}
      {accepting ? (
        <AcceptProblemDialog
          doc={doc}
          index={accepting.index}
          rule={accepting.rule}
          saveNow={() => sync.saveNow()}
          accept={(body) => acceptance.accept.mutateAsync(body)}
          onAccepted={(message) => {
            setAccepting(undefined);
            announce(message);
          }}
          onClose={() => setAccepting(undefined)}
        />
      ) : null}
      {dialog === 'profile' ? (
        <ProfileDialog applied={props.appliedSpec} profile={doc.currentProfile} onClose={closeDialog} />
      ) : null}
      {dialog === 'sendBack' ? (
        <ReasonDialog
          title="Send this translation back?"
          description="The translator can edit it again; they see your reason and the notes you pick."
          confirmLabel="Send back"
          choicesLabel="Notes to address"
          choices={openNotes.map((n) => {
            const i = lineIndexOf(n.line);
            return {
              id: n._id,
              label: `${noteTarget(props.noteUnit, i)} at ${formatNoteTime(n.time)}: ${n.body ?? ''}`,
            };
          })}
          error={sync.error}
          onConfirm={({ reason, chosen }) =>
            void sync.saveNow({ status: 'incomplete', verdict: { reason, notes: chosen } }).then((ok) => {
              if (ok) {
                setDialog(undefined);
                announce('Sent back to the translator.');
              }
            })
          }
          onClose={closeDialog}
        />
      ) : null}
      {sync.conflict ? <ConflictDialog conflict={sync.conflict} onResolve={sync.resolve} /> : null}
    </div>
  );
}
