import { describe, expect, it } from 'vitest';
import { renderInvitationMail } from './invitationMail';

describe('the invitation mail', () => {
  const recipient = { name: 'kim', address: 'kim@press.test' };
  it('names the sender and the assets, carries the link, and shows the note as text', () => {
    const mail = renderInvitationMail(
      {
        from: 'Cora <Coordinator>',
        note: 'See <script>x()</script>',
        assets: ['Main Trailer', 'Teaser A'],
        link: 'https://c.test/invite/abc',
        expires: 1_800_000_000,
      },
      recipient,
    );
    expect(mail.subject).toBe('Cora <Coordinator> shared 2 assets with you on MWS Console');
    expect(mail.text).toContain('- Main Trailer\n- Teaser A');
    expect(mail.text).toContain('https://c.test/invite/abc');
    expect(mail.html).toContain('href="https://c.test/invite/abc"');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('See &lt;script&gt;x()&lt;/script&gt;');
    expect(mail.html).toContain('Cora &lt;Coordinator&gt;');
  });
  it('names a single asset, and lists at most ten', () => {
    expect(renderInvitationMail({ from: 'A', assets: ['Key art'], link: 'l' }, recipient).subject).toBe(
      'A shared “Key art” with you on MWS Console',
    );
    const many = renderInvitationMail(
      { from: 'A', assets: Array.from({ length: 12 }, (_, i) => `Asset ${i}`), link: 'l' },
      recipient,
    );
    expect(many.text).toContain('- and 2 more');
    expect(many.text).not.toContain('Asset 10');
  });
  it('invites to the console itself when an admin added the person (no assets)', () => {
    const mail = renderInvitationMail({ from: 'Ada <Admin>', assets: [], link: 'https://c.test/invite/x' }, recipient);
    expect(mail.subject).toBe('Ada <Admin> invited you to MWS Console');
    expect(mail.text).toContain('Ada <Admin> invited you (kim@press.test) to MWS Console');
    expect(mail.text).toContain('added your address to MWS Console');
    expect(mail.text).not.toContain(' - ');
    expect(mail.html).toContain('Ada &lt;Admin&gt; invited you');
    expect(mail.html).not.toContain('<ul>');
  });
});
