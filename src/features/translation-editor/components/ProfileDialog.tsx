/** The quality-check limits for this language: defaults, changeable here, remembered in this browser. */
import { useState } from 'react';
import { Modal } from '../../../components/Modal';
import type { QcProfile } from '../model/qc/types';
import { profileFor } from '../model/qc/profiles';
import { describeAssetFrameRate } from '../model/frames';
import { useTimecodes } from './timecodeContext';

interface Props {
  language: string | undefined;
  profile: QcProfile;
  onSave: (profile: QcProfile) => void;
  onClose: () => void;
}

const FIELDS: { key: keyof QcProfile; label: string; step: number }[] = [
  { key: 'maxCharsPerLine', label: 'Characters per line', step: 1 },
  { key: 'maxLinesPerSubtitle', label: 'Lines per subtitle', step: 1 },
  { key: 'maxCharsPerSecond', label: 'Reading speed (characters per second)', step: 0.5 },
  { key: 'minDurationMs', label: 'Minimum duration (ms)', step: 1 },
  { key: 'maxDurationMs', label: 'Maximum duration (ms)', step: 100 },
  { key: 'minGapFrames', label: 'Minimum gap (frames)', step: 1 },
];

export function ProfileDialog({ language, profile, onSave, onClose }: Props) {
  // The frame rate is the asset's (docs/API.md "Frames"): said here, not set.
  const { frameRate } = useTimecodes();
  const [values, setValues] = useState<QcProfile>(profile);
  const defaults = profileFor(language, {}, profile.fps);
  return (
    <Modal
      title={`Checks for ${language ?? 'this language'}`}
      onClose={onClose}
      description={`Frame rate ${describeAssetFrameRate(frameRate)}. Changes apply to every ${language ?? ''} translation in this browser.`}
    >
      <form
        className="profile-form"
        onSubmit={(e) => {
          e.preventDefault();
          onSave(values);
        }}
      >
        {FIELDS.map((f) => (
          <label key={f.key}>
            {f.label}
            <input
              type="number"
              min={f.step}
              step={f.step}
              required
              value={values[f.key]}
              onChange={(e) => setValues({ ...values, [f.key]: Number(e.target.value) })}
            />
            <span className="hint">Default {defaults[f.key]}</span>
          </label>
        ))}
        <div className="modal__actions te-actions">
          <button type="button" className="button button--quiet" onClick={() => setValues(defaults)}>
            Back to defaults
          </button>
          <button type="button" className="button button--quiet" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary">
            Apply
          </button>
        </div>
      </form>
    </Modal>
  );
}
