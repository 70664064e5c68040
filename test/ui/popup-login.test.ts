// The login popup's channel, without a browser: answers count only from the wallet's origin,
// from the popup opened for this login, for its state; a closed popup ends the login within the
// spec's second; a failed start closes the popup it opened.
import {
  CLOSED_CHECK_MS,
  loginWithPopup,
  LOGIN_POPUP_FEATURES,
} from '../../src/ui/features/login/popup-login';
import {
  LOGIN_END_MESSAGE,
  loginEndFromQuery,
  loginStartFromQuery,
  loginStartUri,
  parseLoginEnd,
} from '../../src/ui/features/login/popup-channel';

const ORIGIN = 'http://127.0.0.1:4050';
const REDIRECT = `${ORIGIN}/end`;
const START = `${ORIGIN}/start?loginProvider=google`;

function setup({ startFails = false } = {}) {
  const popup = { closed: false, location: { href: '' }, close: jest.fn() };
  popup.close.mockImplementation(() => (popup.closed = true));
  const target = new EventTarget();
  const calls: string[] = [];
  const actions = {
    startSocialLogin: jest.fn(async (verifier: string, redirectUri: string) => {
      calls.push(`start ${verifier} ${redirectUri}`);
      if (startFails)
        throw Object.assign(new Error('Invalid verifier config'), {
          data: { code: 'identity.refused' },
        });
      return { authorizationUrl: 'http://idp.test/auth?x=1', state: 'state-1' };
    }),
    finishSocialLogin: jest.fn(async (state: string, code: string) => {
      calls.push(`finish ${state} ${code}`);
      return { address: '0x1111111111111111111111111111111111111111' as const, created: false };
    }),
    cancelSocialLogin: jest.fn(async (state: string) => {
      calls.push(`cancel ${state}`);
    }),
  };
  const open = jest.fn(() => popup as unknown as Window);
  const run = loginWithPopup(actions, 'google', {
    open,
    target,
    origin: ORIGIN,
    redirectUri: REDIRECT,
    startUri: START,
  });
  const answer = (data: unknown, { origin = ORIGIN, source = popup as unknown } = {}) => {
    const event = new Event('message') as Event & {
      data: unknown;
      origin: string;
      source: unknown;
    };
    Object.assign(event, { data, origin, source });
    target.dispatchEvent(event);
  };
  const started = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { popup, open, run, answer, calls, started };
}

describe('loginWithPopup', () => {
  afterEach(() => jest.useRealTimers());

  it('opens the popup on the call, points it at the provider, and finishes with its answer', async () => {
    const { popup, open, run, answer, calls, started } = setup();
    expect(open).toHaveBeenCalledWith(START, 'orrery-login', LOGIN_POPUP_FEATURES);
    await started();
    expect(popup.location.href).toBe('http://idp.test/auth?x=1');
    const end = { type: LOGIN_END_MESSAGE, state: 'state-1', code: 'the-code', error: null };
    answer(end, { origin: 'http://evil.test' }); // another origin
    answer(end, { source: {} }); // another window
    answer({ ...end, state: 'state-2' }); // another login
    answer({ ...end, type: 'other' });
    answer(end);
    await expect(run).resolves.toMatchObject({ created: false });
    expect(calls).toEqual([`start google ${REDIRECT}`, 'finish state-1 the-code']);
    expect(popup.closed).toBe(true);
  });

  it('ends the login when the popup is closed: user closed popup, within a second', async () => {
    const { popup, run, calls, started } = setup();
    await started();
    const closedAt = Date.now();
    popup.closed = true;
    await expect(run).rejects.toMatchObject({
      message: 'user closed popup',
      data: { code: 'identity.userClosedPopup' },
    });
    expect(Date.now() - closedAt).toBeLessThan(1000);
    expect(CLOSED_CHECK_MS).toBeLessThanOrEqual(500);
    expect(calls).toEqual([`start google ${REDIRECT}`, 'cancel state-1']);
  });

  it("reports the provider's refusal and cancels the login", async () => {
    const { run, answer, calls, started } = setup();
    await started();
    answer({ type: LOGIN_END_MESSAGE, state: 'state-1', code: null, error: 'access_denied' });
    await expect(run).rejects.toMatchObject({ data: { code: 'identity.providerRefused' } });
    expect(calls).toEqual([`start google ${REDIRECT}`, 'cancel state-1']);
  });

  it('closes the popup when the engine refuses to start, and passes the refusal on', async () => {
    const { popup, run } = setup({ startFails: true });
    await expect(run).rejects.toMatchObject({ data: { code: 'identity.refused' } });
    expect(popup.close).toHaveBeenCalled();
  });

  it('fails at once when the popup is blocked', async () => {
    await expect(
      loginWithPopup(
        { startSocialLogin: jest.fn(), finishSocialLogin: jest.fn(), cancelSocialLogin: jest.fn() },
        'google',
        {
          open: () => null,
          target: new EventTarget(),
          origin: ORIGIN,
          redirectUri: REDIRECT,
          startUri: START,
        },
      ),
    ).rejects.toMatchObject({ data: { code: 'identity.popupBlocked' } });
  });
});

describe('the /end page message', () => {
  it('carries code and state, or the error, from the query', () => {
    expect(loginEndFromQuery('?code=c&state=s')).toEqual({
      type: LOGIN_END_MESSAGE,
      state: 's',
      code: 'c',
      error: null,
    });
    expect(loginEndFromQuery('?error=access_denied&state=s')).toMatchObject({
      code: null,
      error: 'access_denied',
    });
    expect(loginEndFromQuery('?code=c')).toBeNull();
    expect(parseLoginEnd({ type: LOGIN_END_MESSAGE, state: 's' })).toBeNull();
    expect(parseLoginEnd('orrery:login-end')).toBeNull();
  });
});

describe('the /start page of the login popup', () => {
  it('is named under the base path with the provider it opens', () => {
    const uri = loginStartUri('discord', `${ORIGIN}/v5.0.2/wallet/home`);
    expect(uri).toBe(`${ORIGIN}/v5.0.2/wallet/start?loginProvider=discord`);
    expect(loginStartFromQuery(new URL(uri).search)).toBe('discord');
  });

  it('refuses a query naming no provider the wallet offers', () => {
    for (const search of [
      '',
      '?loginProvider=',
      '?loginProvider=email_passwordless',
      '?loginProvider=evil',
      '?verifier=google',
    ]) {
      expect(loginStartFromQuery(search)).toBeNull();
    }
  });
});
