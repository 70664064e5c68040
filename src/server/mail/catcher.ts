// A local mail catcher for development and tests: an SMTP server (smtp-server) that keeps the
// last messages it receives, parsed (mailparser), and optionally a page that shows them
// (GET / as HTML, GET /messages.json). It never relays anything.
import { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  id: number;
  receivedAt: string;
  from: string;
  /** The envelope's recipients. */
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface RunningMailCatcher {
  /** For nodemailer: smtp://host:port */
  smtpUrl: string;
  /** The page showing the mail, when one was asked for. */
  webUrl?: string;
  /** Newest first. */
  messages(): CaughtMail[];
  /** The first message (already caught or arriving) that `match` accepts, within `timeoutMs`. */
  waitFor(match: (mail: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

const MAX_MESSAGE_BYTES = 1024 * 1024;
const escape = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** Escaped text with its http(s) links made clickable. */
const linkify = (text: string): string =>
  escape(text).replace(/https?:\/\/[^\s<>"]+/g, (url) => `<a href="${url}">${url}</a>`);

function listPage(messages: CaughtMail[]): string {
  const items = messages
    .map(
      (m) => `<article><h2>${escape(m.subject)}</h2>
<p>To ${escape(m.to.join(', '))} · from ${escape(m.from)} · ${escape(m.receivedAt)}</p>
<pre>${linkify(m.text)}</pre></article>`,
    )
    .join('<hr>');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="refresh" content="5"><title>Orrery mail catcher</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}
pre{white-space:pre-wrap;background:#f4f4f6;padding:.75rem}</style></head><body>
<h1>Mail sent by Orrery (local only)</h1>
${items || '<p>No mail yet. This page refreshes every 5 seconds.</p>'}
</body></html>`;
}

export async function startMailCatcher(
  options: { host?: string; smtpPort?: number; webPort?: number; keep?: number } = {},
): Promise<RunningMailCatcher> {
  const host = options.host ?? '127.0.0.1';
  const keep = options.keep ?? 100;
  const caught: CaughtMail[] = [];
  const arrivals = new EventEmitter();
  let nextId = 1;

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const mail: CaughtMail = {
            id: nextId++,
            receivedAt: new Date().toISOString(),
            from: parsed.from?.text ?? '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          };
          caught.unshift(mail);
          caught.length = Math.min(caught.length, keep);
          arrivals.emit('mail', mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  smtp.on('error', (error) => console.error('[mail catcher]', error.message));
  await new Promise<void>((resolve, reject) => {
    smtp.server.once('error', reject);
    smtp.listen(options.smtpPort ?? 0, host, () => resolve());
  });
  const smtpAddress = smtp.server.address();
  const smtpPort = typeof smtpAddress === 'object' && smtpAddress ? smtpAddress.port : 0;

  let web: Server | undefined;
  let webUrl: string | undefined;
  if (options.webPort !== undefined) {
    web = createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      if (req.method === 'GET' && path === '/messages.json') {
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        return res.end(JSON.stringify(caught));
      }
      if (req.method === 'GET' && path === '/') {
        res.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-store',
        });
        return res.end(listPage(caught));
      }
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    });
    const server = web;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.webPort, host, () => resolve());
    });
    const address = server.address();
    webUrl = `http://${host}:${typeof address === 'object' && address ? address.port : 0}`;
  }

  return {
    smtpUrl: `smtp://${host}:${smtpPort}`,
    webUrl,
    messages: () => [...caught],
    waitFor(match, timeoutMs = 10_000) {
      const found = caught.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const onMail = (mail: CaughtMail) => {
          if (!match(mail)) return;
          clearTimeout(timer);
          arrivals.off('mail', onMail);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          arrivals.off('mail', onMail);
          reject(new Error(`No matching mail within ${timeoutMs} ms`));
        }, timeoutMs);
        arrivals.on('mail', onMail);
      });
    },
    async close() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      if (web) {
        const server = web;
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
  };
}
