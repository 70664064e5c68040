import { deriveStateFromMetadata } from '@metamask/base-controller';

import {
  APPROVAL_REJECTION_MESSAGES,
  APPROVAL_TYPES,
  type ApprovalRequestDataByType,
  type ApprovalType,
} from '../../../src/controllers/approvals/approval-types';
import { MAX_DAPP_METADATA } from '../../../src/controllers/approvals/ApprovalController';
import { ApprovalErrorCode } from '../../../src/controllers/approvals/errors';
import { createApprovalController, createRoot, rejectionOf, thrownBy } from './harness';

const DAPP = 'https://dapp.example';

const sampleData: { [K in ApprovalType]: ApprovalRequestDataByType[K] } = {
  transaction: { txId: 'tx-1', txParams: { to: '0x0000000000000000000000000000000000000001' } },
  personal_sign: { messageId: 'm1', from: '0xab', data: '0x68656c6c6f' },
  eth_sign: { messageId: 'm2', from: '0xab', data: '0x' + '11'.repeat(32), dangerWarning: true },
  typed_data: { messageId: 'm3', from: '0xab', data: '{}', version: 'V4' },
  encryption_public_key: { messageId: 'm4', from: '0xab' },
  decrypt: { messageId: 'm5', from: '0xab', data: '0x7b7d' },
  watch_asset: { type: 'erc20', options: { address: '0x01' } },
  add_chain: { chainId: '0x1' },
  switch_chain: { chainId: '0x1' },
  connect: { permissions: ['eth_accounts'], periods: ['hour'] },
};

const expectedRejections: Record<ApprovalType, string> = {
  transaction: 'Orrery Tx Signature: User denied transaction signature.',
  personal_sign: 'Orrery Message Signature: User denied message signature.',
  eth_sign: 'Orrery Message Signature: User denied message signature.',
  typed_data: 'Orrery Message Signature: User denied message signature.',
  encryption_public_key: 'Orrery EncryptionPublicKey: User denied message EncryptionPublicKey.',
  decrypt: 'User denied message Ddecryption.',
  watch_asset: 'User denied watch asset request.',
  add_chain: 'User denied add chain request.',
  switch_chain: 'User denied switch chain request.',
  connect: 'User rejected permissions request',
};

describe('ApprovalController', () => {
  it('approves: the requester gets the value, the request leaves the state, events fire', async () => {
    const root = createRoot();
    const controller = createApprovalController(root, { now: () => 1234 });
    const added: unknown[] = [];
    const settled: unknown[] = [];
    root.subscribe('ApprovalController:requestAdded', (request: unknown) => added.push(request));
    root.subscribe('ApprovalController:requestSettled', (event: unknown) => settled.push(event));

    const { id, result } = controller.addRequest({
      origin: DAPP,
      type: 'connect',
      requestData: sampleData.connect,
    });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(controller.state.pendingApprovals[id]).toEqual({
      id,
      origin: DAPP,
      type: 'connect',
      time: 1234,
      requestData: sampleData.connect,
    });
    expect(controller.state.pendingApprovalCount).toBe(1);
    expect(added).toEqual([controller.state.pendingApprovals[id]]);

    controller.approve(id, { accounts: ['0xab'], period: 'hour' });
    await expect(result).resolves.toEqual({ accounts: ['0xab'], period: 'hour' });
    expect(controller.state.pendingApprovals).toEqual({});
    expect(controller.state.pendingApprovalCount).toBe(0);
    expect(settled).toEqual([{ id, origin: DAPP, type: 'connect', outcome: 'approved' }]);
  });

  it('ids are unguessable and distinct', async () => {
    const controller = createApprovalController(createRoot());
    const added = Array.from({ length: 20 }, (_, index) =>
      controller.addRequest({
        origin: `https://dapp${index}.example`,
        type: 'personal_sign',
        requestData: sampleData.personal_sign,
      }),
    );
    expect(new Set(added.map(({ id }) => id)).size).toBe(20);
    controller.rejectAll();
    await Promise.all(added.map(({ result }) => rejectionOf(result)));
  });

  it.each(APPROVAL_TYPES.map((type) => [type]))(
    'rejecting a %s request gives 4001 with the spec message',
    async (type) => {
      const controller = createApprovalController(createRoot());
      const { id, result } = controller.addRequest({
        origin: DAPP,
        type,
        requestData: sampleData[type],
      } as never);
      controller.reject(id);
      const error = await rejectionOf(result);
      expect(error.code).toBe(4001);
      expect(error.message).toBe(expectedRejections[type]);
      expect(APPROVAL_REJECTION_MESSAGES[type]).toBe(expectedRejections[type]);
      expect(controller.getRequest(id)).toBeUndefined();
    },
  );

  it('a reject with an explicit error passes that error through', async () => {
    const controller = createApprovalController(createRoot());
    const { id, result } = controller.addRequest({
      origin: DAPP,
      type: 'add_chain',
      requestData: sampleData.add_chain,
    });
    const failure = new Error('Something went wrong while approving add chain request');
    controller.reject(id, failure);
    await expect(result).rejects.toBe(failure);
  });

  it("runs the requester's parseValue first: a refused value keeps the request pending, a parsed one is what the requester gets", async () => {
    const controller = createApprovalController(createRoot());
    const { id, result } = controller.addRequest({
      origin: DAPP,
      type: 'add_chain',
      requestData: sampleData.add_chain,
      parseValue: (value) => {
        if (typeof value !== 'string') throw new Error('a string, please');
        return value.toUpperCase();
      },
    });
    expect(() => controller.approve(id, 42)).toThrow('a string, please');
    expect(controller.getRequest(id)).toMatchObject({ id, type: 'add_chain' });
    controller.approve(id, 'ok');
    await expect(result).resolves.toBe('OK');
    expect(controller.getRequest(id)).toBeUndefined();
  });

  it('an unknown type gives "No new transactions." and adds nothing', () => {
    const controller = createApprovalController(createRoot());
    const error = thrownBy(() =>
      controller.addRequest({
        origin: DAPP,
        type: 'mystery' as ApprovalType,
        requestData: {},
      } as never),
    );
    expect(error.message).toBe('No new transactions.');
    expect(error.code).toBe(-32602);
    expect(controller.state.pendingApprovalCount).toBe(0);
  });

  it('one pending approval per (origin, type) for dapps: the second gets -32002', async () => {
    const controller = createApprovalController(createRoot());
    const first = controller.addRequest({
      origin: DAPP,
      type: 'connect',
      requestData: sampleData.connect,
    });
    const error = thrownBy(() =>
      controller.addRequest({ origin: DAPP, type: 'connect', requestData: sampleData.connect }),
    );
    expect(error.code).toBe(-32002);
    expect(error.message).toBe(
      `Request of type 'connect' already pending for origin ${DAPP}. Please wait.`,
    );
    // Another type from the same origin, and the same type from another origin, are fine.
    const other = controller.addRequest({
      origin: DAPP,
      type: 'personal_sign',
      requestData: sampleData.personal_sign,
    });
    const elsewhere = controller.addRequest({
      origin: 'https://other.example',
      type: 'connect',
      requestData: sampleData.connect,
    });
    expect(controller.state.pendingApprovalCount).toBe(3);
    // Once the first settles the origin may ask again.
    controller.reject(first.id);
    await rejectionOf(first.result);
    const again = controller.addRequest({
      origin: DAPP,
      type: 'connect',
      requestData: sampleData.connect,
    });
    controller.rejectAll();
    await Promise.all([other, elsewhere, again].map(({ result }) => rejectionOf(result)));
  });

  it("the wallet's own origin may queue several requests of one type", async () => {
    const controller = createApprovalController(createRoot(), { walletOrigin: 'orrery' });
    const request = { origin: 'orrery', type: 'transaction', requestData: sampleData.transaction };
    const added = [
      controller.addRequest(request as never),
      controller.addRequest(request as never),
    ];
    expect(controller.getPending()).toHaveLength(2);
    controller.rejectAll();
    await Promise.all(added.map(({ result }) => rejectionOf(result)));
  });

  it('malformed requests get clear errors and change nothing', () => {
    const controller = createApprovalController(createRoot());
    const cases: [unknown, string][] = [
      [null, 'An approval request must be an object.'],
      ['connect', 'An approval request must be an object.'],
      [{ origin: '', type: 'connect', requestData: {} }, 'An approval request needs an origin.'],
      [{ origin: 7, type: 'connect', requestData: {} }, 'An approval request needs an origin.'],
      [
        { origin: DAPP, type: 'connect', requestData: [] },
        'Approval request data must be a plain JSON object.',
      ],
      [
        { origin: DAPP, type: 'connect', requestData: { when: () => 1 } },
        'Approval request data must be a plain JSON object.',
      ],
      [
        { origin: DAPP, type: 'connect', requestData: { big: 1n } },
        'Approval request data must be a plain JSON object.',
      ],
    ];
    for (const [request, message] of cases) {
      const error = thrownBy(() => controller.addRequest(request as never));
      expect(error.message).toBe(message);
      expect(error.code).toBe(-32602);
    }
    expect(controller.state.pendingApprovalCount).toBe(0);
  });

  it('approving or rejecting an unknown id throws and settles nothing', async () => {
    const controller = createApprovalController(createRoot());
    const { id, result } = controller.addRequest({
      origin: DAPP,
      type: 'switch_chain',
      requestData: sampleData.switch_chain,
    });
    expect(thrownBy(() => controller.approve('nope'))).toMatchObject({
      message: 'Approval request not found for id: "nope".',
      data: { code: ApprovalErrorCode.requestNotFound },
    });
    expect(thrownBy(() => controller.reject('nope'))).toMatchObject({
      data: { code: ApprovalErrorCode.requestNotFound },
    });
    controller.approve(id);
    await expect(result).resolves.toBeUndefined();
    // A second answer for the same id is refused.
    expect(thrownBy(() => controller.reject(id))).toMatchObject({
      data: { code: ApprovalErrorCode.requestNotFound },
    });
  });

  it('the state holds a copy of the request data; the caller cannot change it later', async () => {
    const controller = createApprovalController(createRoot());
    const requestData = { txId: 'tx-9', txParams: { value: '0x1' } };
    const { id, result } = controller.addRequest({
      origin: DAPP,
      type: 'transaction',
      requestData,
    });
    requestData.txParams.value = '0xffff';
    expect(controller.getRequest(id)?.requestData).toEqual({
      txId: 'tx-9',
      txParams: { value: '0x1' },
    });
    controller.rejectAll();
    await rejectionOf(result);
  });

  it('works through messenger actions', async () => {
    const root = createRoot();
    createApprovalController(root);
    const { id, result } = root.call('ApprovalController:addRequest', {
      origin: DAPP,
      type: 'watch_asset',
      requestData: sampleData.watch_asset,
    }) as { id: string; result: Promise<unknown> };
    expect(root.call('ApprovalController:getRequest', id)).toMatchObject({ type: 'watch_asset' });
    expect(root.call('ApprovalController:getState').pendingApprovalCount).toBe(1);
    root.call('ApprovalController:reject', id);
    const error = await rejectionOf(result);
    expect([error.code, error.message]).toEqual([4001, 'User denied watch asset request.']);
  });

  it('is visible to the UI, never persisted, and destroy rejects pending callers', async () => {
    const controller = createApprovalController(createRoot());
    const { result } = controller.addRequest({
      origin: DAPP,
      type: 'decrypt',
      requestData: sampleData.decrypt,
    });
    expect(deriveStateFromMetadata(controller.state, controller.metadata, 'persist')).toEqual({});
    const ui = deriveStateFromMetadata(controller.state, controller.metadata, 'usedInUi');
    expect(Object.values(ui.pendingApprovals as object)).toHaveLength(1);
    controller.destroy();
    const error = await rejectionOf(result);
    expect([error.code, error.message]).toEqual([4001, 'User denied message Ddecryption.']);
    expect(controller.state.pendingApprovalCount).toBe(0);
  });

  it('keeps dapp metadata by origin, latest last, bounded', () => {
    const controller = createApprovalController(createRoot());
    for (let n = 0; n < MAX_DAPP_METADATA + 5; n += 1) {
      controller.setDappMetadata(`https://d${n}.example`, { name: `D${n}`, icon: null });
    }
    controller.setDappMetadata('https://d10.example', { name: 'Again', icon: null });
    const origins = Object.keys(controller.state.dappMetadata);
    expect(origins).toHaveLength(MAX_DAPP_METADATA);
    expect(origins[0]).toBe('https://d5.example');
    expect(origins.at(-1)).toBe('https://d10.example');
    expect(controller.state.dappMetadata['https://d10.example']?.name).toBe('Again');
    expect(() => controller.setDappMetadata('', { name: 'x', icon: null })).toThrow();
  });
});
