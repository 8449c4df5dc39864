/** A select whose value is not among its options: "Loading…" while they load, then said to be missing. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CheckboxGroup, FILTER_FROM, optionsShown, SelectField } from './FormControls';

const field = (loading: boolean | undefined) =>
  renderToStaticMarkup(
    <SelectField
      id="studio"
      label="Studio"
      value="68da82d0e6b806fe45c41f09"
      onChange={() => undefined}
      options={[]}
      loading={loading}
      error={undefined}
    />,
  );

describe('SelectField', () => {
  it('reads "Loading…" for its value while the options load, never the id', () => {
    const html = field(true);
    expect(html).toContain('Loading…');
    expect(html).not.toContain('not in the list');
  });
  it('says a value is not in the list once the options are here without it', () => {
    expect(field(false)).toContain('68da82d0e6b806fe45c41f09 (not in the list)');
    expect(field(undefined)).toContain('(not in the list)');
  });
});

describe('CheckboxGroup and its filter', () => {
  const options = Array.from({ length: FILTER_FROM }, (_, i) => ({ value: `l-${i}`, label: `Language ${i}` }));
  options[3] = { value: 'fr-FR', label: 'Français (France)' };
  const group = (count: number) =>
    renderToStaticMarkup(
      <CheckboxGroup id="langs" legend="Languages" options={options.slice(0, count)} values={[]} onChange={() => {}} />,
    );

  it('offers a filter only from FILTER_FROM boxes on', () => {
    expect(group(FILTER_FROM)).toContain('Filter languages');
    expect(group(FILTER_FROM - 1)).not.toContain('Filter languages');
  });
  it('shows what matches the typed text, accents and case aside, and the ticked ones whatever was typed', () => {
    expect(optionsShown(options, [], 'francais').shown.map((o) => o.value)).toEqual(['fr-FR']);
    expect(optionsShown(options, [], 'FR-fr').matched).toBe(1);
    const withTicked = optionsShown(options, ['l-7'], 'zzz');
    expect(withTicked.shown.map((o) => o.value)).toEqual(['l-7']);
    expect(withTicked.matched).toBe(0);
    expect(optionsShown(options, [], '  ').shown).toHaveLength(FILTER_FROM);
  });
});
