// Discord OAuth2 token revocation (RFC 7009): POST {baseUrl}/oauth2/token/revoke, form-encoded
// token + token_type_hint, client credentials by HTTP Basic auth. 200 on success (also for an
// unknown token); { error: 'invalid_client' } and the like on failure.
import { HttpError } from '../errors';
import { fetchJson } from '../http-json';

export interface DiscordRevoker {
  revoke(token: string): Promise<void>;
}

export class DiscordApi implements DiscordRevoker {
  constructor(
    private readonly options: {
      baseUrl: string;
      clientId: string;
      clientSecret: string;
      timeoutMs: number;
    },
  ) {}

  async revoke(token: string): Promise<void> {
    const credentials = Buffer.from(
      `${this.options.clientId}:${this.options.clientSecret}`,
    ).toString('base64');
    const { status, body } = await fetchJson(
      'Discord',
      `${this.options.baseUrl.replace(/\/$/, '')}/oauth2/token/revoke`,
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${credentials}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ token, token_type_hint: 'access_token' }).toString(),
      },
      this.options.timeoutMs,
    );
    if (status === 200) return;
    const error = (body as { error?: string; error_description?: string } | undefined) ?? {};
    throw new HttpError(
      502,
      `Discord revoke failed (${status}): ${error.error_description ?? error.error ?? 'no detail'}`,
    );
  }
}
