import {
  createWalletClient,
  custom,
  verifyMessage,
  verifyTypedData,
  type EIP1193RequestFn,
} from 'viem';

import {
  isSigningMethod,
  toSigningCall,
  type SigningCall,
} from '../../../src/controllers/messages/rpc-params';
import { thrownBy } from '../approvals/harness';
import { createSignatureHarness, DEV, type SignatureHarness } from './harness';

const DAPP = 'https://viem.example';

/** Serves a viem wallet client the way the engine will: params mapped, then the controller called. */
function transportFor(harness: SignatureHarness): EIP1193RequestFn {
  const request = async ({ method, params }: { method: string; params?: unknown }) => {
    if (method === 'eth_chainId') return '0x1';
    if (method === 'eth_accounts' || method === 'eth_requestAccounts') return [DEV];
    if (!isSigningMethod(method)) throw new Error(`unexpected ${method}`);
    const call: SigningCall = toSigningCall(method, params);
    const { signatures } = harness;
    switch (call.action) {
      case 'ethSign':
        return signatures.ethSign(call.params, DAPP);
      case 'personalSign':
        return signatures.personalSign(call.params, DAPP);
      case 'personalEcRecover':
        return signatures.personalEcRecover(call.params);
      case 'signTypedData':
        return signatures.signTypedData(call.params, call.version, DAPP);
      case 'getEncryptionPublicKey':
        return signatures.getEncryptionPublicKey(call.params, DAPP);
      case 'decrypt':
        return signatures.decrypt(call.params, DAPP);
    }
  };
  return request as EIP1193RequestFn;
}

/** Approves every request as soon as it appears: the user saying yes. */
function autoApprove(harness: SignatureHarness): void {
  harness.root.subscribe('ApprovalController:requestAdded', (request) => {
    queueMicrotask(() => harness.approvals.approve(request.id));
  });
}

describe('JSON-RPC signing params', () => {
  it('maps each method’s positional params', () => {
    const from = DEV;
    expect(toSigningCall('eth_sign', [from, '0xab'])).toEqual({
      action: 'ethSign',
      params: { from, data: '0xab' },
    });
    expect(
      toSigningCall('eth_sign', [from, '0xab', { customPrefix: 'P', customMessage: 'M' }]),
    ).toEqual({
      action: 'ethSign',
      params: { from, data: '0xab', customPrefix: 'P', customMessage: 'M' },
    });
    expect(toSigningCall('personal_sign', ['0x68', from])).toEqual({
      action: 'personalSign',
      params: { from, data: '0x68' },
    });
    // [from, data] from a confused dapp is swapped; two addresses keep the standard order.
    expect(toSigningCall('personal_sign', [from, 'hello'])).toEqual({
      action: 'personalSign',
      params: { from, data: 'hello' },
    });
    const other = '0x' + '12'.repeat(20);
    expect(toSigningCall('personal_sign', [other, from]).params).toEqual({ from, data: other });
    expect(toSigningCall('personal_ecRecover', ['0x68', '0xsig'])).toEqual({
      action: 'personalEcRecover',
      params: { data: '0x68', signature: '0xsig' },
    });
    expect(toSigningCall('eth_signTypedData', [[], from])).toEqual({
      action: 'signTypedData',
      params: { from, data: [] },
      version: 'V1',
    });
    expect(toSigningCall('eth_signTypedData_v1', [[], from])).toMatchObject({ version: 'V1' });
    expect(toSigningCall('eth_signTypedData_v3', [from, '{}'])).toEqual({
      action: 'signTypedData',
      params: { from, data: '{}' },
      version: 'V3',
    });
    expect(toSigningCall('eth_signTypedData_v4', [from])).toEqual({
      action: 'signTypedData',
      params: { from },
      version: 'V4',
    });
    expect(toSigningCall('eth_getEncryptionPublicKey', [from])).toEqual({
      action: 'getEncryptionPublicKey',
      params: { from },
    });
    expect(toSigningCall('eth_decrypt', ['0x7b7d', from])).toEqual({
      action: 'decrypt',
      params: { from, data: '0x7b7d' },
    });
  });

  it('params that are not an array get a clear -32602 error', () => {
    for (const params of [undefined, null, {}, 'x']) {
      const error = thrownBy(() => toSigningCall('personal_sign', params));
      expect([error.code, error.message]).toEqual([
        -32602,
        'personal_sign expects an array of params.',
      ]);
    }
    expect(isSigningMethod('eth_sendTransaction')).toBe(false);
    expect(isSigningMethod('eth_signTypedData_v4')).toBe(true);
  });

  it('a missing typed-data field still gets its spec message through the controller', async () => {
    const harness = createSignatureHarness();
    const call = toSigningCall('eth_signTypedData_v4', [DEV]);
    await expect(harness.signatures.signTypedData(call.params, 'V4', DAPP)).rejects.toThrow(
      'Params must include a "data" field.',
    );
  });

  it("viem's wallet client, an independent client, gets signatures its own verify functions accept", async () => {
    const harness = createSignatureHarness();
    autoApprove(harness);
    const client = createWalletClient({
      // viem sends the checksummed form; the wallet accepts it as the same account.
      account: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      transport: custom({ request: transportFor(harness) }),
    });

    const message = 'Sign in to viem.example ✓';
    const personal = await client.signMessage({ message });
    await expect(verifyMessage({ address: DEV, message, signature: personal })).resolves.toBe(true);

    const raw = await client.signMessage({ message: { raw: '0xdeadbeef' } });
    await expect(
      verifyMessage({ address: DEV, message: { raw: '0xdeadbeef' }, signature: raw }),
    ).resolves.toBe(true);

    const typedData = {
      domain: {
        name: 'Ether Mail',
        version: '1',
        chainId: 1,
        verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
      },
      types: {
        Person: [
          { name: 'name', type: 'string' },
          { name: 'wallets', type: 'address[]' },
        ],
        Mail: [
          { name: 'from', type: 'Person' },
          { name: 'to', type: 'Person[]' },
          { name: 'contents', type: 'string' },
          { name: 'amount', type: 'uint256' },
        ],
      },
      primaryType: 'Mail',
      message: {
        from: { name: 'Cow', wallets: ['0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826'] },
        to: [{ name: 'Bob', wallets: ['0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB'] }],
        contents: 'Hello, Bob!',
        amount: 10n ** 20n,
      },
    } as const;
    const typed = await client.signTypedData(typedData);
    await expect(verifyTypedData({ address: DEV, ...typedData, signature: typed })).resolves.toBe(
      true,
    );
  });
});
