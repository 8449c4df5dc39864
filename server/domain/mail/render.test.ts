import { describe, expect, it } from 'vitest';
import { renderDigestMail, renderNotificationMail } from './render';

const notification = (over: Record<string, unknown> = {}) => ({
  _id: 'a'.repeat(24),
  created: 1_764_331_200,
  added: 1_764_331_200, // 2025-11-28 12:00 UTC
  type: 'wr-comment',
  title: 'Eve <script>alert(1)</script> commented on "Trailer" & more',
  emailSubject: 'Eve commented on Trailer',
  event: {
    from: { name: 'Eve <b>' },
    projects: [{ _id: 'b'.repeat(24), name: 'Northlight <i>' }],
    workRequest: { language: 'fr-FR', territory: 'FR' },
    urls: { view: '/work-requests/abc' },
  },
  ...over,
});

describe('mail templates', () => {
  it('escape user text in the HTML part and keep it as it is in the text part', () => {
    const mail = renderNotificationMail(
      notification(),
      { name: 'Cora', address: 'c@x' },
      'https://c.test',
      'https://c.test/u',
    );
    expect(mail.subject).toBe('Eve commented on Trailer');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain(
      'Eve &lt;script&gt;alert(1)&lt;/script&gt; commented on &quot;Trailer&quot; &amp; more',
    );
    expect(mail.html).not.toContain('<b>');
    expect(mail.text).toContain('Eve <script>alert(1)</script> commented');
    expect(mail.text).toContain('Read the comment: https://c.test/work-requests/abc');
    expect(mail.text).toContain('Project: Northlight <i> · fr-FR/FR');
  });

  it("show times in the recipient's time zone, UTC when they have none or an unknown one", () => {
    const paris = renderNotificationMail(
      notification(),
      { name: 'C', address: 'c@x', timeZone: 'Europe/Paris' },
      'https://c.test',
      'u',
    );
    expect(paris.text).toContain('13:00 (Europe/Paris)');
    const none = renderNotificationMail(
      notification(),
      { name: 'C', address: 'c@x', timeZone: 'Mars/Olympus' },
      'https://c.test',
      'u',
    );
    expect(none.text).toContain('12:00 (UTC)');
  });

  it('group a digest by project and order, with an unsubscribe link per kind shown', () => {
    const other = notification({
      event: { projects: [{ name: 'Alpha' }], workRequest: { language: 'de-DE', territory: 'DE' } },
    });
    const mail = renderDigestMail(
      [notification(), other, notification({ type: 'wr-status' })],
      3600,
      { name: 'C', address: 'c@x' },
      'https://c.test',
      (k) => `https://c.test/unsub/${k}`,
    );
    expect(mail.subject).toBe('Your hourly MWS Console digest: 3 notifications');
    expect(mail.text.indexOf('== Alpha · de-DE/DE ==')).toBeLessThan(
      mail.text.indexOf('== Northlight <i> · fr-FR/FR =='),
    );
    expect(mail.text).toContain('https://c.test/unsub/work_request_comments');
    expect(mail.text).toContain('https://c.test/unsub/workflow');
  });
});
