/** The preview player of the catalog and the playlists: sound, or video, and a note while a picture is on its way. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MediaPlayer } from './MediaPlayer';

describe('MediaPlayer', () => {
  it('plays sound with a note when a picture is on its way, and says nothing of one otherwise', () => {
    const pending = renderToStaticMarkup(
      <MediaPlayer src="/v" media={{ mime: 'audio/wav', duration: 5400, picturePending: true }} />,
    );
    expect(pending).toContain('<audio');
    expect(pending).toContain('The picture is being prepared');
    const sound = renderToStaticMarkup(<MediaPlayer src="/v" media={{ mime: 'audio/wav', duration: 5400 }} />);
    expect(sound).toContain('<audio');
    expect(sound).not.toContain('picture');
    const video = renderToStaticMarkup(
      <MediaPlayer src="/v" media={{ mime: 'video/webm', duration: 5400, width: 320, height: 180 }} />,
    );
    expect(video).toContain('<video');
    expect(video).not.toContain('being prepared');
  });
});
