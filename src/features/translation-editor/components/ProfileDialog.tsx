/**
 * The limits the lines are checked by: the order's delivery specification, read from the server (docs/API.md
 * "Delivery specifications"), with where it comes from. Read-only here: Submit and the reviewer judge by the same
 * spec, so no one's browser may change it; coordinators choose it on the order.
 */
import { Modal } from '../../../components/Modal';
import type { AppliedSpec } from '../../../api/schema/deliverySpec';
import { appliedSpecSource, specLimitRows } from '../../../lib/specText';
import type { QcProfile } from '../model/qc/types';
import { describeAssetFrameRate } from '../model/frames';
import { useTimecodes } from './timecodeContext';

interface Props {
  /** The order's spec as the server answered; undefined while it loads or when the server has no specs. */
  applied: AppliedSpec | undefined;
  /** The limits the checks run by now (the spec's, or the defaults until it arrives). */
  profile: QcProfile;
  onClose: () => void;
}

export function ProfileDialog({ applied, profile, onClose }: Props) {
  // The frame rate is the asset's (docs/API.md "Frames"): said here, not set.
  const { frameRate } = useTimecodes();
  const name = applied?.spec?.name;
  return (
    <Modal
      title={name ? `Limits: ${name}` : 'Limits'}
      onClose={onClose}
      description={
        applied
          ? `${appliedSpecSource(applied)} Submit and the reviewer judge by the same limits.`
          : 'The order’s delivery specification could not be read: the checks run by the default limits until it is.'
      }
    >
      <dl className="spec-limits" data-testid="spec-limits">
        {specLimitRows(profile).map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div>
          <dt>Frame rate</dt>
          <dd>{describeAssetFrameRate(frameRate)}</dd>
        </div>
      </dl>
      {applied?.spec?.description ? <p className="hint">{applied.spec.description}</p> : null}
    </Modal>
  );
}
