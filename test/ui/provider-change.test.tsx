/**
 * The network-change window (/providerchange, views.md §3.8): what it shows of the current and
 * requested networks (pure view model), and the window against a scripted background: only a
 * network change shows, nothing reaches the engine before a click, Deny and Change network
 * settle that id, and another origin's id is refused.
 */
import { fireEvent, screen, within } from '@testing-library/react';

import type { UiState } from '../../src/background/contract/ui-state';
import { providerChangeView } from '../../src/ui/view-models/provider-change';
import { signedInState } from './fake-background';
import { renderApp } from './render-app';

const HOST = 'https://shop.example';

const switchToMainnet = {
  id: 's1',
  origin: HOST,
  type: 'switch_chain',
  time: 1,
  requestData: {
    fromChainId: '0x539',
    fromNetworkName: 'Localhost 8545',
    chainId: '0x1',
    networkName: 'Main Ethereum Network',
    rpcUrl: 'https://ethereum-rpc.publicnode.com/secret-key',
  },
} as const;

const addChain = {
  id: 'a1',
  origin: HOST,
  type: 'add_chain',
  time: 1,
  requestData: {
    chainId: '0x7a6a',
    chainName: 'Second anvil',
    rpcUrl: 'http://127.0.0.1:9545/',
    ticker: 'SEC',
    tickerName: 'Second ether',
    decimals: 18,
    blockExplorerUrl: 'https://explorer.second.example',
  },
} as const;

describe('providerChangeView', () => {
  const network = signedInState().NetworkController;

  it('a switch to a network the wallet knows: its explorer and ticker, the RPC host only', () => {
    const view = providerChangeView(switchToMainnet as never, network)!;
    expect(view.requested).toEqual({
      name: 'Main Ethereum Network',
      chainId: '1',
      chainIdHex: '0x1',
      host: 'ethereum-rpc.publicnode.com', // the path (an API key, perhaps) is not shown
      explorer: 'https://etherscan.io',
      ticker: 'ETH',
    });
    expect(view.current).toMatchObject({
      name: network.providerConfig.networkName,
      chainIdHex: network.providerConfig.chainId,
    });
  });

  it('a new network: everything from the checked request; any other request is not a change', () => {
    expect(providerChangeView(addChain as never, network)!.requested).toEqual({
      name: 'Second anvil',
      chainId: '31338',
      chainIdHex: '0x7a6a',
      host: '127.0.0.1:9545',
      explorer: 'https://explorer.second.example',
      ticker: 'SEC',
    });
    const sign = { ...switchToMainnet, type: 'personal_sign' };
    expect(providerChangeView(sign as never, network)).toBeNull();
  });
});

function withRequest(request: object): UiState {
  const state = signedInState();
  const { id } = request as { id: string };
  state.ApprovalController = {
    pendingApprovals: { [id]: request as never },
    pendingApprovalCount: 1,
    dappMetadata: { [HOST]: { name: 'Shop', icon: null } },
  };
  return state;
}

const sent = (background: { requests(): Array<{ action: string; params: unknown[] }> }) =>
  background
    .requests()
    .filter((request) => request.action !== 'reportUserActivity')
    .map(({ action, params }) => ({ action, params }));

describe('/providerchange', () => {
  it('shows the host, current → requested network; only Change network approves', async () => {
    const { background, settle } = await renderApp(
      `/providerchange?id=s1&origin=${encodeURIComponent(HOST)}`,
    );
    background.snapshot(1, withRequest(switchToMainnet));
    await settle();
    expect(document.title).toBe('Network change | Orrery');
    expect(screen.getByRole('heading', { level: 1, name: 'Change the network?' })).toBeTruthy();
    expect(screen.getByTestId('confirm-origin').textContent).toBe('shop.example');
    expect(
      screen.getByText('shop.example asks to change your network to Main Ethereum Network.'),
    ).toBeTruthy();
    const requested = within(screen.getByRole('region', { name: 'Requested network' }));
    expect(requested.getByText('https://etherscan.io')).toBeTruthy();
    expect(requested.getByText('ethereum-rpc.publicnode.com')).toBeTruthy();
    expect(screen.queryByText(/secret-key/)).toBeNull();
    expect(screen.getByRole('region', { name: 'Current network' })).toBeTruthy();

    fireEvent.keyDown(document.body, { key: 'Escape' });
    await settle();
    expect(sent(background)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Change network' }));
    expect(screen.getByRole('status').textContent).toBe('Changing the network…');
    await settle();
    expect(sent(background)).toEqual([{ action: 'approveRequest', params: ['s1', null] }]);
  });

  it('Deny rejects that id; a new network shows what the host proposes', async () => {
    const { background, settle } = await renderApp(
      `/providerchange?id=a1&origin=${encodeURIComponent(HOST)}`,
    );
    background.snapshot(1, withRequest(addChain));
    await settle();
    const requested = within(screen.getByRole('region', { name: 'Requested network' }));
    expect(requested.getByText('Second anvil')).toBeTruthy();
    expect(requested.getByText('SEC')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Deny' }));
    await settle();
    expect(sent(background)).toEqual([{ action: 'rejectRequest', params: ['a1'] }]);
  });

  it('shows no other kind of request, and refuses another origin’s id', async () => {
    const sign = {
      id: 'p1',
      origin: HOST,
      type: 'personal_sign',
      time: 1,
      requestData: { messageId: 'm', from: '0xaa', data: '0x6869' },
    };
    const other = await renderApp(`/providerchange?id=p1&origin=${encodeURIComponent(HOST)}`);
    other.background.snapshot(1, withRequest(sign));
    await other.settle();
    expect(screen.getByRole('heading', { name: 'No new transactions.' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign' })).toBeNull();
    other.view.unmount();

    const forged = await renderApp(
      `/providerchange?id=s1&origin=${encodeURIComponent('https://evil.example')}`,
    );
    forged.background.snapshot(1, withRequest(switchToMainnet));
    await forged.settle();
    expect(screen.getByRole('heading', { name: 'Request refused' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change network' })).toBeNull();
  });
});
