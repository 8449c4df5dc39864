/**
 * The language and territory filters as the list's first load shows them: the combobox (PlaceFilter.tsx, its
 * matching and its styles) loads after the first render (useDeferredModule); meanwhile, or if it cannot be loaded,
 * an inert field with the same label, size and value stands in its place (`npm run bench -- --only bundle`: not on the list's first route).
 */
import { useId } from 'react';
import { Deferred } from '../../../components/Deferred';
import type { PlaceChoice } from '../model/placeMatch';
// Its styles (placeFilterSlot.css) load with the app's first stylesheet (main.tsx).

const loadPlaceFilter = () => import('./PlaceFilter').then((m) => m.PlaceFilter);

interface Props {
  value: string | undefined;
  choices: readonly PlaceChoice[];
  onCommit: (value: string | undefined) => void;
}

const LANGUAGE = { label: 'Language', placeholder: 'Any, e.g. French or fr' };
const TERRITORY = { label: 'Territory', placeholder: 'Any, e.g. France' };

/** What shows while the combobox loads: its label and an inert field of the same size, holding the URL's value. */
function PlaceFilterPlaceholder({ label, placeholder, value }: { label: string; placeholder: string; value?: string }) {
  const id = useId();
  return (
    <div className="filter-field place-filter">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="place-filter__input"
        placeholder={placeholder}
        defaultValue={value ?? ''}
        disabled
        aria-busy="true"
      />
    </div>
  );
}

function Slot({ words, ...props }: Props & { words: typeof LANGUAGE }) {
  return (
    <Deferred
      load={loadPlaceFilter}
      props={{ ...props, ...words }}
      fallback={<PlaceFilterPlaceholder {...words} value={props.value} />}
    />
  );
}

export function LanguageFilter(props: Props) {
  return <Slot {...props} words={LANGUAGE} />;
}

export function TerritoryFilter(props: Props) {
  return <Slot {...props} words={TERRITORY} />;
}
