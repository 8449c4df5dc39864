/** A select whose value is not among its options: "Loading…" while they load, then said to be missing. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SelectField } from './FormControls';

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
