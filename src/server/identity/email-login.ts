// Email passwordless: one mail carries a 6-digit code and a magic link.
//   start:  stores the login (the code as an HMAC, the link token as a SHA-256) with the
//           wallet's PKCE code challenge, then sends the mail;
//   link:   the magic link's page (in any browser) marks the login verified, once;
//   finish: the browser that started (it holds the code verifier) finishes with the code, or,
//           once the link was opened, without it ('Please verify your email first' before).
// Every code tried uses up one of the login's attempts before it is compared.
import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  MAGIC_LINK_PARAM,
  type EmailLinkBody,
  type EmailLinkReply,
  type EmailLoginFinishBody,
  type EmailLoginStartBody,
  type EmailLoginStartReply,
  type LoginReply,
} from '../../shared/api';
import type { Db } from '../db';
import { badRequest, conflict, HttpError, notFound, unauthorized } from '../errors';
import { loginMail } from '../mail/login-mail';
import type { Mailer } from '../mail/mailer';
import type { LoginConfig } from './config';
import type { IdentityTokenMinter } from './identity-tokens';
import { randomId, verifierMatches } from './social-login';

/** The HTML standard's "valid email address", with at least one dot in the domain. */
const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

const NOT_STARTED =
  'This login was not started here, has expired or was already finished: start again';
const gone = (message: string) => new HttpError(410, message);

export interface EmailLoginDeps {
  db: Db;
  config: LoginConfig;
  minter: IdentityTokenMinter;
  /** Undefined when no SMTP server is configured: email login answers 503. */
  mailer?: Mailer;
  /** Keys the code hashes, so a copy of the table alone does not give the codes away. */
  hmacKey: string;
  now?: () => number;
}

export class EmailLogin {
  constructor(private readonly deps: EmailLoginDeps) {}

  #now(): Date {
    return new Date((this.deps.now ?? Date.now)());
  }

  #codeHash(loginId: string, code: string): string {
    return createHmac('sha256', this.deps.hmacKey).update(`${loginId}:${code}`).digest('hex');
  }

  async start(body: EmailLoginStartBody): Promise<EmailLoginStartReply> {
    this.deps.minter.assertAvailable();
    const { mailer } = this.deps;
    if (!mailer)
      throw new HttpError(503, 'Email login is not configured on this server (ORRERY_SMTP_URL)');
    const email = body.email.trim().toLowerCase();
    if (email.length > 254 || !EMAIL_PATTERN.test(email)) throw badRequest('Invalid email address');
    const { config } = this.deps;
    if (!config.redirectUris.includes(body.redirectUri))
      throw badRequest(`body.redirectUri is not an allowed redirect URI: ${body.redirectUri}`);
    const now = this.#now();
    const { sent } = await this.deps.db
      .selectFrom('email_logins')
      .select((eb) => eb.fn.countAll<string>().as('sent'))
      .where('email', '=', email)
      .where('created_at', '>', new Date(now.getTime() - 3_600_000))
      .executeTakeFirstOrThrow();
    if (Number(sent) >= config.email.maxMailsPerHour)
      throw new HttpError(429, 'Too many login emails to this address: retry in an hour');

    const loginId = randomId();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const linkToken = randomId();
    const codeExpiresAt = new Date(now.getTime() + config.email.codeTtlSeconds * 1000);
    const linkExpiresAt = new Date(now.getTime() + config.email.linkTtlSeconds * 1000);
    // Stored before the mail leaves: the code and link it carries always name a known login.
    await this.deps.db
      .insertInto('email_logins')
      .values({
        id: loginId,
        email,
        code_hash: this.#codeHash(loginId, code),
        code_expires_at: codeExpiresAt,
        link_hash: sha256Hex(linkToken),
        code_challenge: body.codeChallenge,
        expires_at: linkExpiresAt,
      })
      .execute();
    const link = new URL(body.redirectUri);
    link.searchParams.set(MAGIC_LINK_PARAM, linkToken);
    await mailer.send(
      loginMail({
        to: email,
        code,
        link: link.toString(),
        codeTtlSeconds: config.email.codeTtlSeconds,
        linkTtlSeconds: config.email.linkTtlSeconds,
      }),
    );
    return {
      loginId,
      codeExpiresAt: codeExpiresAt.toISOString(),
      linkExpiresAt: linkExpiresAt.toISOString(),
    };
  }

  async openLink(body: EmailLinkBody): Promise<EmailLinkReply> {
    const now = this.#now();
    const row = await this.deps.db
      .selectFrom('email_logins')
      .select(['id', 'email', 'expires_at', 'verified_at', 'used_at'])
      .where('link_hash', '=', sha256Hex(body.token))
      .executeTakeFirst();
    if (!row) throw notFound('This login link is not valid');
    if (row.verified_at || row.used_at) throw gone('This login link was already used');
    if (row.expires_at <= now) throw gone('This login link has expired: request a new one');
    const opened = await this.deps.db
      .updateTable('email_logins')
      .set({ verified_at: now })
      .where('id', '=', row.id)
      .where('verified_at', 'is', null)
      .where('used_at', 'is', null)
      .returning('email')
      .executeTakeFirst();
    if (!opened) throw gone('This login link was already used');
    return { verified: true, email: opened.email };
  }

  async finish(body: EmailLoginFinishBody): Promise<LoginReply> {
    this.deps.minter.assertAvailable();
    const now = this.#now();
    const { db, config } = this.deps;
    const row = await db
      .selectFrom('email_logins')
      .selectAll()
      .where('id', '=', body.loginId)
      .executeTakeFirst();
    if (!row || row.used_at || row.expires_at <= now) throw badRequest(NOT_STARTED);
    if (!verifierMatches(body.codeVerifier, row.code_challenge))
      throw badRequest('body.codeVerifier does not match this login');

    if (body.code !== undefined) {
      if (row.code_expires_at <= now)
        throw gone('The verification code has expired: request a new one');
      // Use up an attempt first: concurrent guesses cannot exceed the limit.
      const attempt = await db
        .updateTable('email_logins')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', row.id)
        .where('attempts', '<', config.email.maxCodeAttempts)
        .where('used_at', 'is', null)
        .returning('attempts')
        .executeTakeFirst();
      if (!attempt) throw new HttpError(429, 'Too many incorrect codes: request a new code');
      const given = Buffer.from(this.#codeHash(row.id, body.code));
      if (!timingSafeEqual(given, Buffer.from(row.code_hash)))
        throw unauthorized('Error, incorrect verification code entered');
    } else if (!row.verified_at) {
      throw conflict('Please verify your email first');
    }

    const claimed = await db
      .updateTable('email_logins')
      .set({ used_at: now })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .returning('email')
      .executeTakeFirst();
    if (!claimed) throw badRequest(NOT_STARTED);
    return this.deps.minter.mint({
      verifier: 'email_passwordless',
      typeOfLogin: 'email_passwordless',
      verifierId: claimed.email,
      name: claimed.email,
      email: claimed.email,
      profileImage: '',
    });
  }
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
