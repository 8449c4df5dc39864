/**
 * A newcomer a share names by e-mail is invited by mail (docs/API.md "Sending a share"), with a real SMTP server: the
 * mail names the sender and the assets and carries their invitation link; "invite again" mails the new link; while
 * they have not joined, no other mail reaches them (the share's own notification is not mailed to someone who
 * cannot sign in yet).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, call, type TestServer } from '../support/server';
import { startMailingServer } from '../support/mail';
import { bodyText, eventually, type TestSmtp } from '../support/smtp';

const ORIGIN = 'https://console.example.test';

describe('share invitations by mail', () => {
  let smtp: TestSmtp;
  let server: TestServer;

  beforeAll(async () => {
    ({ smtp, server } = await startMailingServer(ORIGIN));
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  it('mails the newcomer their invitation with the share, and the new link when invited again', async () => {
    const shares = await call(server, 'GET', '/api/shares', {
      as: DEMO.coordinator,
      headers: { 'X-Range': 'resources=0-49' },
    });
    const asset = (shares.body as { assets?: { _id: string; name?: string }[] }[]).flatMap((s) => s.assets ?? [])[0]!;
    const newcomer = `newcomer.${Date.now()}@press.example.test`;
    const created = await call(server, 'POST', '/api/shares', {
      as: DEMO.coordinator,
      body: { assets: [{ _id: asset._id }], to: [{ emailNormal: newcomer }], notes: 'For the <b>press</b> kit' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const [invitation] = created.body.$invitations as { user: string; inviteCode: string }[];

    const toNewcomer = () => smtp.received.filter((m) => m.to.includes(newcomer));
    const first = await eventually(() => toNewcomer()[0]);
    expect(first.subject).toMatch(/^Cora Coordinator shared “.+” with you on MWS Console$/);
    const text = bodyText(first);
    expect(text).toContain(`${ORIGIN}/invite/${encodeURIComponent(invitation!.inviteCode)}`);
    expect(text).toContain('For the &lt;b&gt;press&lt;/b&gt; kit'); // the note as text in the HTML part
    expect(text).toContain('Their note: For the <b>press</b> kit'); // and as typed in the plain part

    const again = await call(server, 'POST', `/api/shares/${created.body._id}/invitations/${invitation!.user}`, {
      as: DEMO.coordinator,
      body: {},
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const second = await eventually(() => toNewcomer()[1]);
    expect(bodyText(second)).toContain(`/invite/${encodeURIComponent(again.body.inviteCode)}`);
    expect(again.body.inviteCode).not.toBe(invitation!.inviteCode);

    // Nothing else goes to them while they have not joined: two invitations, and no mail of the share's notification
    // queued (at once or in a digest).
    expect(toNewcomer().map((m) => m.subject.includes(' shared '))).toEqual([true, true]);
    const jobs = (await call(server, 'GET', '/api/mail/jobs', { as: DEMO.admin })).body as { key?: string }[];
    expect(jobs.filter((j) => j.key?.includes(invitation!.user) && !j.key.startsWith('mail-invitation:'))).toEqual([]);
  });

  it('mails a person an admin adds their invitation to the console, and the new link when an admin sends another', async () => {
    const address = `added.${Date.now()}@vendor.example.test`;
    const created = await call(server, 'PUT', '/api/users', {
      as: DEMO.admin,
      body: { emailNormal: address, name: 'Added Person' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const toThem = () => smtp.received.filter((m) => m.to.includes(address));
    const first = await eventually(() => toThem()[0]);
    expect(first.subject).toMatch(/ invited you to MWS Console$/);
    expect(bodyText(first)).toContain(`${ORIGIN}/invite/${encodeURIComponent(created.body.inviteCode)}`);

    const again = await call(server, 'POST', `/api/users/${created.body._id}/invitation`, { as: DEMO.admin, body: {} });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const second = await eventually(() => toThem()[1]);
    expect(bodyText(second)).toContain(`/invite/${encodeURIComponent(again.body.inviteCode)}`);
    expect(toThem()).toHaveLength(2);
  });
});
