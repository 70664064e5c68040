// An OAuth-only provider's user-info endpoint, called with the access token the server got.
import { HttpError, unauthorized } from '../errors';
import { fetchJson } from '../http-json';
import type { OAuthProvider } from './providers';
import type { TokenAnswer } from './token-exchange';

export async function fetchUserinfo(
  provider: OAuthProvider,
  tokens: TokenAnswer,
  timeoutMs: number,
): Promise<Record<string, unknown>> {
  const service = `${provider.verifier} user info`;
  const url = new URL(provider.userinfoUrl);
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...provider.userinfoHeaders,
  };
  if (provider.dialect === 'wechat') {
    // WeChat: the token and the user's openid go in the query.
    if (!tokens.openid)
      throw new HttpError(502, `${provider.verifier} gave no openid with its token`);
    url.searchParams.set('access_token', tokens.access_token);
    url.searchParams.set('openid', tokens.openid);
  } else {
    headers.authorization = `Bearer ${tokens.access_token}`;
  }
  const { status, body } = await fetchJson(service, url, { headers }, timeoutMs);
  if (status === 401 || status === 403)
    throw unauthorized(`${provider.verifier} refused its own access token (${status})`);
  const info = body as Record<string, unknown> | undefined;
  if (status !== 200 || !info || typeof info !== 'object' || Array.isArray(info))
    throw new HttpError(502, `${service} answered ${status}`);
  if (info.errcode !== undefined && info.errcode !== 0)
    throw unauthorized(
      `${provider.verifier} refused its own access token (${String(info.errmsg ?? info.errcode)})`,
    );
  return info;
}
