// A minimal browser for the development identity provider: follows its redirects with a cookie
// jar and submits its sign-in and consent forms, as a user would, until the provider sends the
// user back to the wallet's redirect URI.
export interface ProviderRedirect {
  /** The redirect URI's query: code and state, or error and error_description. */
  params: URLSearchParams;
  url: string;
}

export class DevIdpBrowser {
  readonly #cookies = new Map<string, string>();

  constructor(private readonly redirectPrefix: string) {}

  async #go(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.#cookies.size)
      headers.set('cookie', [...this.#cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const pair = cookie.split(';')[0] ?? '';
      const at = pair.indexOf('=');
      this.#cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  }

  async #post(url: string, form: Record<string, string> = {}): Promise<Response> {
    return this.#go(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  }

  /**
   * Opens the authorization URL, signs in as `email` and allows access (or denies it), and
   * returns where the provider sends the user back to.
   */
  async signIn(
    authorizationUrl: string,
    email: string,
    { deny = false }: { deny?: boolean } = {},
  ): Promise<ProviderRedirect> {
    let url = authorizationUrl;
    for (let step = 0; step < 12; step++) {
      const response = await this.#go(url);
      const location = response.headers.get('location');
      if (response.status === 200) {
        const page = await response.text();
        const action = /action="(\/interaction\/[^"/]+)\/(login|consent)"/.exec(page);
        if (!action) throw new Error(`Unexpected provider page at ${url}: ${page.slice(0, 300)}`);
        const base = new URL(url).origin + action[1];
        const answer = deny
          ? await this.#post(`${base}/abort`)
          : action[2] === 'login'
            ? await this.#post(`${base}/login`, { email })
            : await this.#post(`${base}/consent`);
        const next = answer.headers.get('location');
        if (answer.status !== 303 || !next)
          throw new Error(`Form answered ${answer.status}: ${await answer.text()}`);
        url = new URL(next, url).toString();
        continue;
      }
      if (response.status >= 300 && response.status < 400 && location) {
        const target = new URL(location, url).toString();
        if (target.startsWith(this.redirectPrefix))
          return { url: target, params: new URL(target).searchParams };
        url = target;
        continue;
      }
      throw new Error(`Provider answered ${response.status} at ${url}: ${await response.text()}`);
    }
    throw new Error('Too many steps at the identity provider');
  }
}
