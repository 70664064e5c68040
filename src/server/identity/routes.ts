// The login routes (identity/social-login.ts, identity/email-login.ts), the login offer
// (GET /identity/config) and the identity tokens' public keys (GET /identity/jwks.json).
import {
  EmailLinkBody,
  EmailLoginFinishBody,
  EmailLoginStartBody,
  LoginFinishBody,
  LoginStartBody,
  type LoginConfigReply,
} from '../../shared/api';
import type { App, AppContext } from '../context';
import { smtpMailer } from '../mail/mailer';
import { EmailLogin } from './email-login';
import { IdentityTokenMinter } from './identity-tokens';
import { OidcDirectory } from './oidc';
import { SocialLogin } from './social-login';

export function registerIdentityRoutes(app: App, ctx: AppContext): void {
  const login = ctx.config.login;
  const minter = new IdentityTokenMinter(login);
  const directory = new OidcDirectory({ timeoutMs: login.providerTimeoutMs });
  const social = new SocialLogin({ db: ctx.db, config: login, directory, minter });
  const mailer = login.email.smtpUrl
    ? smtpMailer({ url: login.email.smtpUrl, from: login.email.from })
    : undefined;
  app.addHook('onClose', async () => mailer?.close());
  const email = new EmailLogin({
    db: ctx.db,
    config: login,
    minter,
    mailer,
    hmacKey: ctx.config.jwtSecret,
  });
  const limited = { rateLimit: { max: login.rateLimitPerMinute, timeWindow: 60_000 } };

  app.get('/identity/config', async (): Promise<LoginConfigReply> => {
    const available = minter.unavailableReason() === null;
    const verifiers: LoginConfigReply['verifiers'] = available
      ? Object.values(login.providers).map((p) => ({
          verifier: p.verifier,
          typeOfLogin: p.verifier,
          flavour: p.flavour,
          clientId: p.clientId,
        }))
      : [];
    if (available && mailer)
      verifiers.push({
        verifier: 'email_passwordless',
        typeOfLogin: 'email_passwordless',
        flavour: 'email',
        clientId: '',
      });
    return {
      verifiers,
      keyNodes: login.keyNodes,
      keyThreshold: login.keyThreshold,
      redirectUris: login.redirectUris,
      emailCodeTtlSeconds: login.email.codeTtlSeconds,
      magicLinkTtlSeconds: login.email.linkTtlSeconds,
    };
  });

  app.get('/identity/jwks.json', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(minter.jwks()),
  );

  app.post(
    '/identity/login/start',
    { config: limited, schema: { body: LoginStartBody } },
    (request) => social.start(request.body),
  );
  app.post(
    '/identity/login/finish',
    { config: limited, schema: { body: LoginFinishBody } },
    (request) => social.finish(request.body),
  );
  app.post(
    '/identity/email/start',
    { config: limited, schema: { body: EmailLoginStartBody } },
    (request) => email.start(request.body),
  );
  app.post(
    '/identity/email/link',
    { config: limited, schema: { body: EmailLinkBody } },
    (request) => email.openLink(request.body),
  );
  app.post(
    '/identity/email/finish',
    { config: limited, schema: { body: EmailLoginFinishBody } },
    (request) => email.finish(request.body),
  );
}
