/**
 * The bundle floor (docs/BENCHMARKS.md, "Bundle"): the least any page built on our libraries can weigh. It imports
 * only react, react-dom, react-router, @tanstack/react-query, @tanstack/react-virtual and zod, and renders one
 * infinite, virtualized list of work requests fetched with X-Range and parsed with zod — the app's first route
 * without the app. bench/bundle.ts builds it with the app's own vite.config.ts.
 */
import { QueryClient, QueryClientProvider, useInfiniteQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { StrictMode, useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { z } from 'zod';

// Written with the functions zod's classic and mini builds share, so bench/bundle.ts can also build it on zod/mini.
const row = z.looseObject({
  _id: z.optional(z.string()),
  status: z.optional(z.string()),
  language: z.optional(z.string()),
  asset: z.optional(z.looseObject({ name: z.optional(z.string()) })),
});
const page = z.array(row);
const PAGE = 50;

async function fetchPage(offset: number, signal: AbortSignal) {
  const session = JSON.parse(sessionStorage.getItem('mws.session') ?? '{}') as { authorization?: string };
  const res = await fetch('/api/workrequests?sort=-created', {
    signal,
    headers: {
      Authorization: session.authorization ?? '',
      'X-Requested-With': 'XMLHttpRequest',
      'X-Range': `resources=${offset}-${offset + PAGE - 1}`,
    },
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const total = Number(/\/(\d+)$/.exec(res.headers.get('Content-Range') ?? '')?.[1] ?? 0);
  const items = page.parse(await res.json());
  return { items, next: offset + items.length < total ? offset + items.length : undefined };
}

function List() {
  const query = useInfiniteQuery({
    queryKey: ['workRequests'],
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next,
  });
  const rows = query.data?.pages.flatMap((p) => p.items) ?? [];
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length + (query.hasNextPage ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 56,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const last = items[items.length - 1]?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (last >= rows.length - 1 && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [last, rows.length, hasNextPage, isFetchingNextPage, fetchNextPage]);
  return (
    <div ref={scrollRef} role="grid" aria-label="Work requests" style={{ height: '90vh', overflow: 'auto' }}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((item) => {
          const wr = rows[item.index];
          return (
            <div
              key={item.key}
              role="row"
              aria-selected={wr ? false : undefined}
              style={{
                position: 'absolute',
                top: 0,
                height: 56,
                width: '100%',
                transform: `translateY(${item.start}px)`,
              }}
            >
              {wr ? `${wr.asset?.name ?? '—'} · ${wr.language ?? '—'} · ${wr.status ?? '—'}` : 'Loading more…'}
            </div>
          );
        })}
      </div>
    </div>
  );
}

const queryClient = new QueryClient();
const router = createBrowserRouter([{ path: '*', Component: List }]);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
