import { describe, expect, it } from 'vitest';
import { newestMedia } from './mediaQueries';
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
