/** The review step: the whole order in words, with its estimate, before it is placed. */
import type { ReactNode } from 'react';
import type { Asset } from '../../../api/schema/asset';
import { Field, Fields } from '../../../components/Field';
import { FormattedText } from '../../../components/FormattedText';
import { ZonedDateTime } from '../../../components/ZonedDateTime';
import { epochOfWallClock } from '../../../lib/zonedTime';
import { TRACK_LABELS, TRACKS, TREATMENT_LABELS, USE_LABELS, type OrderDraft, type Step } from '../model/draft';
import { describeEstimate, transcriptionsToTranslate } from '../model/estimate';
import { useOrderEstimate } from '../queries';

interface Props {
  draft: OrderDraft;
  asset: Asset | undefined;
  languageLabel: string;
  territoryLabel: string;
  assigneeLabel: ReactNode;
  /** The delivery specification named, or that the studio's best match applies. */
  specLabel: string;
  /** Opens a step to change it. */
  onEdit: (step: Step) => void;
}

function When({ date, time, zone }: { date: string; time: string; zone: string }) {
  const epoch = date && time ? epochOfWallClock({ date, time }, zone) : undefined;
  return epoch === undefined ? null : <ZonedDateTime value={{ date: epoch, tz: zone }} />;
}

function EstimateLine({ asset, dng }: { asset: Asset | undefined; dng: OrderDraft['dng'] }) {
  const estimate = useOrderEstimate(asset, dng);
  if (!transcriptionsToTranslate(asset?.transcription, dng).length)
    return <span className="muted">No estimate: the asset has no transcription of what is ordered yet.</span>;
  if (estimate.isPending) return <span className="muted">Counting the transcription…</span>;
  if (estimate.isError) return <span className="muted">No estimate: the transcription could not be read.</span>;
  return <>{describeEstimate(estimate.data)}</>;
}

export function ReviewStep({ draft, asset, languageLabel, territoryLabel, assigneeLabel, specLabel, onEdit }: Props) {
  const edit = (step: Step, what: string) => (
    <button type="button" className="link-button" onClick={() => onEdit(step)}>
      Change {what}
    </button>
  );
  const treatments = TRACKS.filter((t) => draft.dng[t].length).map(
    (t) => `${TRACK_LABELS[t]}: ${draft.dng[t].map((x) => TREATMENT_LABELS[x] ?? x).join(', ')}`,
  );
  return (
    <div className="order-review">
      <Fields columns={2}>
        <Field label="Asset">{asset?.name}</Field>
        <Field label="Language and territory">
          {languageLabel} in {territoryLabel} {edit('language', 'the language')}
        </Field>
        <Field label="What to localize">
          {treatments.join(' · ')} {edit('localize', 'what to localize')}
        </Field>
        <Field label="Delivery specification">
          {specLabel} {edit('localize', 'the specification')}
        </Field>
        <Field label="Uses and transcodes">
          {draft.uses.map((u) => `${USE_LABELS[u]} (${(draft.transcodes[u] ?? []).join(', ')})`).join(' · ')}{' '}
          {edit('uses', 'the uses')}
        </Field>
        <Field label="Due">
          <When date={draft.dueDate} time={draft.dueTime} zone={draft.zone} /> {edit('due', 'the due date')}
        </Field>
        <Field label="Delivery deadline">
          {draft.deadlineDate ? <When date={draft.deadlineDate} time={draft.deadlineTime} zone={draft.zone} /> : 'None'}
        </Field>
        <Field label="Tags">{draft.tags.length ? draft.tags.join(', ') : 'None'}</Field>
        <Field label="Materials checklist">{draft.materials.length ? draft.materials.join(', ') : 'None'}</Field>
        <Field label="Translator">{assigneeLabel}</Field>
        <Field label="Estimate">
          <EstimateLine asset={asset} dng={draft.dng} />
        </Field>
      </Fields>
      <h3 className="subheading">Instructions</h3>
      {draft.instructions.trim() ? (
        <FormattedText className="order-review__instructions" text={draft.instructions} />
      ) : (
        <p className="muted">None.</p>
      )}
      <p className="hint">{edit('instructions', 'the instructions, tags or materials')}</p>
    </div>
  );
}
