// CurrencyController against the real API server (PGlite) whose /currency route reads a local
// CryptoCompare-shaped price service.
import { Messenger } from '@metamask/messenger';

import { createBackendClient } from '../../../src/controllers/backend/api-client';
import {
  CURRENCY_CONTROLLER_DELEGATED_ACTIONS,
  CURRENCY_CONTROLLER_DELEGATED_EVENTS,
  CurrencyController,
  currencyChoices,
  currencyControllerName,
  type CurrencyControllerActions,
  type CurrencyControllerAllowedActions,
  type CurrencyControllerAllowedEvents,
  type CurrencyControllerEvents,
  type CurrencyControllerOptions,
} from '../../../src/controllers/currency/CurrencyController';
import { CurrencyErrorCode } from '../../../src/controllers/currency/errors';
import {
  NetworkController,
  networkControllerName,
  type NetworkControllerActions,
  type NetworkControllerEvents,
} from '../../../src/controllers/network/NetworkController';
import type { RunningServer } from '../../../src/server/main';
import { createTestDatabase, startServer, type TestDatabase } from '../../server/helpers';
import { startPriceApi, type PriceApi } from '../../server/price-api';
import { createManualTimers, waitForScheduled } from '../polling/manual-timers';

type RootActions = NetworkControllerActions | CurrencyControllerActions;
type RootEvents = NetworkControllerEvents | CurrencyControllerEvents;

let database: TestDatabase;
let server: RunningServer;
let priceApi: PriceApi;
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  priceApi = await startPriceApi();
  database = await createTestDatabase('pglite');
  server = await startServer(
    database.config({
      priceSource: { kind: 'http', url: priceApi.url, timeoutMs: 400, cacheMs: 0 },
    }),
  );
}, 60_000);
afterAll(async () => {
  await server?.close();
  await database?.dispose();
  await priceApi?.close();
});
beforeEach(() => {
  // Failed fetches are logged by design; keep the test output readable.
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
  for (const cleanup of cleanups.splice(0)) cleanup();
  priceApi.calls.length = 0;
});

function setup(options: Partial<Omit<CurrencyControllerOptions, 'messenger'>> = {}) {
  const root = new Messenger<'Root', RootActions, RootEvents>({ namespace: 'Root' });
  // Never init()ed: it publishes networkDidChange on a switch without reaching any node.
  const network = new NetworkController({
    messenger: new Messenger<
      typeof networkControllerName,
      NetworkControllerActions,
      NetworkControllerEvents,
      typeof root
    >({ namespace: networkControllerName, parent: root }),
  });
  const messenger = new Messenger<
    typeof currencyControllerName,
    CurrencyControllerActions | CurrencyControllerAllowedActions,
    CurrencyControllerEvents | CurrencyControllerAllowedEvents,
    typeof root
  >({ namespace: currencyControllerName, parent: root });
  root.delegate({
    messenger,
    actions: CURRENCY_CONTROLLER_DELEGATED_ACTIONS,
    events: CURRENCY_CONTROLLER_DELEGATED_EVENTS,
  });
  const backend = createBackendClient({ baseUrl: server.url, timeoutMs: 2_000 });
  const currency = new CurrencyController({
    messenger,
    fetchRates: backend.getCurrencyRates,
    now: () => 1_700_000_000_000,
    ...options,
  });
  cleanups.push(
    () => currency.destroy(),
    () => network.destroy(),
  );
  return { root, network, currency };
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 5_000) {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('CurrencyController', () => {
  it('starts at USD and reads the native rate and the USD price through GET /currency', async () => {
    const { currency } = setup();
    expect(currency.state).toEqual({
      currentCurrency: 'usd',
      conversionRate: 0,
      conversionDate: 'N/A',
      nativeCurrency: 'ETH',
      commonDenomination: 'USD',
      commonDenominatorPrice: 0,
    });
    await currency.updateConversionRate();
    expect(currency.state).toMatchObject({
      conversionRate: 1234.5,
      conversionDate: 1_700_000_000,
      commonDenominatorPrice: 1234.5,
    });
    expect(priceApi.calls).toEqual(['ETH:USD']);

    await currency.setCurrentCurrency('EUR');
    expect(currency.state).toMatchObject({
      currentCurrency: 'eur',
      conversionRate: 1100.25,
      commonDenominatorPrice: 1234.5,
    });
    expect(priceApi.calls).toEqual(['ETH:USD', 'ETH:EUR,USD']);
    await expect(currency.setCurrentCurrency('not a code')).rejects.toMatchObject({
      data: { code: CurrencyErrorCode.invalidCurrency },
    });
  });

  it('a failed fetch sets the rate to 0 and the date to N/A', async () => {
    const { currency } = setup();
    await currency.updateConversionRate();
    expect(currency.state.conversionRate).toBe(1234.5);
    // The price service knows no GBP rate for ETH: the server answers 502.
    await currency.setCurrentCurrency('gbp');
    expect(currency.state).toMatchObject({
      conversionRate: 0,
      conversionDate: 'N/A',
      commonDenominatorPrice: 0,
    });
  });

  it('a server that does not answer gives 0 / N/A too', async () => {
    const dead = createBackendClient({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 500 });
    const { currency } = setup({ fetchRates: dead.getCurrencyRates, state: { conversionRate: 5 } });
    await currency.updateConversionRate();
    expect(currency.state).toMatchObject({ conversionRate: 0, conversionDate: 'N/A' });
  });

  it('follows the network ticker: the rate of BNB after a switch to a BNB chain', async () => {
    const { network, currency } = setup();
    currency.init();
    currency.startPolling();
    await waitFor(() => currency.state.conversionRate === 1234.5, 'the ETH rate');
    await network.setRpcTarget({ rpcUrl: 'http://127.0.0.1:1', chainId: 56, ticker: 'BNB' });
    await waitFor(() => currency.state.nativeCurrency === 'BNB', 'the BNB ticker');
    await waitFor(() => currency.state.conversionRate === 310.1, 'the BNB rate');
    expect(priceApi.calls).toContain('BNB:USD');
  });

  it('polls with chained timers, skips while the user is idle, and stops on destroy', async () => {
    let idle = false;
    const timers = createManualTimers();
    const { currency } = setup({ pollingIntervalMs: 600_000, isIdle: () => idle, timers });
    /** Fires the next poll and waits until it ended (it scheduled the one after). */
    const nextPoll = async (what: string) => {
      const scheduled = timers.scheduledCount;
      timers.fireNext();
      await waitForScheduled(timers, scheduled, what);
    };
    currency.init();
    expect(currency.isPolling()).toBe(false); // init wires, it does not fetch
    expect(timers.pending()).toEqual([]);
    currency.startPolling();
    await waitForScheduled(timers, 0, 'the first poll');
    expect(priceApi.calls).toEqual(['ETH:USD']);
    expect(timers.pending()).toEqual([600_000]); // the spec's 600 s, one timer at a time
    await nextPoll('the second poll');
    expect(priceApi.calls).toHaveLength(2);

    idle = true;
    await nextPoll('an idle poll');
    await nextPoll('another idle poll');
    expect(priceApi.calls).toHaveLength(2);
    idle = false;
    await nextPoll('an active poll');
    expect(priceApi.calls).toHaveLength(3);

    currency.destroy();
    expect(currency.isPolling()).toBe(false);
    expect(timers.pending()).toEqual([]);
  });

  it('offers the network ticker first on non-ETH networks', () => {
    expect(currencyChoices('ETH', ['usd', 'eur'])).toEqual(['USD', 'EUR']);
    expect(currencyChoices('BNB', ['usd', 'eur'])).toEqual(['BNB', 'USD', 'EUR']);
    expect(currencyChoices('xdai', ['usd', 'xdai'])).toEqual(['XDAI', 'USD']);
  });
});
