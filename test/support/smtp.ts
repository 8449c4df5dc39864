/**
 * A real SMTP server for the mail tests (the `smtp-server` package, in the test process, on a free port): it keeps
 * every message it accepts, parsed enough to check (headers and body as text). It can be stopped and started again
 * on the same port, to test delivery while the mail server is down.
 */
import { SMTPServer } from 'smtp-server';
import net from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** Headers, names lower-case (folded lines joined). */
  headers: Map<string, string>;
  subject: string;
}

function parse(raw: string, from: string, to: string[]): ReceivedMail {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.set(line.slice(0, at).toLowerCase(), line.slice(at + 1).trim());
  }
  return { from, to, raw, headers, subject: decodeWords(headers.get('subject') ?? '') };
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`), as nodemailer writes non-ASCII subjects. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/** Quoted-printable soft breaks and escapes undone: the text a test searches for links. */
export function bodyText(mail: ReceivedMail): string {
  return Buffer.from(
    mail.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');
}

export interface TestSmtp {
  port: number;
  url: string;
  received: ReceivedMail[];
  stop(): Promise<void>;
  start(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Starts the server (or, with `running: false`, only picks its port). */
export async function startSmtp(options: { running?: boolean } = {}): Promise<TestSmtp> {
  const port = await freePort();
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      server = new SMTPServer({
        authOptional: true,
        // No reverse DNS of the client per connection: loopback only, and no resolver to wait for.
        disableReverseLookup: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
            received.push(
              parse(
                Buffer.concat(chunks).toString('latin1'),
                from,
                session.envelope.rcptTo.map((r) => r.address),
              ),
            );
            callback();
          });
        },
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.close(() => resolve());
      server = undefined;
    });
  if (options.running !== false) await start();
  return { port, url: `smtp://127.0.0.1:${port}?ignoreTLS=true`, received, stop, start };
}

/** Polls until `check` holds (every 100 ms, up to `timeoutMs`): no sleeping for a guessed time. */
export async function eventually<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}
