// The account menu names each account's type (spec part 1 §3: normal, threshold, app_scoped,
// imported): an app-scoped account derived for a dapp project reads "App account".
import { fireEvent, screen, within } from '@testing-library/react';

import { signedInState, SAMPLE_ADDRESS } from './fake-background';
import { renderApp } from './render-app';

const APP_SCOPED = '0x4c39f3dd2a4f6a2ae0c4c3ec1b2c7f40b8a2a8a1';
const POSTBOX = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

it('shows the login, app-scoped and imported accounts with their types', async () => {
  const { background, settle } = await renderApp('/wallet/home');
  const state = signedInState();
  state.KeyringController.accounts = [
    { address: POSTBOX, accountType: 'normal' },
    { address: APP_SCOPED, accountType: 'app_scoped' },
    { address: SAMPLE_ADDRESS, accountType: 'imported' },
  ];
  background.snapshot(1, state);
  await settle();
  const trigger = screen.getByTestId('account-menu');
  trigger.focus();
  fireEvent.keyDown(trigger, { key: 'Enter' });
  await settle();
  const rows = await screen.findAllByTestId('account-row');
  const types = rows.map((row) => within(row).getByText(/account/iu).textContent);
  expect(types).toEqual(['Wallet account', 'App account', 'Imported account']);
});
