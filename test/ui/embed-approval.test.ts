// The in-page approval modal's view model (src/ui/embed-frame/approvals/view-model.ts).
import type { UiState } from '../../src/background/contract/ui-state';
import { approvalForOrigin } from '../../src/ui/embed-frame/approvals/view-model';
import { readableMessage } from '../../src/ui/view-models/approvals';

const HOST = 'http://localhost:5000';
const ADDRESS = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';

function state(
  pending: object[],
  overrides: { unlocked?: boolean; selected?: string | null } = {},
) {
  return {
    ApprovalController: {
      pendingApprovals: Object.fromEntries(pending.map((p) => [(p as { id: string }).id, p])),
    },
    PreferencesController: {
      selectedAddress: overrides.selected === undefined ? ADDRESS : overrides.selected,
    },
    KeyringController: { isUnlocked: overrides.unlocked ?? true },
    TransactionController: {
      uiTransactions: [{ id: 'tx1', txParams: { to: '0x7099', value: '0x2386f26fc10000' } }],
    },
    NetworkController: { providerConfig: { ticker: 'ETH' } },
  } as unknown as UiState;
}

describe('embed approval view model', () => {
  it("shows only the host's own requests, oldest first, with what each needs", () => {
    const pending = [
      { id: 'b', origin: HOST, type: 'transaction', time: 2, requestData: { txId: 'tx1' } },
      {
        id: 'a',
        origin: HOST,
        type: 'connect',
        time: 1,
        requestData: { permissions: [], periods: ['week', 'month'] },
      },
      { id: 'z', origin: 'https://other.example', type: 'personal_sign', time: 0, requestData: {} },
    ];
    expect(approvalForOrigin(state(pending), HOST)).toEqual({
      id: 'a',
      kind: 'connect',
      origin: HOST,
      details: [{ label: 'account', value: ADDRESS }],
      value: { accounts: [ADDRESS], period: 'week' },
      blocked: null,
    });
    expect(approvalForOrigin(state(pending.slice(0, 1)), HOST)?.details).toEqual([
      { label: 'to', value: '0x7099' },
      { label: 'amount', value: '0.010000 ETH' },
    ]);
    expect(approvalForOrigin(state(pending.slice(2)), HOST)).toBeNull();
  });

  it('says why a request cannot be approved here, and names unknown kinds generically', () => {
    const pending = [{ id: 'w', origin: HOST, type: 'watch_asset', time: 1, requestData: {} }];
    expect(approvalForOrigin(state(pending, { unlocked: false }), HOST)).toMatchObject({
      kind: 'other',
      blocked: 'locked',
    });
    expect(approvalForOrigin(state(pending, { selected: null }), HOST)?.blocked).toBe('noAccount');
  });

  it.each([
    ['UTF-8 text with a line break', '0x68656c6c6f0a776f726c64', 'hello\nworld'],
    ['bytes that are not UTF-8', '0x0001ff', '0x0001ff'],
    ['control characters', '0x00010203', '0x00010203'],
    ['no bytes at all', '0x', '0x'],
    ['text without 0x', 'not hex', 'not hex'],
  ])('shows a personal_sign of %s as the approval window reads it', (_what, data, shown) => {
    const pending = [
      { id: 'm', origin: HOST, type: 'personal_sign', time: 1, requestData: { data } },
    ];
    const message = approvalForOrigin(state(pending), HOST)?.details.find(
      (detail) => detail.label === 'message',
    );
    expect(message?.value).toBe(shown);
    expect(message?.value).toBe(readableMessage(data).value);
  });
});
