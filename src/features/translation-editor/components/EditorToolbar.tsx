/** The editor's toolbar: undo and redo, find, import and exports, checks, limits, video, shortcuts, the save state and the workflow. */
import type { EditorDocument } from '../model/editorDocument';
import type { Command } from '../model/shortcuts';
import type { SaveStatus, SyncMeta } from '../hooks/useTranslationSync';
import { notSubmittable, type EditorDialog } from '../hooks/useEditorCommands';
import { SaveIndicator } from './SaveIndicator';

interface Props {
  doc: EditorDocument;
  readOnly: boolean;
  /** The keys bound to a command, for its button's title. */
  keysOf: (command: Command) => string;
  run: (command: Command) => void;
  findOpen: boolean;
  onToggleFind: () => void;
  openDialog: (dialog: EditorDialog) => void;
  exportAs: (format: 'srt' | 'vtt') => void;
  exportTtml: () => Promise<void>;
  problemsOpen: boolean;
  onToggleProblems: () => void;
  problemsId: string;
  mediaOpen: boolean;
  onToggleMedia: () => void;
  waveformOpen: boolean;
  onToggleWaveform: () => void;
  save: { status: SaveStatus; error: string | undefined; meta: SyncMeta };
  /** Saves the lines with a change of approval or status. */
  saveWith: (fields: { approval?: boolean; status?: string }) => void;
  canApprove: boolean;
  submittable: boolean;
  workRequestStatus: string | undefined;
  submitButtonId: string;
  exportButtonId: string;
}

export function EditorToolbar(p: Props) {
  return (
    <div className="editor__toolbar" role="toolbar" aria-label="Editor actions">
      <button
        type="button"
        className="button button--small"
        onClick={() => p.run('undo')}
        disabled={p.readOnly || !p.doc.history.canUndo}
        title={p.keysOf('undo')}
      >
        ↶ Undo
      </button>
      <button
        type="button"
        className="button button--small"
        onClick={() => p.run('redo')}
        disabled={p.readOnly || !p.doc.history.canRedo}
        title={p.keysOf('redo')}
      >
        ↷ Redo
      </button>
      <span className="editor__sep" aria-hidden="true" />
      <button
        type="button"
        className="button button--small"
        onClick={p.onToggleFind}
        aria-expanded={p.findOpen}
        title={p.keysOf('find')}
      >
        Find &amp; replace
      </button>
      <button
        type="button"
        className="button button--small"
        onClick={() => p.openDialog('import')}
        disabled={p.readOnly}
      >
        Import…
      </button>
      <button id={p.exportButtonId} type="button" className="button button--small" onClick={() => p.exportAs('srt')}>
        Export SRT
      </button>
      <button type="button" className="button button--small" onClick={() => p.exportAs('vtt')}>
        Export WebVTT
      </button>
      <button type="button" className="button button--small" onClick={() => void p.exportTtml()}>
        Export TTML (IMSC 1.1)
      </button>
      <button type="button" className="button button--small" onClick={() => p.openDialog('stl')}>
        Export EBU STL…
      </button>
      <span className="editor__sep" aria-hidden="true" />
      <button
        type="button"
        className="button button--small"
        onClick={p.onToggleProblems}
        aria-expanded={p.problemsOpen}
        aria-controls={p.problemsId}
      >
        Checks ({p.doc.problemRowCount})
      </button>
      <button type="button" className="button button--small" onClick={() => p.openDialog('profile')}>
        Limits…
      </button>
      <button type="button" className="button button--small" aria-pressed={p.mediaOpen} onClick={p.onToggleMedia}>
        Video
      </button>
      {p.mediaOpen ? (
        <button
          type="button"
          className="button button--small"
          aria-pressed={p.waveformOpen}
          onClick={p.onToggleWaveform}
        >
          Waveform
        </button>
      ) : null}
      <button
        type="button"
        className="button button--small"
        onClick={() => p.openDialog('shortcuts')}
        aria-label="Keyboard shortcuts"
        title={`Keyboard shortcuts (? or ${p.keysOf('shortcuts')})`}
      >
        ?
      </button>
      <span className="editor__spacer" />
      <SaveIndicator status={p.save.status} error={p.save.error} readOnly={p.readOnly} />
      {p.canApprove ? (
        <>
          <label className="check editor__approval">
            <input
              type="checkbox"
              checked={p.save.meta.approval === true}
              onChange={(e) => p.saveWith({ approval: e.target.checked })}
            />
            Approved
          </label>
          {p.readOnly ? (
            <button type="button" className="button button--small" onClick={() => p.openDialog('sendBack')}>
              Send back…
            </button>
          ) : null}
        </>
      ) : null}
      {!p.readOnly && !p.submittable ? (
        <span className="editor__note">{notSubmittable(p.workRequestStatus)}</span>
      ) : null}
      {p.submittable ? (
        <button
          id={p.submitButtonId}
          type="button"
          className="button button--small button--primary"
          onClick={() => p.openDialog('submit')}
          title={p.keysOf('submit')}
        >
          Submit…
        </button>
      ) : null}
    </div>
  );
}
