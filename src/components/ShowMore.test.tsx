/** The "Show more" button under a list read page by page: what it says in each state, and nothing at the end. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ShowMore } from './ShowMore';

const page = (offset: number, n: number, total: number | undefined) => ({
  items: Array.from({ length: n }, (_, i) => ({ ok: true as const, data: { _id: `r${offset + i}` }, problems: [] })),
  offset,
  total,
  nextOffset: total === undefined || offset + n < total ? offset + n : undefined,
});
const query = (over: Partial<Parameters<typeof ShowMore>[0]['query']> = {}) => ({
  data: { pages: [page(0, 100, 150)], pageParams: [0] },
  hasNextPage: true,
  isFetchingNextPage: false,
  isFetchNextPageError: false,
  fetchNextPage: () => Promise.resolve(),
  ...over,
});
const html = (q: ReturnType<typeof query>) => renderToStaticMarkup(<ShowMore query={q} noun="files" />);

describe('ShowMore', () => {
  it('says how many are left when the total is known, and only "more" when it is not', () => {
    expect(html(query())).toContain('Show more files (50 more)');
    expect(html(query({ data: { pages: [page(0, 100, undefined)], pageParams: [0] } }))).toContain(
      'Show more files</button>',
    );
  });
  it('says it is loading (aria-disabled: the focus stays on it), or that the page failed with a retry', () => {
    expect(html(query({ isFetchingNextPage: true }))).toMatch(/aria-disabled="true">Loading more files…/);
    const failed = html(query({ isFetchNextPageError: true }));
    expect(failed).toContain('Could not load more files.');
    expect(failed).toContain('Try again to load more files');
  });
  it('is nothing once every page is here', () => {
    expect(html(query({ hasNextPage: false }))).toBe('');
  });
});
