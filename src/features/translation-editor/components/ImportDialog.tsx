/** Import an SRT or WebVTT file: preview what changes, then apply it as one undoable step. */
import { useMemo, useState } from 'react';
import { Modal } from '../../../components/Modal';
import type { EditorDocument } from '../model/editorDocument';
import { planImport, type ImportPlan } from '../model/importPlan';
import { parseSubtitles, type Cue } from '../model/subtitleFiles';
import { withPosition, withText, withTiming } from '../model/lineFields';
import { SafeText } from '../../../components/SafeText';
import { BROADCAST_ACCEPT, readBroadcastFile } from '../model/formats/broadcastFiles';
import type { Skipped } from '../model/formats/ttml';

interface Props {
  doc: EditorDocument;
  onClose: () => void;
  onApplied: (changed: number) => void;
}

const PREVIEW = 200;

export function ImportDialog({ doc, onClose, onApplied }: Props) {
  const [cues, setCues] = useState<Cue[] | undefined>();
  const [fileName, setFileName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [skipped, setSkipped] = useState<Skipped[]>([]);
  const [withTimes, setWithTimes] = useState(false);
  const plan: ImportPlan | undefined = useMemo(
    () => (cues ? planImport(doc.lines(), cues, withTimes) : undefined),
    [cues, doc, withTimes],
  );

  const onFile = async (file: File | undefined) => {
    setError(undefined);
    setCues(undefined);
    setSkipped([]);
    if (!file) return;
    setFileName(file.name);
    try {
      const broadcast = await readBroadcastFile(file);
      if (broadcast) setSkipped(broadcast.skipped);
      setCues(broadcast ? broadcast.cues : parseSubtitles(await file.text()));
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Could not read this file.');
    }
  };

  const apply = () => {
    if (!plan) return;
    const edits = plan.changes.map((c) => {
      let line = withText(c.before, c.text);
      if (c.startMs !== undefined && c.stopMs !== undefined) line = withTiming(line, c.startMs, c.stopMs);
      if (c.position) line = withPosition(line, c.position);
      return { index: c.index, line };
    });
    onApplied(doc.applyEdits(`Import ${fileName}`, edits));
  };

  return (
    <Modal
      title="Import subtitles"
      onClose={onClose}
      description="An SRT, WebVTT, TTML or EBU STL file. Nothing changes until you apply it; one Undo takes it back."
    >
      <div className="import">
        <label className="import__file">
          File
          <input
            type="file"
            accept={`.srt,.vtt,text/vtt,application/x-subrip,${BROADCAST_ACCEPT}`}
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
        </label>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        {plan && cues ? (
          <>
            <p role="status" data-testid="import-summary">
              {cues.length} subtitles in the file, {doc.count} lines here:{' '}
              {plan.mode === 'order'
                ? 'the counts match, so they go in by order.'
                : 'the counts differ, so each goes to the line it overlaps in time.'}{' '}
              <strong>
                {plan.changes.length} line{plan.changes.length === 1 ? '' : 's'} change
              </strong>
              {plan.unplaced.length > 0
                ? `; ${plan.unplaced.length} subtitle${plan.unplaced.length === 1 ? '' : 's'} match no line and are skipped`
                : ''}
              .
            </p>
            {skipped.length > 0 ? (
              <p className="form-error" data-testid="import-skipped">
                {skipped.length} block{skipped.length === 1 ? '' : 's'} skipped:{' '}
                {skipped.map((s) => `line ${s.line}: ${s.reason}`).join(' ')}
              </p>
            ) : null}
            {plan.mode === 'order' ? (
              <label className="check">
                <input type="checkbox" checked={withTimes} onChange={(e) => setWithTimes(e.target.checked)} /> Also take
                timings and positions from the file
              </label>
            ) : null}
            <div className="import__preview" tabIndex={0} aria-label="Changes">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Line</th>
                    <th scope="col">Now</th>
                    <th scope="col">From the file</th>
                  </tr>
                </thead>
                <tbody>
                  {plan.changes.slice(0, PREVIEW).map((c) => (
                    <tr key={c.index}>
                      <td>{c.index + 1}</td>
                      <td>
                        <SafeText text={c.before.text ?? ''} />
                      </td>
                      <td>
                        <SafeText text={c.text} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {plan.changes.length > PREVIEW ? (
                <p className="hint">…and {plan.changes.length - PREVIEW} more.</p>
              ) : null}
            </div>
          </>
        ) : null}
      </div>
      <div className="modal__actions te-actions">
        <button type="button" className="button button--quiet" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={apply}
          disabled={!plan || plan.changes.length === 0}
        >
          Apply {plan ? plan.changes.length : ''} change{plan?.changes.length === 1 ? '' : 's'}
        </button>
      </div>
    </Modal>
  );
}
