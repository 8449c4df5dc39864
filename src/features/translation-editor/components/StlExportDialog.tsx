/**
 * Export EBU STL: asks the frame rate (STL has 25 and 30; the default is the nearest to the asset's: model/frames.ts
 * assetFrameRate), lists what STL cannot hold (bold, characters outside its Latin table, long rows) by line, then
 * downloads the file. The STL writer loads when the dialog opens.
 */
import { useEffect, useId, useState } from 'react';
import { Modal } from '../../../components/Modal';
import type { Line } from '../../../api/schema/translation';
import { deliverableCues } from '../model/formats/broadcastFiles';
import { describeAssetFrameRate } from '../model/frames';
import { useTimecodes } from './timecodeContext';
import { downloadText } from '../../../lib/download';
import type * as StlWriter from '../model/formats/ebuStl';
import type { StlExport, StlFrameRate } from '../model/formats/ebuStl';
import './stlExportDialog.css';

type StlModule = typeof StlWriter;

interface Props {
  lines: readonly Line[];
  fileBaseName: string;
  title: string | undefined;
  language: string | undefined;
  onClose: () => void;
  onExported: (subtitles: number) => void;
}

const SHOWN = 8;

export function StlExportDialog(props: Props) {
  const { lines, fileBaseName, title, language, onClose, onExported } = props;
  const assetRate = useTimecodes().frameRate;
  const sourceFps = assetRate.source === 'default' ? undefined : assetRate.rate.fps;
  const [stl, setStl] = useState<StlModule | undefined>();
  const [loadError, setLoadError] = useState<string | undefined>();
  const [chosen, setChosen] = useState<StlFrameRate | undefined>();
  const legendId = useId();
  useEffect(() => {
    let live = true;
    import('../model/formats/ebuStl').then(
      (module) => live && setStl(module),
      () => live && setLoadError('The STL writer could not be loaded. Check the connection and try again.'),
    );
    return () => {
      live = false;
    };
  }, []);

  const frameRate: StlFrameRate = chosen ?? stl?.stlFrameRateFor(sourceFps) ?? 25;
  const { cues, lineNumbers } = deliverableCues(lines);
  const result: StlExport | undefined = stl?.formatEbuStl(cues, { frameRate, title, language });
  const issues = result?.issues ?? [];

  const save = () => {
    if (!result) return;
    downloadText(`${fileBaseName}.stl`, result.bytes, 'application/octet-stream');
    onExported(cues.length);
  };

  return (
    <Modal
      title="Export EBU STL"
      onClose={onClose}
      description="Broadcast subtitles (EBU Tech 3264): Level-1 teletext, Latin characters, times in frames."
    >
      <div className="stl-export">
        <fieldset className="stl-export__rates" aria-describedby={legendId}>
          <legend>Frame rate</legend>
          {([25, 30] as const).map((rate) => (
            <label key={rate} className="check">
              <input
                type="radio"
                name="stl-frame-rate"
                value={rate}
                checked={frameRate === rate}
                onChange={() => setChosen(rate)}
                data-autofocus={frameRate === rate ? true : undefined}
              />{' '}
              {rate} fps ({rate === 25 ? 'STL25.01, PAL' : 'STL30.01, NTSC; 29.97 is written as 30'})
            </label>
          ))}
          <p className="hint" id={legendId}>
            The asset is {describeAssetFrameRate(assetRate)}. Times are rounded to the nearest frame.
          </p>
        </fieldset>
        {loadError ? (
          <p className="form-error" role="alert">
            {loadError}
          </p>
        ) : null}
        <p role="status">
          {cues.length} subtitle{cues.length === 1 ? '' : 's'} (timed lines with text) will be written.
        </p>
        {issues.length > 0 ? (
          <div className="stl-export__issues">
            <p>
              <strong>
                {issues.length} thing{issues.length === 1 ? '' : 's'} STL cannot hold as written:
              </strong>
            </p>
            <ul>
              {issues.slice(0, SHOWN).map((issue, i) => (
                <li key={i}>
                  Line {lineNumbers[issue.subtitle - 1] ?? issue.subtitle}: {issue.message}
                </li>
              ))}
            </ul>
            {issues.length > SHOWN ? <p className="hint">…and {issues.length - SHOWN} more.</p> : null}
          </div>
        ) : null}
      </div>
      <div className="modal__actions modal__body te-actions">
        <button type="button" className="button button--quiet" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="button button--primary" onClick={save} disabled={!result}>
          Export STL
        </button>
      </div>
    </Modal>
  );
}
