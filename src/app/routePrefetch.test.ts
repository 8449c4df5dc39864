import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOut } from '../lib/session/sessionStore';
import { queryClient } from './queryClient';
import { prefetchLoader } from './routePrefetch';

const args = (url: string, params: Record<string, string>) =>
  ({ request: new Request(url), params, context: undefined }) as unknown as Parameters<
    ReturnType<typeof prefetchLoader>
  >[0];

describe('prefetchLoader', () => {
  afterEach(() => signOut());

  it('starts the prefetch with the URL and params, and does not wait for it', async () => {
    signIn({ authorization: 'Basic eDp5', username: 'x', remember: false, userId: 'u1' });
    let resolve = () => {};
    const prefetch = vi.fn(() => new Promise<void>((r) => (resolve = r)));
    const result = await prefetchLoader(prefetch)(args('http://app.test/work-requests/abc?sort=due', { id: 'abc' }));
    expect(result).toBeNull();
    expect(prefetch).toHaveBeenCalledTimes(1);
    const [client, url, params] = prefetch.mock.calls[0] as unknown as [unknown, URL, Record<string, string>];
    expect(client).toBe(queryClient);
    expect(url.searchParams.get('sort')).toBe('due');
    expect(params).toEqual({ id: 'abc' });
    resolve();
  });

  it('does nothing when signed out (the page redirects to sign-in)', async () => {
    const prefetch = vi.fn(() => Promise.resolve());
    expect(await prefetchLoader(prefetch)(args('http://app.test/work-requests', {}))).toBeNull();
    expect(prefetch).not.toHaveBeenCalled();
  });
});
