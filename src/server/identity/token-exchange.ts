// The authorization code exchange at a provider's token endpoint, made by the server with the
// client secret (which never reaches the browser) and the wallet's PKCE code verifier.
import { HttpError, unauthorized } from '../errors';
import { fetchJson } from '../http-json';
import type { IdentityProvider } from './providers';

/** A token endpoint's answer (RFC 6749 §5.1; OpenID Connect adds id_token; WeChat openid). */
export interface TokenAnswer {
  access_token: string;
  id_token?: string;
  /** WeChat: the user's id for this app, needed to read the user info. */
  openid?: string;
  [field: string]: unknown;
}

export interface CodeExchange {
  tokenUrl: string;
  code: string;
  redirectUri: string;
  codeVerifier: string;
}

function refusal(provider: IdentityProvider, status: number, body: unknown): HttpError {
  const { error, error_description, errcode, errmsg } = (body ?? {}) as Record<string, unknown>;
  const detail = [error ?? errcode, error_description ?? errmsg].filter(Boolean).join(': ');
  // A 4xx is the code's fault (used, expired, for another client): the user starts again.
  if ((status >= 400 && status < 500) || errcode !== undefined)
    return unauthorized(
      `${provider.verifier} refused the authorization code (${detail || status})`,
    );
  return new HttpError(
    502,
    `${provider.verifier} token endpoint answered ${status}${detail ? `: ${detail}` : ''}`,
  );
}

export async function exchangeCode(
  provider: IdentityProvider,
  exchange: CodeExchange,
  timeoutMs: number,
): Promise<TokenAnswer> {
  const service = `${provider.verifier} token endpoint`;
  let answer: { status: number; body: unknown };
  if (provider.flavour === 'oauth' && provider.dialect === 'wechat') {
    // WeChat: GET with appid and secret in the query; errors come as 200 { errcode, errmsg }.
    const url = new URL(exchange.tokenUrl);
    url.searchParams.set('appid', provider.clientId);
    url.searchParams.set('secret', provider.clientSecret);
    url.searchParams.set('code', exchange.code);
    url.searchParams.set('grant_type', 'authorization_code');
    answer = await fetchJson(service, url, { headers: { accept: 'application/json' } }, timeoutMs);
  } else {
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code: exchange.code,
      redirect_uri: exchange.redirectUri,
    });
    if (provider.pkce) form.set('code_verifier', exchange.codeVerifier);
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    };
    if (provider.tokenAuth === 'client_secret_basic') {
      // RFC 6749 §2.3.1: each part form-encoded before the Basic encoding.
      const user = encodeURIComponent(provider.clientId);
      const secret = encodeURIComponent(provider.clientSecret);
      headers.authorization = `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`;
    } else {
      form.set('client_id', provider.clientId);
      form.set('client_secret', provider.clientSecret);
    }
    answer = await fetchJson(
      service,
      exchange.tokenUrl,
      { method: 'POST', headers, body: form.toString() },
      timeoutMs,
    );
  }
  const body = answer.body as Partial<TokenAnswer> & Record<string, unknown>;
  if (answer.status !== 200 || !body || body.errcode !== undefined)
    throw refusal(provider, answer.status, body);
  if (typeof body.access_token !== 'string' || !body.access_token)
    throw new HttpError(502, `${service} answered without an access_token`);
  return body as TokenAnswer;
}
