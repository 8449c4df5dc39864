import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { ANSWER_TIMEOUT_MS, configureApiClient } from '../../api/client';
import { editorMediaOptions, heldPreview, ingestedVideoOf, keepWhilePending, newestMedia } from './mediaQueries';
import type { File } from '../../api/schema/file';
import type { Preview } from '../../api/schema/preview';

const media = { mime: 'video/webm', duration: 30, peaks: '/api/previews/x/peaks?sig=1' };

describe('newestMedia', () => {
  it('takes the highest revision (as numbers) with media, then the latest created', () => {
    const previews: Preview[] = [
      { _id: 'a', revision: 'v9', created: 3, path: '/a', media },
      { _id: 'b', revision: 'v10', created: 1, path: '/b', media },
      { _id: 'c', revision: 'v11', created: 2, path: '/c' },
      { _id: 'd', revision: 'v10', created: 2, path: '/d', media: { ...media, poster: '/d/poster' } },
    ];
    const found = newestMedia(previews);
    expect(found?.preview._id).toBe('d');
    expect(found).toMatchObject({ path: '/d', mime: 'video/webm', duration: 30, posterPath: '/d/poster' });
  });

  it('gives the shot changes the server found in a picture it made, in milliseconds; none otherwise', () => {
    const made = { ...media, shotChanges: [5.008, 7.008, 10] };
    expect(newestMedia([{ _id: 'a', path: '/a', media: made }])?.shotChanges).toEqual([5008, 7008, 10000]);
    expect(newestMedia([{ _id: 'a', path: '/a', media }])?.shotChanges).toEqual([]);
  });

  it('is undefined without a preview that has media and a link', () => {
    expect(
      newestMedia([
        { _id: 'a', path: '/a' },
        { _id: 'b', media },
      ]),
    ).toBeUndefined();
    expect(newestMedia([])).toBeUndefined();
  });
});

describe('editorMediaOptions', () => {
  afterEach(() => {
    configureApiClient({ fetch: (...args) => globalThis.fetch(...args), answerTimeoutMs: ANSWER_TIMEOUT_MS });
  });

  it('finds the newest media of an asset with more than one page of previews (oldest first)', async () => {
    const count = 130;
    configureApiClient({
      fetch: (_input, init) => {
        const range = new Headers(init?.headers).get('X-Range') ?? 'resources=0-9';
        const [first, last] = range.replace('resources=', '').split('-').map(Number) as [number, number];
        const end = Math.min(last, first + 99, count - 1);
        const items = Array.from({ length: end - first + 1 }, (_, i) => ({
          _id: `p${first + i}`,
          revision: `v${first + i + 1}`,
          created: first + i,
          path: `/api/previews/p${first + i}/view?sig=1`,
          media,
        }));
        return Promise.resolve(
          new Response(JSON.stringify(items), {
            headers: { 'Content-Type': 'application/json', 'Content-Range': `resources ${first}-${end}/${count}` },
          }),
        );
      },
    });
    const found = await new QueryClient().fetchQuery(editorMediaOptions('asset-1'));
    expect(found.media?.preview._id).toBe('p129');
    expect(found.held).toBeNull();
  });
});

describe('a picture on its way (media served as sound meanwhile)', () => {
  const sound = { mime: 'audio/wav', duration: 5400, picturePending: true };
  const read = (id: string, path: string, m: Preview['media']) => newestMedia([{ _id: id, path, media: m }]) ?? null;

  it('is said by the record, and the preview is read again until it comes', () => {
    const pending = read('f', '/f?sig=1', sound);
    expect(pending?.picturePending).toBe(true);
    expect(read('f', '/f?sig=1', media)?.picturePending).toBe(false);
    const options = editorMediaOptions('asset-1');
    const interval = options.refetchInterval as (query: { state: { data: unknown } }) => number | false;
    expect(interval({ state: { data: { media: pending, held: null } } })).toBe(15_000);
    expect(interval({ state: { data: { media: read('f', '/f', media), held: null } } })).toBe(false);
    expect(interval({ state: { data: undefined } })).toBe(false);
  });

  it('keeps the record read first while the picture is still on its way (its link: the player is not reloaded)', () => {
    const first = read('f', '/f?sig=1', sound);
    const again = read('f', '/f?sig=2', sound);
    expect(keepWhilePending(first, again)).toBe(first);
    const arrived = read('f', '/f?sig=3', { ...media, shotChanges: [5] });
    expect(keepWhilePending(first, arrived)).toBe(arrived);
    const other = read('g', '/g?sig=1', sound);
    expect(keepWhilePending(first, other)).toBe(other);
    expect(keepWhilePending(undefined, first)).toBe(first);
  });
});

describe('a preview held by an embargo', () => {
  it('is told apart from no preview at all, with when it lifts', () => {
    const locked = { until: 1_900_000_000, event: false, locked: true };
    expect(heldPreview([{ _id: 'a', media, $embargo: locked }])).toEqual({ until: 1_900_000_000 });
    expect(heldPreview([{ _id: 'a', media, $embargo: { ...locked, until: null, event: true } }])).toEqual({
      until: null,
    });
    // A reader who may pass sees the embargo but is not held by it.
    expect(heldPreview([{ _id: 'a', path: '/a', media, $embargo: { ...locked, locked: false } }])).toBeNull();
    expect(heldPreview([])).toBeNull();
  });
});

describe('the asset’s ingested video', () => {
  const video = (id: string, finished: number, extra: Record<string, unknown> = {}): File => ({
    _id: id,
    $ingest: {
      state: 'succeeded',
      finished,
      probe: { type: 'video', frameRate: 29.97 },
      shotChanges: [2, 4.5],
      ...extra,
    },
  });

  it('is the newest succeeded video: its shot changes in ms and its frame rate', () => {
    const files: File[] = [
      video('old', 100, { shotChanges: [1] }),
      video('new', 200),
      video('sound', 300, { probe: { type: 'audio' } }),
      video('failed', 400, { state: 'failed' }),
      { _id: 'document' },
    ];
    expect(ingestedVideoOf(files)).toEqual({ shotChanges: [2000, 4500], frameRate: 29.97 });
  });

  it('is nothing when no video was ingested', () => {
    expect(ingestedVideoOf([{ _id: 'x' }])).toEqual({ shotChanges: [], frameRate: undefined });
  });
});
