// The embed's login modal (src/ui/embed-frame/login/mount.tsx) against a scripted background:
// the step follows the session (create, unlock, first account), it is gone once the user is in,
// and closing it says so. The modal in the iframe under torus-embed: embed.e2e.
import { act, fireEvent, screen } from '@testing-library/react';
import { clearTimers } from 'mobx-react-lite';

import { showLoginModal } from '../../src/ui/embed-frame/login/mount';
import { acquireView } from '../../src/ui/embed-frame/shared-view';
import { FakeBackground, SAMPLE_ADDRESS, flushMessages, lockedState } from './fake-background';

afterAll(() => clearTimers());

const HOST = 'http://localhost:5000';
const settle = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await flushMessages();
  });

describe('embed login modal', () => {
  it('offers create, then unlock, then the first account as the session moves, and is gone once the user is in', async () => {
    const background = new FakeBackground();
    const shown = showLoginModal({ viewPort: background.viewPort, origin: HOST, loginConfig: {} });
    let entered: boolean | undefined;
    void shown.then((value) => (entered = value));
    background.snapshot(1, lockedState({}));
    background.patches(2, [
      { op: 'replace', path: ['KeyringController', 'hasVault'], value: false },
    ]);
    await settle();
    await screen.findByRole('dialog', { name: 'Create your wallet to continue' });
    expect(screen.getByText(`${HOST} asks you to sign in to your wallet.`)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create wallet' })).toBeTruthy();

    background.patches(3, [
      { op: 'replace', path: ['KeyringController', 'hasVault'], value: true },
    ]);
    await settle();
    await screen.findByRole('dialog', { name: 'Unlock your wallet to continue' });
    expect(screen.getByRole('button', { name: 'Unlock' })).toBeTruthy();

    background.patches(4, [
      { op: 'replace', path: ['KeyringController', 'isUnlocked'], value: true },
      { op: 'replace', path: ['KeyringController', 'accounts'], value: [] },
    ]);
    await settle();
    await screen.findByRole('dialog', { name: 'Add an account to continue' });
    expect(entered).toBeUndefined();

    background.patches(5, [
      {
        op: 'replace',
        path: ['KeyringController', 'accounts'],
        value: [{ address: SAMPLE_ADDRESS, accountType: 'imported' }],
      },
      { op: 'replace', path: ['PreferencesController', 'selectedAddress'], value: SAMPLE_ADDRESS },
    ]);
    // The modal goes 50 ms after the login (spec part 1 §4), inside act: React unmounts it.
    await act(async () => {
      await shown;
    });
    expect(entered).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
    // It asked nothing itself and unsubscribed: the engine stops what it sent this view.
    expect(background.requests()).toEqual([]);
    expect(background.received.at(-1)).toEqual({ type: 'unsubscribe' });
  });

  it('tells the caller the user closed it (Esc)', async () => {
    const background = new FakeBackground();
    const shown = showLoginModal({ viewPort: background.viewPort, origin: HOST, loginConfig: {} });
    background.snapshot(1, lockedState({}));
    await settle();
    const dialog = await screen.findByRole('dialog', { name: 'Unlock your wallet to continue' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(await shown).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lists the deployment’s sign-in ways as the host’s loginConfig arranges them (renamed, hidden, first), beside the local way in', async () => {
    const background = new FakeBackground();
    const loginConfig = Object.freeze({
      discord: Object.freeze({
        verifier: 'discord',
        typeOfLogin: 'discord',
        name: 'Discord',
        showOnModal: false,
      }),
      github: Object.freeze({
        verifier: 'github',
        typeOfLogin: 'github',
        name: 'GitHub (our community)',
        mainOption: true,
        priority: 0,
      }),
      // Not offered by this deployment: a host cannot add a way in.
      wechat: Object.freeze({ verifier: 'wechat', typeOfLogin: 'wechat', name: 'WeChat' }),
    });
    const shown = showLoginModal({ viewPort: background.viewPort, origin: HOST, loginConfig });
    const state = lockedState({});
    state.LoginController.verifiers = [
      { verifier: 'google', typeOfLogin: 'google', flavour: 'oidc' },
      { verifier: 'discord', typeOfLogin: 'discord', flavour: 'oauth' },
      { verifier: 'github', typeOfLogin: 'github', flavour: 'oauth' },
    ];
    background.snapshot(1, state);
    await settle();
    const dialog = await screen.findByRole('dialog', { name: 'Unlock your wallet to continue' });
    expect(screen.getByRole('button', { name: 'Unlock' })).toBeTruthy();
    const options = screen.getByTestId('login-options');
    expect(
      Array.from(options.querySelectorAll('button')).map((button) => button.textContent),
    ).toEqual(['Continue with GitHub (our community)', 'Continue with Google']);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(await shown).toBe(false);
  });

  it('shares one view of the port with the approval modal: one subscription, ended by the last user only', async () => {
    const background = new FakeBackground();
    const login = await acquireView(background.viewPort);
    const approval = await acquireView(background.viewPort);
    expect(approval.store).toBe(login.store);
    await flushMessages();
    const kinds = () => background.received.map((message) => message.type);
    expect(kinds().filter((kind) => kind === 'subscribe')).toHaveLength(1);
    login.release();
    login.release(); // idempotent: the other user keeps its view
    await flushMessages();
    expect(kinds()).not.toContain('unsubscribe');
    approval.release();
    await flushMessages();
    expect(kinds().at(-1)).toBe('unsubscribe');
  });
});
