import { fireEvent, screen } from '@testing-library/react';
import { clearTimers } from 'mobx-react-lite';

import { lockedState, signedInState } from './fake-background';
import { renderApp } from './render-app';

afterAll(() => clearTimers());

/** Types into the field labelled `label` (tab panels are labelled by their tab: skip them). */
const field = (label: string) => screen.getByLabelText(label, { selector: 'input, textarea' });
const type = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });

describe('the local way in: create a vault', () => {
  it('checks the password rules and the retype before asking the engine', async () => {
    const { background, settle } = await renderApp('/');
    background.snapshot(1);
    await settle();
    const create = screen.getByRole('button', { name: 'Create wallet' });

    fireEvent.click(create);
    await settle();
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect(screen.getByText('Enter the password again.')).toBeTruthy();

    type('Password', 'orbitsun');
    type('Confirm password', 'orbitsun');
    fireEvent.click(create);
    await settle();
    expect(screen.getByText('The password does not meet all the rules.')).toBeTruthy();
    const rules = screen.getByRole('list', { name: 'Password rules' });
    expect([...rules.querySelectorAll('li')].map((li) => li.dataset.met)).toEqual([
      'false',
      'false',
      'true',
      'false',
    ]);

    type('Password', 'Orbit-Sun-2026');
    type('Confirm password', 'Orbit-Sun-2025');
    fireEvent.click(create);
    await settle();
    expect(screen.getByText('The passwords do not match.')).toBeTruthy();
    expect(background.requests()).toEqual([]);

    type('Confirm password', 'Orbit-Sun-2026');
    fireEvent.click(create);
    await settle();
    expect(background.requests()).toEqual([
      { type: 'request', id: 1, action: 'createNewVault', params: ['Orbit-Sun-2026'] },
    ]);
    expect(screen.getByRole('button', { name: 'Create wallet' }).getAttribute('aria-busy')).toBe(
      'true',
    );
    background.send({ type: 'response', id: 1, result: null });
    background.patches(2, [
      { op: 'replace', path: ['KeyringController', 'hasVault'], value: true },
      { op: 'replace', path: ['KeyringController', 'isUnlocked'], value: true },
    ]);
    await settle();
    expect(screen.getByTestId('login-page').dataset.step).toBe('noAccount');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Add your first account');
  });
});

describe('the local way in: unlock', () => {
  it("shows the engine's refusal of a wrong password on the field, translated", async () => {
    const { background, settle } = await renderApp('/', { locale: 'de' });
    background.snapshot(1, {
      ...lockedState(),
      PreferencesController: { ...lockedState().PreferencesController, locale: 'de' },
    });
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Entsperren' }));
    await settle();
    expect(screen.getByText('Gib dein Passwort ein.')).toBeTruthy();
    expect(background.requests()).toEqual([]);

    type('Passwort', 'wrong password');
    fireEvent.click(screen.getByRole('button', { name: 'Entsperren' }));
    await settle();
    // The locked wallet first asked for its login session (none): request 1.
    expect(background.restoreRequests).toHaveLength(1);
    expect(background.requests()).toEqual([
      { type: 'request', id: 2, action: 'submitPassword', params: ['wrong password'] },
    ]);
    background.send({
      type: 'error',
      id: 2,
      error: {
        code: -32000,
        message: 'Incorrect Password Entered.',
        data: { code: 'keyring.incorrectPassword' },
      },
    });
    await settle();
    const field = screen.getByLabelText('Passwort');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-errormessage')!)?.textContent).toBe(
      'Falsches Passwort eingegeben.',
    );
  });
});

describe('the local way in: a first account', () => {
  const noAccount = () => {
    const state = signedInState();
    state.KeyringController.accounts = [];
    state.PreferencesController.selectedAddress = null;
    return state;
  };

  it('creates a new account in the engine', async () => {
    const { background, settle } = await renderApp('/');
    background.snapshot(1, noAccount());
    await settle();
    expect(screen.getByRole('tab', { name: 'New account' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await settle();
    expect(background.requests()).toEqual([
      { type: 'request', id: 1, action: 'createNewAccount', params: [] },
    ]);
  });

  it("imports a private key, refusing an empty one before asking and showing the engine's refusal", async () => {
    const { background, settle } = await renderApp('/');
    background.snapshot(1, noAccount());
    await settle();
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Private key' }));
    await settle();
    const importButton = () => screen.getByRole('button', { name: 'Import' });
    fireEvent.click(importButton());
    await settle();
    expect(screen.getByText('Cannot import an empty key.')).toBeTruthy();
    expect(background.requests()).toEqual([]);

    type('Private key', ' 0xabc ');
    fireEvent.click(importButton());
    await settle();
    expect(background.requests()).toEqual([
      { type: 'request', id: 1, action: 'importAccountWithPrivateKey', params: ['0xabc'] },
    ]);
    background.send({
      type: 'error',
      id: 1,
      error: { code: -32000, message: 'Cannot import invalid private key.' },
    });
    await settle();
    expect(field('Private key').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Cannot import invalid private key.')).toBeTruthy();
  });

  it('imports a seed phrase at the account index given', async () => {
    const { background, settle } = await renderApp('/');
    background.snapshot(1, noAccount());
    await settle();
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Seed phrase' }));
    await settle();
    type('Seed phrase', '  test test test test test test test test test test test junk ');
    type('Account index', '-1');
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await settle();
    expect(screen.getByText('Enter a whole number, 0 or more.')).toBeTruthy();
    expect(background.requests()).toEqual([]);
    type('Account index', '2');
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await settle();
    expect(background.requests()).toEqual([
      {
        type: 'request',
        id: 1,
        action: 'importAccountWithSeedPhrase',
        params: ['test test test test test test test test test test test junk', 2],
      },
    ]);
  });
});
