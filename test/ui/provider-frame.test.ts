/**
 * The provider frame with fake windows (test/embed/fake-windows.ts deliver postMessage as
 * browsers do): it pins its parent's origin from the first handshake, opens one provider for
 * exactly that origin, relays JSON-RPC both ways, and answers nothing to any other window or
 * origin. The same frame runs in Chromium in test/e2e/topology.e2e.test.ts.
 */
import { createWindowMessageStream, type WindowMessageStream } from '../../src/embed';
import { PROVIDER_FRAME_STREAM, PROVIDER_HOST_STREAM } from '../../src/embed/provider-wire';
import type { ProviderNotification } from '../../src/background/contract/protocol';
import { startProviderFrame, type FrameProvider } from '../../src/ui/provider-frame/provider-frame';
import { ProviderRpcError } from '../../src/ui/bridge/provider-stream';
import {
  FakeWindow,
  HOST_ORIGIN,
  WALLET_ORIGIN,
  createWindowPair,
  settle,
  until,
} from '../embed/fake-windows';

const toClose: Array<{ close(): void }> = [];
afterEach(() => toClose.splice(0).forEach((item) => item.close()));

/** A provider that records its origin and requests, answering as scripted. */
function fakeProvider() {
  const opened: string[] = [];
  const requests: Array<{ method: string; params?: unknown }> = [];
  const notify = new Set<(n: ProviderNotification) => void>();
  const provider: FrameProvider = {
    async request({ method, params }) {
      requests.push({ method, ...(params ? { params } : {}) });
      if (method === 'eth_chainId') return '0x1691';
      throw new ProviderRpcError({ code: 4001, message: 'User rejected the request.' });
    },
    onNotification(listener) {
      notify.add(listener);
      return () => notify.delete(listener);
    },
  };
  const openProvider = (origin: string) => {
    opened.push(origin);
    return provider;
  };
  const emit = (n: ProviderNotification) => notify.forEach((listener) => listener(n));
  return { opened, requests, openProvider, emit };
}

function setup() {
  const { host, iframe } = createWindowPair(HOST_ORIGIN, WALLET_ORIGIN);
  const provider = fakeProvider();
  toClose.push(
    startProviderFrame({ parent: host, selfWindow: iframe, openProvider: provider.openProvider }),
  );
  const dapp: WindowMessageStream = createWindowMessageStream({
    name: PROVIDER_HOST_STREAM,
    target: PROVIDER_FRAME_STREAM,
    targetWindow: iframe,
    targetOrigin: WALLET_ORIGIN,
    selfWindow: host,
  });
  toClose.push(dapp);
  const received: unknown[] = [];
  dapp.onData((data) => received.push(data));
  return { host, iframe, provider, dapp, received };
}

describe('provider frame', () => {
  it("opens the provider for its parent's origin and relays requests, errors and notifications", async () => {
    const { provider, dapp, received } = setup();
    await until(() => dapp.connected);
    dapp.send({ jsonrpc: '2.0', id: 'a1', method: 'eth_chainId' });
    dapp.send({ jsonrpc: '2.0', id: 7, method: 'eth_requestAccounts', params: [] });
    await until(() => received.length === 2);
    expect(provider.opened).toEqual([HOST_ORIGIN]);
    expect(received).toEqual([
      { jsonrpc: '2.0', id: 'a1', result: '0x1691' },
      { jsonrpc: '2.0', id: 7, error: { code: 4001, message: 'User rejected the request.' } },
    ]);
    provider.emit({ method: 'wallet_accountsChanged', params: ['0xabc'] });
    await until(() => received.length === 3);
    expect(received[2]).toEqual({
      jsonrpc: '2.0',
      method: 'wallet_accountsChanged',
      params: ['0xabc'],
    });
  });

  it('answers a malformed request with -32600 and ignores notifications and junk', async () => {
    const { provider, dapp, received } = setup();
    await until(() => dapp.connected);
    dapp.send({ jsonrpc: '2.0', id: 1, method: 42 });
    dapp.send({ jsonrpc: '2.0', method: 'eth_chainId' });
    dapp.send({ id: { nested: true }, method: 'eth_chainId' });
    dapp.send({ jsonrpc: '2.0', id: 2, method: 'eth_chainId' });
    await until(() => received.length === 2);
    expect(received).toEqual([
      { jsonrpc: '2.0', id: 1, error: { code: -32600, message: 'Invalid request' } },
      { jsonrpc: '2.0', id: 2, result: '0x1691' },
    ]);
    expect(provider.requests).toEqual([{ method: 'eth_chainId' }]);
  });

  it('answers nothing to another window, even of the same origin, nor to its parent from another origin', async () => {
    const { host, iframe, provider, dapp, received } = setup();
    await until(() => dapp.connected);
    const sibling = new FakeWindow(HOST_ORIGIN);
    const attacker = new FakeWindow('https://evil.example');
    const request = (id: string) => ({
      target: PROVIDER_FRAME_STREAM,
      data: { jsonrpc: '2.0', id, method: 'eth_chainId' },
    });
    for (const [source, origin, id] of [
      [sibling, HOST_ORIGIN, 'sibling'],
      [attacker, 'https://evil.example', 'attacker'],
      [host, 'https://evil.example', 'parent-other-origin'],
    ] as const) {
      iframe.deliver({ target: PROVIDER_FRAME_STREAM, data: 'SYN' }, { origin, source });
      iframe.deliver(request(id), { origin, source });
    }
    // The real parent's request, sent after, is answered; none of the others is.
    dapp.send({ jsonrpc: '2.0', id: 'real', method: 'eth_chainId' });
    await until(() => received.length === 1);
    await settle();
    expect(received).toEqual([{ jsonrpc: '2.0', id: 'real', result: '0x1691' }]);
    expect(provider.requests).toHaveLength(1);
    expect(provider.opened).toEqual([HOST_ORIGIN]);
    // Everything the frame posted went to its parent, and none of it answers the others.
    expect(JSON.stringify(host.posted)).not.toMatch(/sibling|attacker|parent-other-origin/);
    expect(
      host.posted.filter(
        (post) =>
          typeof (post.message as { data?: unknown }).data === 'object' &&
          post.targetOrigin !== HOST_ORIGIN,
      ),
    ).toEqual([]);
  });

  it('never pins an origin from a window other than its parent', async () => {
    const { host, iframe } = createWindowPair(HOST_ORIGIN, WALLET_ORIGIN);
    const provider = fakeProvider();
    toClose.push(
      startProviderFrame({ parent: host, selfWindow: iframe, openProvider: provider.openProvider }),
    );
    const attacker = new FakeWindow('https://evil.example');
    iframe.deliver(
      { target: PROVIDER_FRAME_STREAM, data: 'ACK' },
      { origin: attacker.origin, source: attacker },
    );
    iframe.deliver(
      { target: PROVIDER_FRAME_STREAM, data: 'SYN' },
      { origin: attacker.origin, source: attacker },
    );
    await settle();
    expect(provider.opened).toEqual([]);
    // Its parent's handshake, afterwards, still pins the parent's origin.
    const dapp = createWindowMessageStream({
      name: PROVIDER_HOST_STREAM,
      target: PROVIDER_FRAME_STREAM,
      targetWindow: iframe,
      targetOrigin: WALLET_ORIGIN,
      selfWindow: host,
    });
    toClose.push(dapp);
    await until(() => provider.opened.length === 1);
    expect(provider.opened).toEqual([HOST_ORIGIN]);
  });
});
