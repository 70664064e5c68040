import { fireEvent, screen } from '@testing-library/react';
import { clearTimers } from 'mobx-react-lite';

import { lockedState, sampleUiState } from './fake-background';
import { renderApp } from './render-app';

afterAll(() => clearTimers());

const OFFERED = {
  verifiers: [
    { verifier: 'discord' as const, typeOfLogin: 'discord' as const, flavour: 'oauth' as const },
    { verifier: 'google' as const, typeOfLogin: 'google' as const, flavour: 'oidc' as const },
    {
      verifier: 'email_passwordless' as const,
      typeOfLogin: 'email_passwordless' as const,
      flavour: 'email' as const,
    },
  ],
  loginInProgress: false,
  userInfo: null,
  postboxAddress: null,
  plugin: null,
};

describe('social and email sign-in on the login screen', () => {
  it('shows no sign-in buttons when the deployment offers none', async () => {
    const { background, settle } = await renderApp('/');
    background.snapshot(1);
    await settle();
    expect(screen.queryByTestId('social-login')).toBeNull();
    expect(screen.getByRole('button', { name: 'Create wallet' })).toBeTruthy();
  });

  it('shows the offered providers, Google first, beside the unlock form', async () => {
    const { background, settle } = await renderApp('/');
    background.snapshot(1, lockedState({ LoginController: OFFERED }));
    await settle();
    expect(screen.getByRole('button', { name: 'Unlock' })).toBeTruthy();
    const buttons = screen
      .getAllByRole('button')
      .map((b) => b.textContent)
      .filter((text) => text?.startsWith('Continue with'));
    expect(buttons).toEqual(['Continue with Google', 'Continue with Discord']);
    expect(screen.getByRole('heading', { name: 'Sign in with email' })).toBeTruthy();
  });

  it('checks the email, sends the code, and finishes with it, translated errors included', async () => {
    const { background, settle } = await renderApp('/');
    background.snapshot(1, sampleUiState({ LoginController: OFFERED }));
    await settle();
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await settle();
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    expect(background.requests()).toEqual([]);

    fireEvent.change(screen.getByLabelText('Email address'), {
      target: { value: 'alice@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await settle();
    const [start] = background.requests();
    expect(start).toMatchObject({
      action: 'startEmailLogin',
      params: ['alice@example.com', expect.stringMatching(/\/end$/)],
    });
    background.send({
      type: 'response',
      id: start!.id,
      result: { loginId: 'l'.repeat(24), codeExpiresAt: '', linkExpiresAt: '' },
    });
    await settle();
    expect(
      screen.getByText(/We sent a 6-digit code and a sign-in link to alice@example.com/),
    ).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await settle();
    expect(screen.getByText('The code must be 6 digits.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await settle();
    const finish = background.requests()[1]!;
    expect(finish).toMatchObject({
      action: 'finishEmailLogin',
      params: ['l'.repeat(24), '123456'],
    });
    background.send({
      type: 'error',
      id: finish.id,
      error: {
        code: -32000,
        message: 'Error, incorrect verification code entered',
        data: { code: 'identity.refused' },
      },
    });
    await settle();
    expect(screen.getByText('Error, incorrect verification code entered')).toBeTruthy();
  });
});
