/**
 * The mail that invites a newcomer (docs/API.md "Invitations", "Sending a share"): a share that named them by e-mail
 * (who shared what with them, the sender's note), or an admin who added them (no assets); and the one link that lets
 * them in (the invitation, which leads to the playlist once they have set a password). Sent at once from the queue,
 * whatever their (default) mail settings: it is the only way in.
 */
import { escapeHtml, type Recipient, type RenderedMail } from './render';

export interface InvitationMailInput {
  /** The sender's name. */
  from: string;
  /** The sender's note, as typed (shown as text). */
  note?: string | undefined;
  /** The names of the shared assets; none: an invitation to the console itself, by an admin. */
  assets: string[];
  /** The absolute invitation link. */
  link: string;
  /** When the link lapses (epoch seconds), if it does. */
  expires?: number | undefined;
}

const MAX_LISTED = 10;

export function renderInvitationMail(input: InvitationMailInput, recipient: Recipient): RenderedMail {
  const count = input.assets.length;
  const what = count === 1 ? `“${input.assets[0]}”` : `${count} assets`;
  const shared = count > 0;
  const subject = shared
    ? `${input.from} shared ${what} with you on MWS Console`
    : `${input.from} invited you to MWS Console`;
  const lead = shared
    ? `${input.from} shared ${what} with you (${recipient.address}) on MWS Console, to watch and say what you think.`
    : `${input.from} invited you (${recipient.address}) to MWS Console, where your studio's localization work is ` +
      `ordered, done and reviewed.`;
  const why = shared
    ? `You get this because ${input.from} named your address on a share.`
    : `You get this because ${input.from} added your address to MWS Console.`;
  const listed = input.assets.slice(0, MAX_LISTED);
  const more = count > MAX_LISTED ? count - MAX_LISTED : 0;
  const lapses = input.expires ? new Date(input.expires * 1000).toUTCString().replace(' GMT', ' UTC') : undefined;
  const text = [
    `Hello,`,
    '',
    lead,
    ...(listed.length ? ['', ...listed.map((a) => `- ${a}`), ...(more ? [`- and ${more} more`] : [])] : []),
    ...(input.note ? ['', `Their note: ${input.note}`] : []),
    '',
    `Accept the invitation and choose your password: ${input.link}`,
    ...(lapses ? [`The link works until ${lapses}.`] : []),
    '',
    '--',
    `${why} If it was not meant for you, ignore it.`,
    '',
  ].join('\n');
  const html =
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>` +
    `<div style="font-family:system-ui,sans-serif;max-width:560px;color:#1f2328">` +
    `<p>Hello,</p><p>${escapeHtml(lead)}</p>` +
    (listed.length
      ? `<ul>${listed.map((a) => `<li>${escapeHtml(a)}</li>`).join('')}${more ? `<li>and ${more} more</li>` : ''}</ul>`
      : '') +
    (input.note ? `<p><em>Their note:</em> ${escapeHtml(input.note)}</p>` : '') +
    `<p><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:8px 14px;background:#3a4fd0;` +
    `color:#fff;border-radius:6px;text-decoration:none">Accept the invitation</a></p>` +
    (lapses ? `<p style="color:#59636e">The link works until ${escapeHtml(lapses)}.</p>` : '') +
    `<p style="color:#59636e;font-size:12px;border-top:1px solid #d0d7de;padding-top:8px;margin-top:16px">` +
    `${escapeHtml(why)} If it was not meant for you, ignore it.</p></div></body></html>`;
  return { subject, text, html };
}
