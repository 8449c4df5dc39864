/**
 * The fields of each wizard step but the asset and the review (AssetStep.tsx, ReviewStep.tsx). Each message sits at
 * its field (`<field>-error`, aria-invalid, aria-describedby); the page moves the focus to the first one on Next.
 */
import type { ReactNode } from 'react';
import type { Asset } from '../../../api/schema/asset';
import type { Language } from '../../../api/schema/language';
import type { Territory } from '../../../api/schema/territory';
import { ZonedDateTime } from '../../../components/ZonedDateTime';
import { viewerTimeZone } from '../../../lib/dates';
import { keyLabel } from '../../../lib/format';
import { epochOfWallClock, knownTimeZones } from '../../../lib/zonedTime';
import {
  MATERIAL_MAX,
  TAG_MAX,
  TRACK_LABELS,
  TRACKS,
  TREATMENT_LABELS,
  TREATMENTS,
  USE_LABELS,
  USE_LIST,
  USES,
  type FieldErrors,
  type OrderDraft,
  type Use,
} from '../model/draft';
import { languageChoices, territoryChoices, choiceLabel } from '../model/pickers';
import { ChoiceList } from './ChoiceList';
import { describedByOf, FieldError, FieldHint } from '../../../components/FieldError';
import { InstructionsField } from '../../../components/InstructionsField';
import { ListEditor } from './ListEditor';

export interface StepProps {
  draft: OrderDraft;
  change: (patch: Partial<OrderDraft>) => void;
  errors: FieldErrors;
}

function toggle<T>(list: readonly T[], item: T, on: boolean): T[] {
  return on ? (list.includes(item) ? [...list] : [...list, item]) : list.filter((x) => x !== item);
}

function Group({
  id,
  legend,
  error,
  hint,
  children,
}: {
  id: string;
  legend: string;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
}) {
  const describedBy = describedByOf(id, hint, error);
  return (
    <fieldset id={id} className="order-group" aria-describedby={describedBy} tabIndex={-1}>
      <legend>{legend}</legend>
      <FieldHint id={id} hint={hint} />
      {children}
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

export function LanguageStep({
  draft,
  change,
  errors,
  languages,
  territories,
}: StepProps & { languages: readonly Language[]; territories: readonly Territory[] }) {
  const languageList = languageChoices(languages);
  const { choices, narrowed } = territoryChoices(territories, draft.language);
  return (
    <div className="order-columns">
      <ChoiceList
        id="language"
        label="Language"
        noun="language"
        choices={languageList}
        value={draft.language}
        error={errors.language}
        onChange={(language) => {
          const still = territoryChoices(territories, language).choices.some((c) => c.value === draft.territory);
          change({ language, territory: still ? draft.territory : '' });
        }}
      />
      <ChoiceList
        id="territory"
        label="Territory"
        noun="territory"
        choices={choices}
        value={draft.territory}
        error={errors.territory}
        hint={
          !draft.language
            ? 'Choose the language first to see the territories that speak it.'
            : narrowed
              ? `Territories where ${choiceLabel(languageList, draft.language)} is spoken.`
              : `No territory lists ${choiceLabel(languageList, draft.language)}: all territories are shown.`
        }
        onChange={(territory) => change({ territory })}
      />
    </div>
  );
}

export function LocalizeStep({ draft, change, errors, asset }: StepProps & { asset: Asset | undefined }) {
  const tracks = asset?.transcription;
  return (
    <Group
      id="dng"
      legend="What to localize, and how"
      error={errors.dng}
      hint={
        tracks && !tracks.graphics
          ? 'This asset has no on-screen text transcription: graphics are localized from the picture.'
          : 'Tick each treatment wanted.'
      }
    >
      <div className="order-tracks">
        {TRACKS.map((track) => (
          <fieldset key={track} className="order-track">
            <legend>{TRACK_LABELS[track]}</legend>
            {TREATMENTS[track].map((t) => (
              <label key={t} className="checkbox-inline order-check">
                <input
                  type="checkbox"
                  checked={draft.dng[track].includes(t)}
                  onChange={(e) =>
                    change({ dng: { ...draft.dng, [track]: toggle(draft.dng[track], t, e.target.checked) } })
                  }
                />
                {TREATMENT_LABELS[t] ?? keyLabel(t)}
              </label>
            ))}
          </fieldset>
        ))}
      </div>
    </Group>
  );
}

export function UsesStep({ draft, change, errors, asset }: StepProps & { asset: Asset | undefined }) {
  const cleared = Object.entries(asset?.usage ?? {})
    .filter(([, on]) => on === true)
    .map(([k]) => keyLabel(k));
  const setUse = (use: Use, on: boolean) => {
    const transcodes = { ...draft.transcodes };
    if (!on) delete transcodes[use];
    change({ uses: toggle(draft.uses, use, on), transcodes });
  };
  return (
    <Group
      id="uses"
      legend="Where it will be used, and the transcodes delivered"
      error={errors.uses}
      hint={cleared.length ? `The asset is cleared for: ${cleared.join(', ')}.` : 'The asset lists no cleared uses.'}
    >
      <div className="order-tracks">
        {USE_LIST.map((use) => {
          const on = draft.uses.includes(use);
          return (
            <fieldset key={use} className="order-track">
              <legend>
                <label className="checkbox-inline">
                  <input type="checkbox" checked={on} onChange={(e) => setUse(use, e.target.checked)} />
                  {USE_LABELS[use]}
                </label>
              </legend>
              {USES[use].map((value) => (
                <label key={value} className="checkbox-inline order-check">
                  <input
                    type="checkbox"
                    disabled={!on}
                    checked={draft.transcodes[use]?.includes(value) ?? false}
                    onChange={(e) =>
                      change({
                        transcodes: {
                          ...draft.transcodes,
                          [use]: toggle(draft.transcodes[use] ?? [], value, e.target.checked),
                        },
                      })
                    }
                  />
                  {value}
                </label>
              ))}
            </fieldset>
          );
        })}
      </div>
    </Group>
  );
}

/** The instant a date and time fields name, shown in the zone and in the viewer's, as on the record page. */
function Equivalent({ date, time, zone }: { date: string; time: string; zone: string }) {
  const epoch = date && time ? epochOfWallClock({ date, time }, zone) : undefined;
  if (epoch === undefined) return null;
  return (
    <p className="hint order-equivalent">
      <ZonedDateTime value={{ date: epoch, tz: zone }} />
    </p>
  );
}

/** A date and a time in the chosen zone (a group with one message), and the instant they name. */
function DateTimeFields(props: {
  id: string;
  legend: ReactNode;
  hint?: string;
  date: string;
  time: string;
  /** The zone, when it is a real one (the instant is shown then). */
  zone: string | undefined;
  error: string | undefined;
  onChange: (date: string, time: string) => void;
}) {
  const { id, date, time, error, onChange } = props;
  const describedBy = describedByOf(id, props.hint, error);
  return (
    <fieldset id={id} className="order-group" tabIndex={-1} aria-describedby={describedBy}>
      <legend>{props.legend}</legend>
      <FieldHint id={id} hint={props.hint} />
      <div className="order-datetime">
        {(['date', 'time'] as const).map((part) => (
          <div key={part} className="form-field">
            <label htmlFor={`${id}-${part}`}>{part === 'date' ? 'Date' : 'Time'}</label>
            <input
              id={`${id}-${part}`}
              type={part}
              value={part === 'date' ? date : time}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              onChange={(e) => (part === 'date' ? onChange(e.target.value, time) : onChange(date, e.target.value))}
            />
          </div>
        ))}
      </div>
      {props.zone ? <Equivalent date={date} time={time} zone={props.zone} /> : null}
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

export function DueStep({ draft, change, errors, territoryName }: StepProps & { territoryName?: string | undefined }) {
  const zones = knownTimeZones();
  const viewer = viewerTimeZone();
  const zoneKnown = zones.includes(draft.zone);
  return (
    <div className="order-due">
      <div className="form-field">
        <label htmlFor="zone">
          Time zone <span className="required">(required)</span>
        </label>
        <input
          id="zone"
          type="text"
          list="order-zones"
          value={draft.zone}
          autoComplete="off"
          aria-invalid={errors.due && !zoneKnown ? true : undefined}
          aria-describedby={errors.due && !zoneKnown ? 'zone-hint due-error' : 'zone-hint'}
          onChange={(e) => change({ zone: e.target.value, zoneSource: 'person' })}
        />
        <datalist id="order-zones">
          {zones.map((z) => (
            <option key={z} value={z} />
          ))}
        </datalist>
        <p id="zone-hint" className="hint">
          {draft.zoneSource === 'territory'
            ? `The territory's zone (${territoryName ?? draft.territory}), set when you chose it; yours is ${viewer}. `
            : `An IANA zone such as Europe/Paris; yours is ${viewer}. `}
          {draft.zone !== viewer ? (
            <button
              type="button"
              className="link-button"
              onClick={() => change({ zone: viewer, zoneSource: 'person' })}
            >
              Use {viewer}
            </button>
          ) : null}
        </p>
      </div>
      <DateTimeFields
        id="due"
        legend={
          <>
            Due <span className="required">(required)</span>
          </>
        }
        date={draft.dueDate}
        time={draft.dueTime}
        zone={zoneKnown ? draft.zone : undefined}
        error={errors.due}
        onChange={(date, time) => change({ dueDate: date, dueTime: time })}
      />
      <DateTimeFields
        id="deliveryDeadline"
        legend="Delivery deadline (optional)"
        hint="When the files must reach their recipients, in the same time zone; not before the due date."
        date={draft.deadlineDate}
        time={draft.deadlineTime}
        zone={zoneKnown ? draft.zone : undefined}
        error={errors.deliveryDeadline}
        onChange={(date, time) => change({ deadlineDate: date, deadlineTime: time })}
      />
    </div>
  );
}

export function InstructionsStep({ draft, change, errors }: StepProps) {
  return (
    <div className="order-instructions">
      <InstructionsField
        id="instructions"
        label="Instructions (optional)"
        value={draft.instructions}
        error={errors.instructions}
        onChange={(instructions) => change({ instructions })}
      />
      <ListEditor
        id="tags"
        label="Tags (optional)"
        noun="tag"
        items={draft.tags}
        max={TAG_MAX}
        error={errors.tags}
        placeholder="rush, festival…"
        onChange={(tags) => change({ tags })}
      />
      <ListEditor
        id="materials"
        label="Materials checklist (optional)"
        noun="material"
        items={draft.materials}
        max={MATERIAL_MAX}
        error={errors.materials}
        hint="What the vendor needs before work can start (M&E stems, a script, fonts); each is ticked off as it arrives."
        placeholder="M&E stems"
        onChange={(materials) => change({ materials })}
      />
    </div>
  );
}
