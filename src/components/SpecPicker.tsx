/**
 * The delivery specification an order is judged by (docs/API.md "Delivery specifications"): the studio's most
 * specific match by default (named as such, e.g. "Netflix-style (adult) (studio default)"), or one the coordinator
 * names. The chosen spec's key numbers are shown under the field and on each option's hover. Nothing is shown
 * when the server has no specs (a deployment without the extension).
 */
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { appliedSpecForPlaceOptions, studioSpecsOptions } from '../lib/specQueries';
import { specNumbers, specScope } from '../lib/specText';
import { FALLBACK_LIMITS, type DeliverySpec, type SpecLimits } from '../api/schema/deliverySpec';

interface Props {
  studio: string | undefined;
  project: string | undefined;
  language: string | undefined;
  /** The named spec's id; '' for the best match. */
  value: string;
  /** The spec's id ('' for the best match) and its name as listed. */
  onChange: (specId: string, name: string) => void;
  error?: string | undefined;
  disabled?: boolean;
}

const limitsOf = (s: Partial<DeliverySpec> | undefined): SpecLimits => ({ ...FALLBACK_LIMITS, ...s });
const nameOf = (s: Partial<DeliverySpec>) => `${s.name ?? 'Unnamed spec'} (${specScope(s)})`;

export function SpecPicker({ studio, project, language, value, onChange, error, disabled }: Props) {
  const id = useId();
  const specs = useQuery({ ...studioSpecsOptions(studio ?? ''), enabled: studio !== undefined });
  const match = useQuery({
    ...appliedSpecForPlaceOptions(studio ?? '', project ?? '', language ?? ''),
    enabled: studio !== undefined,
  });
  if (studio === undefined || specs.isError) return null;
  const list = specs.data ?? [];
  const best = match.data?.spec;
  const named = list.find((s) => s._id === value);
  const shown = value ? named : best;
  const defaultLabel = best
    ? `Best match: ${nameOf(best)}`
    : match.isError
      ? 'The studio’s best match'
      : 'Best match (finding it…)';
  return (
    <div className="form-field spec-picker">
      <label htmlFor={id}>Delivery specification</label>
      <select
        id={id}
        value={value}
        disabled={disabled || specs.isPending}
        aria-describedby={`${id}-numbers`}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.target.value, e.target.selectedOptions[0]?.textContent ?? '')}
        data-testid="spec-picker"
      >
        <option value="" title={best ? specNumbers(limitsOf(best)) : undefined}>
          {defaultLabel}
        </option>
        {list.map((s) => (
          <option key={s._id} value={s._id} title={specNumbers(limitsOf(s))}>
            {nameOf(s)}
          </option>
        ))}
        {value && !named && !specs.isPending ? <option value={value}>A spec no longer listed</option> : null}
      </select>
      <p id={`${id}-numbers`} className="hint" data-testid="spec-numbers">
        {shown ? specNumbers(limitsOf(shown)) : ''}
        {shown && !value ? ' — follows the studio’s specs as they change.' : ''}
      </p>
      {error ? <p className="form-error field-error">{error}</p> : null}
    </div>
  );
}
