/**
 * The mails people read (docs/API.md "Mail"): one template per kind of event, each giving an HTML and a plain-text
 * part from the same parts: the notification's title, who acted, the project and order by name, when (in the
 * recipient's time zone, UTC when they have none), a link into the app, and a one-click unsubscribe link. User text
 * is always escaped: it never becomes HTML.
 */
import type { MailPreferenceKey } from '../../../src/api/schema/user';
import type { Doc } from '../../storage/store';
import { mailKindOf } from './preferences';

/** What each kind's mail says around its items. */
const TEMPLATES: Readonly<Record<MailPreferenceKey, { heading: string; action: string }>> = {
  work_requests: { heading: 'An order changed', action: 'Open the order' },
  work_request_comments: { heading: 'A new comment on an order', action: 'Read the comment' },
  workflow: { heading: 'Work moved on', action: 'Open the order' },
  shares: { heading: 'Something was shared with you', action: 'Open your shares' },
  files: { heading: 'News about files', action: 'Open the console' },
  assets: { heading: 'News about assets', action: 'Open the console' },
  projects: { heading: 'News about a project', action: 'Open the console' },
  ingest: { heading: 'News about uploads', action: 'Open the console' },
  offline_comments: { heading: 'A new offline comment', action: 'Open the console' },
  others: { heading: 'News from MWS Console', action: 'Open the console' },
};

const PERIOD_NAMES: Readonly<Record<number, string>> = { 3600: 'hourly', 86400: 'daily', 604800: 'weekly' };

export interface Recipient {
  name: string;
  address: string;
  /** An IANA zone (`Europe/Paris`); UTC when absent or unknown. */
  timeZone?: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** The zone a recipient reads times in: theirs when the runtime knows it, else UTC. */
export function readableZone(zone: string | undefined): string {
  if (!zone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

export function formatWhen(seconds: number, zone: string | undefined): string {
  const timeZone = readableZone(zone);
  const text = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(seconds * 1000),
  );
  return `${text} (${timeZone})`;
}

interface Item {
  title: string;
  actor?: string;
  project: string;
  order?: string;
  when: string;
  link: string;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

/** A notification as the mail shows it: names, never ids; the app link from its event's `urls`. */
function itemOf(n: Doc, origin: string, zone: string | undefined): Item {
  const event = (n.event ?? {}) as Record<string, unknown>;
  const wr = (event.workRequest ?? {}) as Record<string, unknown>;
  const project = (Array.isArray(event.projects) ? event.projects[0] : undefined) as { name?: unknown } | undefined;
  const urls = (event.urls ?? {}) as Record<string, unknown>;
  const share = str(event.share);
  // A share received opens its playlist; feedback on one sent, the share's answers.
  const sharePath = share && (event.type === 'share' ? `/shares/${share}/playlist` : `/shares/${share}`);
  const path =
    str(urls.view) ??
    (event.type === 'share' || event.type === 'share-feedback' ? (sharePath ?? '/shares') : '/notifications');
  const language = str(wr.language);
  const territory = str(wr.territory);
  return {
    title: str(n.title) ?? str(n.emailSubject) ?? 'A notification',
    actor: str((event.from as { name?: unknown } | undefined)?.name),
    project: str(project?.name) ?? 'No project',
    order: language || territory ? `${language ?? '?'}/${territory ?? '?'}` : undefined,
    when: formatWhen(Number(n.added ?? n.created), zone),
    link: new URL(path.startsWith('/') ? path : `/${path}`, origin).toString(),
  };
}

const LAYOUT_STYLE =
  'font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f2328;max-width:600px;margin:0 auto;padding:16px';

function itemText(item: Item, action: string): string {
  const lines = [item.title];
  if (item.actor) lines.push(`By ${item.actor}`);
  lines.push(`Project: ${item.project}${item.order ? ` · ${item.order}` : ''}`, item.when, `${action}: ${item.link}`);
  return lines.join('\n');
}

function itemHtml(item: Item, action: string): string {
  const meta = [item.actor ? `By ${item.actor}` : undefined, item.when].filter(Boolean).join(' · ');
  return (
    `<div style="border:1px solid #d0d7de;border-radius:6px;padding:12px;margin:8px 0">` +
    `<p style="margin:0 0 4px;font-weight:600">${escapeHtml(item.title)}</p>` +
    `<p style="margin:0 0 8px;color:#59636e;font-size:13px">${escapeHtml(meta)}</p>` +
    `<a href="${escapeHtml(item.link)}" style="color:#0969da">${escapeHtml(action)}</a></div>`
  );
}

function footer(unsubscribe: string, what: string): { text: string; html: string } {
  return {
    text: `\n--\nYou get this because of your e-mail settings in MWS Console.\nStop ${what} mails: ${unsubscribe}\n`,
    html:
      `<p style="color:#59636e;font-size:12px;border-top:1px solid #d0d7de;padding-top:8px;margin-top:16px">` +
      `You get this because of your e-mail settings in MWS Console. ` +
      `<a href="${escapeHtml(unsubscribe)}" style="color:#59636e">Stop ${escapeHtml(what)} mails</a>.</p>`,
  };
}

function page(title: string, body: string): string {
  return (
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body><div style="${LAYOUT_STYLE}">${body}</div></body></html>`
  );
}

/** What a kind is called in the footer ("Stop work request comments mails"). */
export function kindWords(kind: MailPreferenceKey): string {
  return kind.replace(/_/g, ' ');
}

/** One notification's own mail: its `emailSubject`, its kind's template. */
export function renderNotificationMail(
  n: Doc,
  recipient: Recipient,
  origin: string,
  unsubscribe: string,
): RenderedMail {
  const kind = mailKindOf(String(n.type));
  const template = TEMPLATES[kind];
  const item = itemOf(n, origin, recipient.timeZone);
  const subject = str(n.emailSubject) ?? item.title;
  const end = footer(unsubscribe, kindWords(kind));
  const greeting = `Hello ${recipient.name},`;
  return {
    subject,
    text: `${greeting}\n\n${template.heading}:\n\n${itemText(item, template.action)}\n${end.text}`,
    html: page(
      subject,
      `<p>${escapeHtml(greeting)}</p><h2 style="font-size:18px">${escapeHtml(template.heading)}</h2>` +
        `<p style="color:#59636e;margin:0">${escapeHtml(item.project)}${item.order ? ` · ${escapeHtml(item.order)}` : ''}</p>` +
        itemHtml(item, template.action) +
        end.html,
    ),
  };
}

/**
 * A digest: the notifications of one period, grouped by project and, within one, by order (oldest first), each
 * with its kind's action. `unsubscribe` gives each kind's one-click link; the footer offers those of the kinds shown.
 */
export function renderDigestMail(
  notifications: Doc[],
  frequency: number,
  recipient: Recipient,
  origin: string,
  unsubscribe: (kind: MailPreferenceKey) => string,
): RenderedMail {
  const period = PERIOD_NAMES[frequency] ?? `every ${frequency} s`;
  const items = notifications
    .slice()
    .sort((a, b) => Number(a.added ?? a.created) - Number(b.added ?? b.created))
    .map((n) => ({ n, item: itemOf(n, origin, recipient.timeZone), kind: mailKindOf(String(n.type)) }));
  const byProject = new Map<string, typeof items>();
  for (const entry of items) {
    const group = `${entry.item.project}${entry.item.order ? ` · ${entry.item.order}` : ''}`;
    byProject.set(group, [...(byProject.get(group) ?? []), entry]);
  }
  const groups = [...byProject.entries()].sort(([a], [b]) => a.localeCompare(b));
  const subject = `Your ${period} MWS Console digest: ${items.length} notification${items.length === 1 ? '' : 's'}`;
  const kinds = [...new Set(items.map((i) => i.kind))];
  const greeting = `Hello ${recipient.name},`;
  const text = [
    greeting,
    '',
    `What happened since your last ${period} digest:`,
    ...groups.flatMap(([group, entries]) => [
      '',
      `== ${group} ==`,
      ...entries.map((e) => `\n${itemText(e.item, TEMPLATES[e.kind].action)}`),
    ]),
    ...kinds.map((k) => footer(unsubscribe(k), kindWords(k)).text),
  ].join('\n');
  const html = page(
    subject,
    `<p>${escapeHtml(greeting)}</p><p>What happened since your last ${escapeHtml(period)} digest:</p>` +
      groups
        .map(
          ([group, entries]) =>
            `<h2 style="font-size:16px;margin:16px 0 4px">${escapeHtml(group)}</h2>` +
            entries.map((e) => itemHtml(e.item, TEMPLATES[e.kind].action)).join(''),
        )
        .join('') +
      kinds.map((k) => footer(unsubscribe(k), kindWords(k)).html).join(''),
  );
  return { subject, text, html };
}
