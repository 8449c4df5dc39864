import { describe, expect, it } from 'vitest';
import { filtersFromParams, hasActiveFilters, viewFromParams, withFilters } from './filters';

describe('filters in the URL', () => {
  it('drops statuses the spec does not have (a mistyped bookmark), keeping the rest', () => {
    expect(filtersFromParams(new URLSearchParams('status=in_progress,approved,')).status).toEqual(['approved']);
    expect(filtersFromParams(new URLSearchParams('status=in_progress')).status).toBeUndefined();
  });

  it('reads filters, normalising the status list and defaulting the sort', () => {
    const f = filtersFromParams(
      new URLSearchParams('status=submitted,awaiting-materials,submitted&q=%20trailer%20&language=fr-FR'),
    );
    expect(f).toEqual({
      status: ['awaiting-materials', 'submitted'],
      project: undefined,
      language: 'fr-FR',
      territory: undefined,
      q: 'trailer',
      sort: '-created',
    });
    expect(hasActiveFilters(f)).toBe(true);
  });
  it('reads the assignee filter (me, none or a user id) and counts it as a filter', () => {
    const of = (value: string) => filtersFromParams(new URLSearchParams(`assignee=${value}`)).assignee;
    expect(of('me')).toBe('me');
    expect(of('none')).toBe('none');
    expect(of('0123456789abcdef01234567')).toBe('0123456789abcdef01234567');
    expect(of('someone')).toBeUndefined();
    expect(hasActiveFilters(filtersFromParams(new URLSearchParams('assignee=none')))).toBe(true);
    expect(withFilters(new URLSearchParams('assignee=me&q=x'), { assignee: undefined }).toString()).toBe('q=x');
  });
  it('ignores an unknown sort', () => {
    expect(filtersFromParams(new URLSearchParams('sort=price')).sort).toBe('-created');
  });
  it('writes patches, removing empty values and the default sort', () => {
    const next = withFilters(new URLSearchParams('view=all&q=x&sort=due'), {
      q: undefined,
      status: ['a', 'b'],
      sort: '-created',
    });
    expect(next.toString()).toBe('view=all&status=a%2Cb');
  });
  it('knows the automation view', () => {
    expect(viewFromParams(new URLSearchParams('view=automation'))).toBe('automation');
    expect(viewFromParams(new URLSearchParams(''))).toBe('all');
  });
  it('reads the dashboard’s assignee and due range, leaving out a moment that is not whole seconds', () => {
    const f = filtersFromParams(new URLSearchParams('assignee=none&dueFrom=1767225600&dueTo=1767312000'));
    expect(f).toMatchObject({ assignee: 'none', dueFrom: 1_767_225_600, dueTo: 1_767_312_000 });
    expect(hasActiveFilters(f)).toBe(true);
    expect(filtersFromParams(new URLSearchParams('dueFrom=soon&dueTo=1.5'))).toMatchObject({
      dueFrom: undefined,
      dueTo: undefined,
    });
    expect(withFilters(new URLSearchParams('dueTo=5'), { dueFrom: 1, dueTo: undefined }).toString()).toBe('dueFrom=1');
  });
});
