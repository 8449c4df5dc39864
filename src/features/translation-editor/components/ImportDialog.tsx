/**
 * Import a subtitle file: preview what changes, then apply it as one undoable step. The preview says how the file
 * was read (format, encoding — which the translator can change, re-reading the file at once) and lists every block
 * of the file that gave no subtitle, so nothing is dropped without a word. TTML and EBU STL files are read by their
 * own parsers (model/formats): XML declares its encoding and STL its code table, so those have no encoding picker.
 * Files are read in a worker (model/subtitleImportClient.ts), so the page never freezes on a large one; closing the
 * dialog stops the read. Files past the import's limits (model/importLimits.ts: size, subtitles, nesting) are
 * refused with a message naming the limit.
 */
import { useEffect, useMemo, useState } from 'react';
import { Modal } from '../../../components/Modal';
import type { EditorDocument } from '../model/editorDocument';
import { planImport, type ImportPlan } from '../model/importPlan';
import type { SubtitleFileRead, TextFileRead } from '../model/subtitleImport';
import { readSubtitleFileInWorker } from '../model/subtitleImportClient';
import { checkFileSize } from '../model/importLimits';
import { ENCODINGS } from '../model/textEncoding';
import { withPosition, withText, withTiming } from '../model/lineFields';
import { SafeText } from '../../../components/SafeText';
import { SkippedBlocks } from './SkippedBlocks';
import { BROADCAST_ACCEPT } from '../model/formats/broadcastFiles';
import '../importDialog.css';

interface Props {
  doc: EditorDocument;
  onClose: () => void;
  onApplied: (changed: number) => void;
}

const PREVIEW = 200;

const FORMAT_NAMES: Record<SubtitleFileRead['format'], string> = {
  srt: 'SRT',
  vtt: 'WebVTT',
  ttml: 'TTML',
  stl: 'EBU STL',
};

const ENCODING_BY: Record<TextFileRead['encodingBy'], string> = {
  bom: 'from the byte order mark',
  'utf-16 pattern': 'from the file’s bytes',
  'valid utf-8': 'the file is valid UTF-8',
  guessed: 'a guess from the file’s bytes: if the text below looks wrong, pick another',
  chosen: 'as you chose',
};

const messageOf = (e: unknown) => (e instanceof Error ? e.message : 'Could not read this file.');

export function ImportDialog({ doc, onClose, onApplied }: Props) {
  const [file, setFile] = useState<File | undefined>();
  const [encoding, setEncoding] = useState<string | undefined>();
  const [done, setDone] = useState<{ file: File; encoding: string | undefined; read: SubtitleFileRead }>();
  const [readError, setReadError] = useState<string | undefined>();
  const [withTimes, setWithTimes] = useState(false);

  // Each file (and each encoding chosen for it) is read in a worker of its own; a new choice or the dialog closing
  // ends the read under way.
  useEffect(() => {
    if (!file) return;
    const controller = new AbortController();
    readSubtitleFileInWorker(file, encoding, controller.signal).then(
      (read) => setDone({ file, encoding, read }),
      (e: unknown) => {
        if (!controller.signal.aborted) setReadError(messageOf(e));
      },
    );
    return () => controller.abort();
  }, [file, encoding]);

  // While another encoding is read, the preview keeps the last reading of the same file (and its picker, focused).
  const result = done && done.file === file ? done.read : undefined;
  const reading = file !== undefined && readError === undefined && !(result && done?.encoding === encoding);
  const cues = result && result.cues.length > 0 ? result.cues : undefined;
  const error =
    readError ??
    (result && !cues && !reading ? 'No subtitles found: is this an SRT, WebVTT, TTML or EBU STL file?' : undefined);
  const fileName = file?.name ?? '';
  const plan: ImportPlan | undefined = useMemo(
    () => (cues ? planImport(doc.lines(), cues, withTimes) : undefined),
    [cues, doc, withTimes],
  );

  const onFile = (picked: File | undefined) => {
    setReadError(undefined);
    setFile(undefined);
    setEncoding(undefined);
    if (!picked) return;
    try {
      checkFileSize(picked.size);
      setFile(picked);
    } catch (e) {
      setReadError(messageOf(e));
    }
  };

  const onEncoding = (chosen: string) => {
    setReadError(undefined);
    setEncoding(chosen);
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
            onChange={(e) => onFile(e.target.files?.[0])}
          />
        </label>
        {reading ? (
          <p role="status" className="import__progress">
            Reading {fileName}…
          </p>
        ) : null}
        {result ? (
          <div className="import__reading">
            <span data-testid="import-format">{FORMAT_NAMES[result.format]}</span>
            {'encoding' in result ? (
              <>
                <label className="import__encoding">
                  Encoding
                  <select
                    value={encoding ?? result.encoding}
                    onChange={(e) => onEncoding(e.target.value)}
                    aria-describedby="import-encoding-how"
                  >
                    {ENCODINGS.map((e) => (
                      <option key={e.label} value={e.label}>
                        {e.name}
                      </option>
                    ))}
                  </select>
                </label>
                <span id="import-encoding-how" className="hint" data-testid="import-encoding-how">
                  {ENCODING_BY[result.encodingBy]}
                </span>
              </>
            ) : null}
          </div>
        ) : null}
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        {result && result.skipped.length > 0 ? <SkippedBlocks skipped={result.skipped} /> : null}
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
          disabled={reading || !plan || plan.changes.length === 0}
        >
          Apply {plan ? plan.changes.length : ''} change{plan?.changes.length === 1 ? '' : 's'}
        </button>
      </div>
    </Modal>
  );
}
