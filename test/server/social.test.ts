// GET /twitter and POST /revoke/discord on both backends, through their adapters, against a
// local server speaking Twitter API v2 and Discord OAuth2 shapes.
import { signToken } from '../../src/server/auth/jwt';
import { DiscordApi } from '../../src/server/social/discord';
import { TwitterApi } from '../../src/server/social/twitter';
import { BACKENDS, TEST_JWT_SECRET, useTestServer } from './helpers';
import { DISCORD_CLIENT, startSocialApis, TWITTER_TOKEN, type SocialApis } from './social-apis';
import { newAccount, signIn } from './session';

describe.each(BACKENDS)('social routes on %s', (backend) => {
  let apis: SocialApis;
  let token: string;
  beforeAll(async () => {
    apis = await startSocialApis();
  });
  afterAll(async () => {
    await apis?.close();
  });
  const suite = useTestServer(backend, () => ({
    social: {
      twitterApiUrl: apis.url,
      twitterBearerToken: TWITTER_TOKEN,
      discordApiUrl: `${apis.url}/api/v10`,
      discordClientId: DISCORD_CLIENT.id,
      discordClientSecret: DISCORD_CLIENT.secret,
      timeoutMs: 2000,
    },
  }));
  const { request } = suite;
  beforeAll(async () => {
    token = (await signIn(request)).token;
  });

  it('looks up a Twitter user with or without the @', async () => {
    const expected = { id: '2244994945', name: 'Orrery Wallet', screen_name: 'orrery_wallet' };
    expect(await request('GET', '/twitter?screen_name=%40orrery_wallet', { token })).toMatchObject({
      status: 200,
      body: expected,
    });
    expect((await request('GET', '/twitter?screen_name=orrery_wallet', { token })).body).toEqual(
      expected,
    );
    expect(await request('GET', '/twitter?screen_name=nobody_here', { token })).toMatchObject({
      status: 404,
      body: { error: 'Twitter user @nobody_here not found' },
    });
  });

  it('revokes a Discord token', async () => {
    const res = await request('POST', '/revoke/discord', {
      token,
      body: { token: 'discord-access-1' },
    });
    expect(res).toMatchObject({ status: 200, body: { revoked: true } });
    expect(apis.revoked).toContain('discord-access-1:access_token');
  });

  it('refuses bad input, no token and an expired token', async () => {
    const badName = await request('GET', '/twitter?screen_name=not%20a%20name', { token });
    expect(badName.body.error).toMatch(/^querystring\.screen_name must match pattern/);
    const missing = await request('POST', '/revoke/discord', { token, body: {} });
    expect(missing.body).toEqual({ error: 'body.token is required' });
    expect((await request('GET', '/twitter?screen_name=orrery_wallet')).status).toBe(401);
    const expired = signToken(
      newAccount().address.toLowerCase(),
      TEST_JWT_SECRET,
      60,
      Date.now() - 3_600_000,
    );
    expect(
      (await request('POST', '/revoke/discord', { token: expired, body: { token: 'x' } })).body,
    ).toEqual({
      error: 'Token expired',
    });
  });

  it('answers 503 when the services are not configured', async () => {
    await suite.withApp({}, async (bare) => {
      expect((await bare('GET', '/twitter?screen_name=orrery_wallet', { token })).status).toBe(503);
      expect((await bare('POST', '/revoke/discord', { token, body: { token: 'x' } })).status).toBe(
        503,
      );
    });
  });
});

describe('social adapters', () => {
  let apis: SocialApis;
  beforeAll(async () => {
    apis = await startSocialApis();
  });
  afterAll(() => apis.close());

  it('reports a refused Twitter token and refused Discord credentials as 502', async () => {
    const twitter = new TwitterApi({ baseUrl: apis.url, bearerToken: 'wrong', timeoutMs: 2000 });
    await expect(twitter.user('orrery_wallet')).rejects.toMatchObject({
      statusCode: 502,
      message: 'Twitter answered 401: Unauthorized',
    });
    const discord = new DiscordApi({
      baseUrl: `${apis.url}/api/v10`,
      clientId: '1',
      clientSecret: 'no',
      timeoutMs: 2000,
    });
    await expect(discord.revoke('t')).rejects.toMatchObject({
      statusCode: 502,
      message: 'Discord revoke failed (401): invalid_client',
    });
  });
});
