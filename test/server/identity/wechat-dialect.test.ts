// WeChat's OAuth variant (appid and secret in a GET token request, user info by access_token
// and openid, errors as { errcode, errmsg }), against a local server speaking its shapes.
import { createServer, type Server } from 'node:http';
import { generateSigningKey, loginConfigFromEnv } from '../../../src/server/identity/config';
import { useTestServer } from '../helpers';
import { pkce, REDIRECT_URI } from '../login/login-params';

describe('WeChat login', () => {
  let wechat: Server;
  let url = '';
  const seen: URL[] = [];
  beforeAll(async () => {
    wechat = createServer((req, res) => {
      const request = new URL(req.url ?? '/', url);
      seen.push(request);
      const q = request.searchParams;
      res.setHeader('content-type', 'application/json');
      // WeChat answers 200 with an errcode when something is wrong.
      if (request.pathname === '/sns/oauth2/access_token') {
        if (
          q.get('appid') !== 'wx-app' ||
          q.get('secret') !== 'wx-secret' ||
          q.get('code') !== 'good-code'
        )
          return res.end(JSON.stringify({ errcode: 40029, errmsg: 'invalid code' }));
        return res.end(
          JSON.stringify({
            access_token: 'ACCESS',
            expires_in: 7200,
            refresh_token: 'REFRESH',
            openid: 'oWECHAT-openid',
            scope: 'snsapi_login',
            unionid: 'uWECHAT-unionid',
          }),
        );
      }
      if (request.pathname === '/sns/userinfo') {
        if (q.get('access_token') !== 'ACCESS' || q.get('openid') !== 'oWECHAT-openid')
          return res.end(JSON.stringify({ errcode: 40003, errmsg: 'invalid openid' }));
        return res.end(
          JSON.stringify({
            openid: 'oWECHAT-openid',
            nickname: 'Wei',
            sex: 1,
            headimgurl: 'https://thirdwx.qlogo.cn/mmopen/wei/132',
            privilege: [],
            unionid: 'uWECHAT-unionid',
          }),
        );
      }
      res.statusCode = 404;
      res.end('{}');
    });
    await new Promise<void>((resolve) => wechat.listen(0, '127.0.0.1', () => resolve()));
    const address = wechat.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    wechat.closeAllConnections();
    await new Promise<void>((resolve) => wechat.close(() => resolve()));
  });
  const { request } = useTestServer('pglite', () => ({
    login: loginConfigFromEnv(
      {
        ORRERY_LOGIN_WECHAT_CLIENT_ID: 'wx-app',
        ORRERY_LOGIN_WECHAT_CLIENT_SECRET: 'wx-secret',
        ORRERY_LOGIN_WECHAT_AUTHORIZATION_URL: `${url}/connect/qrconnect`,
        ORRERY_LOGIN_WECHAT_TOKEN_URL: `${url}/sns/oauth2/access_token`,
        ORRERY_LOGIN_WECHAT_USERINFO_URL: `${url}/sns/userinfo`,
        ORRERY_KEY_NODES: 'node-1=http://127.0.0.1:9',
        ORRERY_IDENTITY_SIGNING_KEY: JSON.stringify(generateSigningKey().privateJwk),
        ORRERY_LOGIN_REDIRECT_URIS: REDIRECT_URI,
      },
      { dataDir: '/nonexistent/pglite', host: '127.0.0.1', port: 0 },
    ),
  }));

  async function start() {
    const { codeVerifier, codeChallenge } = pkce();
    const started = await request('POST', '/identity/login/start', {
      body: { verifier: 'wechat', redirectUri: REDIRECT_URI, codeChallenge },
    });
    expect(started.status).toBe(200);
    const finish = (code: string) =>
      request('POST', '/identity/login/finish', {
        body: { state: started.body.state, code, codeVerifier },
      });
    return {
      url: new URL(started.body.authorizationUrl),
      state: started.body.state as string,
      finish,
    };
  }

  it('builds WeChat’s authorization URL', async () => {
    const login = await start();
    expect(login.url.hash).toBe('#wechat_redirect');
    expect(Object.fromEntries(login.url.searchParams)).toEqual({
      appid: 'wx-app',
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'snsapi_login',
      state: login.state,
    });
  });

  it('logs in with the unionid as verifierId', async () => {
    const res = await (await start()).finish('good-code');
    expect(res.status).toBe(200);
    expect(res.body.identity).toEqual({
      verifier: 'wechat',
      typeOfLogin: 'wechat',
      verifierId: 'uWECHAT-unionid',
      name: 'Wei',
      email: '',
      profileImage: 'https://thirdwx.qlogo.cn/mmopen/wei/132',
    });
  });

  it('refuses a code WeChat refuses', async () => {
    expect(await (await start()).finish('bad-code')).toMatchObject({
      status: 401,
      body: { error: 'wechat refused the authorization code (40029: invalid code)' },
    });
  });
});
