// Block-explorer history in the past-transactions state (views.md §5 G14): GET /etherscan on the
// real API server (PGlite) backed by a local server speaking Etherscan's v2 txlist shape.
import { Messenger } from '@metamask/messenger';
import { privateKeyToAccount } from 'viem/accounts';

import { createBackendClient } from '../../../src/controllers/backend/api-client';
import {
  PAST_TRANSACTIONS_CONTROLLER_DELEGATED_ACTIONS,
  PAST_TRANSACTIONS_CONTROLLER_DELEGATED_EVENTS,
  PastTransactionsController,
  pastTransactionsControllerName,
} from '../../../src/controllers/past-transactions/PastTransactionsController';
import type { RunningServer } from '../../../src/server/main';
import { RICH, startEtherscanApi, type EtherscanApi } from '../../server/etherscan-api';
import { createTestDatabase, startServer, type TestDatabase } from '../../server/helpers';
import { activityItems } from '../../../src/ui/view-models/activity';

const KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';

let api: EtherscanApi;
let database: TestDatabase;
let server: RunningServer;
let token: string;
let chainId = '0x1';

beforeAll(async () => {
  api = await startEtherscanApi('good-key');
  database = await createTestDatabase('pglite');
  server = await startServer(
    database.config({
      explorer: { url: api.url, apiKey: 'good-key', timeoutMs: 2_000, cacheMs: 0, pageSize: 50 },
    }),
  );
  const backend = createBackendClient({ baseUrl: server.url, timeoutMs: 5_000 });
  const account = privateKeyToAccount(KEY);
  const { message } = await backend.getAuthMessage(account.address);
  ({ token } = await backend.verifyAuth(account.address, await account.signMessage({ message })));
  await backend.createUser(token, {});
}, 60_000);
afterAll(async () => {
  await server?.close();
  await database?.dispose();
  await api?.close();
});

function controller(getToken: () => string | undefined = () => token) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const root = new Messenger<'Root', any, any>({ namespace: 'Root' });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const network = new Messenger<'NetworkController', any, any, typeof root>({
    namespace: 'NetworkController',
    parent: root,
  });
  network.registerActionHandler('NetworkController:getState', () => ({
    providerConfig: { chainId, blockExplorer: 'https://explorer.example', ticker: 'ETH' },
  }));
  network.registerActionHandler('NetworkController:getProvider', () => undefined);
  const messenger = new Messenger({ namespace: pastTransactionsControllerName, parent: root });
  root.delegate({
    messenger,
    actions: PAST_TRANSACTIONS_CONTROLLER_DELEGATED_ACTIONS,
    events: PAST_TRANSACTIONS_CONTROLLER_DELEGATED_EVENTS,
  });
  return new PastTransactionsController({
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    messenger: messenger as any,
    backend: createBackendClient({ baseUrl: server.url, timeoutMs: 5_000 }),
    getToken,
  });
}

describe('explorer history (G14)', () => {
  it('keeps the explorer rows of the selected chain, and Activity lists them once', async () => {
    chainId = '0x1';
    const past = controller();
    await past.fetchExplorerHistory(RICH);
    const rows = past.state.explorerTransactions[RICH]!;
    expect(rows.map((row) => [row.nonce, row.status, row.network])).toEqual([
      ['7', 'failed', '0x1'],
      ['6', 'confirmed', '0x1'],
    ]);

    const state = {
      NetworkController: { providerConfig: { chainId: '0x1', ticker: 'ETH' } },
      TransactionController: { uiTransactions: [] },
      PastTransactionsController: {
        ...past.state,
        // The server's list already has the older one: listed once, from there.
        pastTransactions: {
          [RICH]: [
            {
              transaction_hash: rows[1]!.hash,
              network: '0x1',
              from: rows[1]!.from,
              to: rows[1]!.to,
              date: rows[1]!.created_at,
              status: 'confirmed',
              is_cancel: false,
              nonce: '6',
              gas: '21000',
              gasPrice: '30000000000',
              symbol: 'ETH',
            },
          ],
        },
      },
    };
    const items = activityItems(state as never, RICH);
    expect(items.map((item) => [item.key.split('-')[0], item.type, item.status])).toEqual([
      ['explorer', 'contractInteraction', 'unsuccessful'],
      ['past', 'receive', 'successful'],
    ]);
    expect(items[0]).toMatchObject({ nonce: '7', gasPrice: '0xf0b9a6b4e' });
  });

  it('changes nothing without a session, or on a chain the explorer has nothing for', async () => {
    const signedOut = controller(() => undefined);
    await signedOut.fetchExplorerHistory(RICH);
    expect(signedOut.state.explorerTransactions).toEqual({});

    chainId = '0x5';
    const other = controller();
    await other.fetchExplorerHistory(RICH);
    expect(other.state.explorerTransactions[RICH] ?? []).toEqual([]);
  });
});
