/** A due date in its zone and, when the viewer's clock differs, in the viewer's too. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formatDateTime, viewerTimeZone } from '../lib/dates';
import { ZonedDateTime } from './ZonedDateTime';

const T = 1_795_000_000; // 2026-11-18T11:06:40Z
const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('ZonedDateTime', () => {
  it("shows the zone's time, and the viewer's when their clocks differ", () => {
    const viewer = viewerTimeZone();
    const other = viewer === 'Asia/Tokyo' ? 'America/New_York' : 'Asia/Tokyo';
    const shown = text(renderToStaticMarkup(<ZonedDateTime value={{ date: T, tz: other }} />));
    expect(shown).toContain(`${formatDateTime(T, other)} (${other})`);
    expect(shown).toContain(`Your time: You: ${formatDateTime(T, viewer)}`);
  });

  it("one line when the zone's clock is the viewer's", () => {
    const shown = text(renderToStaticMarkup(<ZonedDateTime value={{ date: T, tz: viewerTimeZone() }} compact />));
    expect(shown).not.toContain('Your time');
  });

  it('an unknown zone is said, and the time shown in the viewer’s', () => {
    const shown = text(renderToStaticMarkup(<ZonedDateTime value={{ date: T, tz: 'Not/AZone' }} />));
    expect(shown).toContain(formatDateTime(T));
    expect(shown).toContain('unknown zone “Not/AZone”, shown in yours');
    expect(shown).not.toContain('Your time');
  });
});
