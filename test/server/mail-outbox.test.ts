// The e-mail outbox on PGlite (and the delivery rounds on PostgreSQL too) with the local SMTP catcher the login tests use: the worker the
// server starts delivers a mail queued by POST /transaction/sendemail; rounds run directly show
// the retry with backoff, the final failure, a refused object, an interrupted send never sent
// again, and concurrent workers sending each row exactly once.
import { createServer } from 'node:net';
import { sql } from 'kysely';
import type { Db } from '../../src/server/db';
import { generateSigningKey, loginConfigFromEnv } from '../../src/server/identity/config';
import { startMailCatcher, type RunningMailCatcher } from '../../src/server/mail/catcher';
import { smtpMailer, type Mailer } from '../../src/server/mail/mailer';
import { backoffMs, deliverOutbox } from '../../src/server/mail/outbox';
import { TRANSFER_EMAILS_PER_HOUR } from '../../src/server/routes/transaction';
import { TRANSFER_MAIL_SUBJECT } from '../../src/server/mail/transfer-mail';
import { BACKENDS, useTestServer } from './helpers';
import { signUp } from './session';

let mail: RunningMailCatcher;
beforeAll(async () => {
  mail = await startMailCatcher();
});
afterAll(async () => {
  await mail?.close();
});

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
let hashCounter = 0;
const freshHash = () => `0x${(++hashCounter).toString(16).padStart(8, '0')}${'ab'.repeat(28)}`;
const emailObject = (hash = freshHash(), extra: Record<string, unknown> = {}) => ({
  to: 'grace@example.com',
  subject: 'anything the wallet says',
  from: FROM,
  transactionHash: hash,
  etherscanLink: `https://explorer.example/tx/${hash}`,
  network: 'Anvil',
  amount: '0.25',
  symbol: 'ETH',
  ...extra,
});

const loginEnv = (smtpUrl?: string) => ({
  ...(smtpUrl ? { ORRERY_SMTP_URL: smtpUrl } : {}),
  ORRERY_MAIL_FROM: 'Orrery <wallet@orrery.test>',
  ORRERY_KEY_NODES: 'node-1=http://127.0.0.1:9,node-2=http://127.0.0.1:9,node-3=http://127.0.0.1:9',
  ORRERY_IDENTITY_SIGNING_KEY: JSON.stringify(generateSigningKey().privateJwk),
});
const where = { dataDir: '/nonexistent', host: '127.0.0.1', port: 0 };

async function waitFor<T>(read: () => Promise<T | undefined | null | false>, what: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const rowOf = (db: Db, id: number) =>
  db.selectFrom('email_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function queue(db: Db, object: Record<string, unknown>, userId: number): Promise<number> {
  const row = await db
    .insertInto('email_outbox')
    .values({ user_id: userId, email_object: JSON.stringify(object) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A port nothing listens on: an SMTP relay that is down. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 9;
}

const caughtFor = (hash: string) => mail.messages().filter((m) => m.text.includes(hash));

describe('the outbox worker the server starts', () => {
  const suite = useTestServer('pglite', () => ({
    login: loginConfigFromEnv(loginEnv(mail.smtpUrl), where),
    outboxIntervalMs: 100,
  }));

  it('delivers a queued transfer e-mail over SMTP and marks it sent', async () => {
    const alice = await signUp(suite.request);
    const hash = freshHash();
    const queued = await suite.request('POST', '/transaction/sendemail', {
      token: alice.token,
      body: { emailObject: emailObject(hash, { amount: '<b>1.5</b>' }) },
    });
    expect(queued.status).toBe(202);
    const sent = await mail.waitFor((m) => m.text.includes(hash), 20_000);
    expect(sent.to).toEqual(['grace@example.com']);
    expect(sent.from).toBe('"Orrery" <wallet@orrery.test>');
    // Our subject, not the wallet's; its text escaped in the HTML.
    expect(sent.subject).toBe(TRANSFER_MAIL_SUBJECT);
    expect(sent.text).toContain(`You have received <b>1.5</b> ETH on Anvil from ${FROM}.`);
    expect(sent.text).toContain(`https://explorer.example/tx/${hash}`);
    expect(sent.html).toContain('&#60;b&#62;1.5&#60;/b&#62; ETH');
    const row = await waitFor(async () => {
      const current = await rowOf(suite.server.database.db, queued.body.id);
      return current.status === 'sent' && current;
    }, 'the row marked sent');
    expect(row).toMatchObject({ attempts: 1, last_error: null });
    expect(row.sent_at).toBeInstanceOf(Date);
  });
});

describe.each(BACKENDS)('delivery rounds on %s (no worker running)', (backend) => {
  const suite = useTestServer(backend, () => ({
    login: loginConfigFromEnv(loginEnv(), where),
  }));
  let db: Db;
  let userId: number;
  let good: Mailer;
  let down: Mailer;
  beforeAll(async () => {
    db = suite.server.database.db;
    await signUp(suite.request);
    userId = (await db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id;
    good = smtpMailer({ url: mail.smtpUrl, from: 'wallet@orrery.test' });
    down = smtpMailer({
      url: `smtp://127.0.0.1:${await deadPort()}`,
      from: 'wallet@orrery.test',
      timeoutMs: 2000,
    });
  });
  afterAll(() => {
    good?.close();
    down?.close();
  });

  it('a failed send is queued again after a backoff that doubles; the last try fails it for good', async () => {
    const hash = freshHash();
    const id = await queue(db, emailObject(hash), userId);
    const options = { maxAttempts: 3, backoffMs: 60_000 };
    expect(await deliverOutbox(db, down, options)).toMatchObject({ retried: 1, sent: 0 });
    let row = await rowOf(db, id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row.last_error).toMatch(/Could not send the email/);
    const wait = row.next_attempt_at.getTime() - Date.now();
    expect(wait).toBeGreaterThan(50_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    // Not due yet: a round leaves it alone.
    expect(await deliverOutbox(db, good, options)).toMatchObject({ sent: 0, retried: 0 });

    await sql`update email_outbox set next_attempt_at = now() where id = ${id}`.execute(db);
    expect(await deliverOutbox(db, down, options)).toMatchObject({ retried: 1 });
    row = await rowOf(db, id);
    expect(row.attempts).toBe(2);
    expect(row.next_attempt_at.getTime() - Date.now()).toBeGreaterThan(110_000); // doubled
    expect(backoffMs(2, options)).toBe(120_000);

    await sql`update email_outbox set next_attempt_at = now() where id = ${id}`.execute(db);
    expect(await deliverOutbox(db, down, options)).toMatchObject({ failed: 1 });
    row = await rowOf(db, id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    await sql`update email_outbox set next_attempt_at = now() where id = ${id}`.execute(db);
    expect(await deliverOutbox(db, good, options)).toMatchObject({ sent: 0 });
    expect(caughtFor(hash)).toHaveLength(0);
  });

  it('a retried row goes out once the relay is back', async () => {
    const hash = freshHash();
    const id = await queue(db, emailObject(hash), userId);
    await deliverOutbox(db, down);
    await sql`update email_outbox set next_attempt_at = now() where id = ${id}`.execute(db);
    expect(await deliverOutbox(db, good)).toMatchObject({ sent: 1 });
    expect(await rowOf(db, id)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect(caughtFor(hash)).toHaveLength(1);
  });

  it('refuses an object that does not fit the template, without sending', async () => {
    const hash = freshHash();
    const id = await queue(db, emailObject(hash, { from: 'not an address' }), userId);
    const lineBreak = await queue(
      db,
      emailObject(freshHash(), { amount: '1\r\nBcc: x@y.z' }),
      userId,
    );
    expect(await deliverOutbox(db, good)).toMatchObject({ failed: 2, sent: 0 });
    expect((await rowOf(db, id)).last_error).toBe('refused: sender is not an address');
    expect((await rowOf(db, lineBreak)).status).toBe('failed');
    expect(caughtFor(hash)).toHaveLength(0);
  });

  it('a send interrupted mid-way (claim lapsed) is failed, never sent again', async () => {
    const hash = freshHash();
    const id = await queue(db, emailObject(hash), userId);
    await sql`update email_outbox set status = 'sending', attempts = 1,
      next_attempt_at = now() - interval '1 second' where id = ${id}`.execute(db);
    expect(await deliverOutbox(db, good)).toMatchObject({ interrupted: 1, sent: 0 });
    expect(await rowOf(db, id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(caughtFor(hash)).toHaveLength(0);
  });

  it('workers running at once send every row exactly once', async () => {
    const hashes = Array.from({ length: 12 }, () => freshHash());
    for (const hash of hashes) await queue(db, emailObject(hash), userId);
    const rounds = await Promise.all(
      [1, 2, 3].map(() => deliverOutbox(db, good, { batchSize: 5 })),
    );
    let total = rounds.reduce((sum, round) => sum + round.sent, 0);
    while (total < hashes.length) {
      const more = (await deliverOutbox(db, good)).sent;
      if (more === 0) break;
      total += more;
    }
    expect(total).toBe(hashes.length);
    await waitFor(
      async () => hashes.every((hash) => caughtFor(hash).length >= 1),
      'all mails caught',
    );
    for (const hash of hashes) expect(caughtFor(hash)).toHaveLength(1);
  });
});

describe('POST /transaction/sendemail', () => {
  const suite = useTestServer('pglite');

  it('queues at most TRANSFER_EMAILS_PER_HOUR mails per user in an hour, then refuses with 429', async () => {
    const mallory = await signUp(suite.request);
    for (let i = 0; i < TRANSFER_EMAILS_PER_HOUR; i++) {
      const queued = await suite.request('POST', '/transaction/sendemail', {
        token: mallory.token,
        body: { emailObject: emailObject() },
      });
      expect(queued.status).toBe(202);
    }
    const refused = await suite.request('POST', '/transaction/sendemail', {
      token: mallory.token,
      body: { emailObject: emailObject() },
    });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: 'Too many transfer e-mails in the last hour; try again later',
    });
    const { count } = await suite.server.database.db
      .selectFrom('email_outbox')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(TRANSFER_EMAILS_PER_HOUR);
    // The cap is per user: someone else still gets theirs queued.
    const bob = await signUp(suite.request);
    const other = await suite.request('POST', '/transaction/sendemail', {
      token: bob.token,
      body: { emailObject: emailObject() },
    });
    expect(other.status).toBe(202);
  });
});
