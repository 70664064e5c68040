// Twitter/X user lookup by screen name: GET {baseUrl}/2/users/by/username/{name} with an app
// bearer token → { data: { id, name, username } }, or { errors: [{ title, detail }] }.
import { HttpError, notFound } from '../errors';
import { fetchJson } from '../http-json';

export interface TwitterUser {
  id: string;
  name: string;
  screen_name: string;
}

export interface TwitterLookup {
  user(screenName: string): Promise<TwitterUser>;
}

interface TwitterAnswer {
  data?: { id?: string; name?: string; username?: string };
  errors?: Array<{ title?: string; detail?: string }>;
  /** Problem answers (e.g. 401) carry title/detail at the top level. */
  title?: string;
  detail?: string;
}

export class TwitterApi implements TwitterLookup {
  constructor(
    private readonly options: { baseUrl: string; bearerToken: string; timeoutMs: number },
  ) {}

  async user(screenName: string): Promise<TwitterUser> {
    const url = new URL(
      `/2/users/by/username/${encodeURIComponent(screenName)}`,
      this.options.baseUrl,
    );
    const { status, body } = await fetchJson(
      'Twitter',
      url,
      {
        headers: {
          authorization: `Bearer ${this.options.bearerToken}`,
          accept: 'application/json',
        },
      },
      this.options.timeoutMs,
    );
    const answer = (body ?? {}) as TwitterAnswer;
    const { id, name, username } = answer.data ?? {};
    if (status === 200 && id && username)
      return { id, name: name ?? username, screen_name: username };
    const first = answer.errors?.[0];
    if (status === 404 || first?.title === 'Not Found Error')
      throw notFound(`Twitter user @${screenName} not found`);
    throw new HttpError(
      502,
      `Twitter answered ${status}: ${first?.detail ?? answer.detail ?? first?.title ?? answer.title ?? 'unexpected answer'}`,
    );
  }
}
