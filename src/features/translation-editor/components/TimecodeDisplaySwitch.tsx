/** Chooses how the Subtitler shows times: frames at the asset's rate, or milliseconds (docs/API.md "Frames"). */
import { describeAssetFrameRate, describeFrameRate } from '../model/frames';
import type { TimecodeDisplay } from '../model/timecodeDisplay';
import { useTimecodes } from './timecodeContext';
import './timeline.css';

export function TimecodeDisplaySwitch() {
  const { frameRate, coder, setDisplay } = useTimecodes();
  const separator = frameRate.rate.dropFrame ? ';' : ':';
  return (
    <label className="timecode-switch" title={`Frame rate ${describeAssetFrameRate(frameRate)}`}>
      <span>Times</span>
      <select value={coder.display} onChange={(e) => setDisplay(e.target.value as TimecodeDisplay)}>
        <option value="frames">
          Frames HH:MM:SS{separator}FF ({describeFrameRate(frameRate.rate)})
        </option>
        <option value="milliseconds">Milliseconds HH:MM:SS,mmm</option>
      </select>
    </label>
  );
}
