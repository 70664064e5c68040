import { deriveStateFromMetadata } from '@metamask/base-controller';

import type { ApprovalController } from '../../../src/controllers/approvals/ApprovalController';
import {
  PermissionController,
  permissionControllerName,
  type PermissionControllerMessenger,
  type PermissionControllerOptions,
  type PermissionControllerState,
} from '../../../src/controllers/permissions/PermissionController';
import { PERMISSION_PERIODS } from '../../../src/controllers/permissions/permission-periods';
import {
  createApprovalController,
  createChildMessenger,
  createRoot,
  rejectionOf,
  thrownBy,
  type AnyMessenger,
} from '../approvals/harness';

const DAPP = 'https://dapp.example';
const ALICE = '0x' + 'a1'.repeat(20);
const BOB = '0x' + 'b2'.repeat(20);
const CAROL_CHECKSUMMED = '0xC0C0C0c0C0C0c0C0C0C0c0c0c0C0C0C0c0C0C0C0';

type Setup = {
  root: AnyMessenger;
  approvals: ApprovalController;
  permissions: PermissionController;
  known: string[];
  clock: { now: number };
  changes: { origin: string; accounts: string[] }[];
};

function setup(
  options: {
    state?: Partial<PermissionControllerState>;
    realClock?: boolean;
    root?: AnyMessenger;
  } = {},
): Setup {
  const root = options.root ?? createRoot();
  const approvals = createApprovalController(root);
  const known = [ALICE, BOB, CAROL_CHECKSUMMED.toLowerCase()];
  const clock = { now: 1_700_000_000_000 };
  const messenger = createChildMessenger<PermissionControllerMessenger>(
    root,
    permissionControllerName,
    ['ApprovalController:addRequest'],
  );
  const controllerOptions: PermissionControllerOptions = {
    messenger,
    state: options.state,
    getKnownAccounts: () => known,
    ...(options.realClock ? {} : { now: () => clock.now }),
  };
  const permissions = new PermissionController(controllerOptions);
  const changes: Setup['changes'] = [];
  root.subscribe('PermissionController:accountsChanged', (change: Setup['changes'][number]) =>
    changes.push(change),
  );
  return { root, approvals, permissions, known, clock, changes };
}

/** Approves the single pending connect request with `value`. */
function approveConnect(approvals: ApprovalController, value: unknown): void {
  const [pending] = approvals.getPending();
  if (!pending || pending.type !== 'connect') throw new Error('no connect approval pending');
  approvals.approve(pending.id, value as never);
}

describe('PermissionController', () => {
  it('requestAccounts goes through a connect approval and grants the chosen accounts for the period', async () => {
    const { approvals, permissions, clock, changes } = setup();
    expect(permissions.getPermittedAccounts(DAPP)).toEqual([]);

    const request = permissions.requestAccounts(DAPP);
    const [pending] = approvals.getPending();
    expect(pending).toMatchObject({
      origin: DAPP,
      type: 'connect',
      requestData: { permissions: ['eth_accounts'], periods: ['hour', 'week', 'month', 'year'] },
    });
    approveConnect(approvals, {
      accounts: [BOB.toUpperCase().replace('0X', '0x')],
      period: 'week',
    });
    await expect(request).resolves.toEqual([BOB]);

    expect(permissions.state.grants[DAPP]).toMatchObject({
      origin: DAPP,
      accounts: [BOB],
      period: 'week',
      grantedAt: clock.now,
      expiresAt: clock.now + 7 * 24 * 3600 * 1000,
    });
    expect(changes).toEqual([{ origin: DAPP, accounts: [BOB] }]);

    // Already connected: no second prompt.
    await expect(permissions.requestAccounts(DAPP)).resolves.toEqual([BOB]);
    expect(approvals.getPending()).toHaveLength(0);
  });

  it('publishes each new grant (for the backend record), not a revoke or a refused grant', () => {
    const { root, permissions, clock } = setup();
    const granted: unknown[] = [];
    root.subscribe('PermissionController:granted', (grant: unknown) => granted.push(grant));
    permissions.grantPermissions(DAPP, [ALICE], 'month');
    expect(() => permissions.grantPermissions(DAPP, [ALICE], 'decade' as never)).toThrow();
    expect(() => permissions.grantPermissions(DAPP, ['0x' + '99'.repeat(20)], 'hour')).toThrow();
    permissions.revokePermissions(DAPP);
    expect(granted).toEqual([
      expect.objectContaining({
        origin: DAPP,
        accounts: [ALICE],
        period: 'month',
        expiresAt: clock.now + 30 * 24 * 3600 * 1000,
      }),
    ]);
  });

  it('the periods are 1 hour, 1 week, 1 month (30 days) and 1 year (365 days)', () => {
    expect(PERMISSION_PERIODS).toEqual({
      hour: 3_600_000,
      week: 604_800_000,
      month: 2_592_000_000,
      year: 31_536_000_000,
    });
  });

  it('a denied connect gives 4001 "User rejected permissions request" and grants nothing', async () => {
    const { approvals, permissions, changes } = setup();
    const request = permissions.requestAccounts(DAPP);
    const [pending] = approvals.getPending();
    approvals.reject(pending!.id);
    const error = await rejectionOf(request);
    expect([error.code, error.message]).toEqual([4001, 'User rejected permissions request']);
    expect(permissions.state.grants).toEqual({});
    expect(changes).toEqual([]);
  });

  it('a second connect from the same origin while one is pending gets -32002', async () => {
    const { approvals, permissions } = setup();
    const first = permissions.requestAccounts(DAPP);
    const second = await rejectionOf(permissions.requestAccounts(DAPP));
    expect(second.code).toBe(-32002);
    approveConnect(approvals, { accounts: [ALICE], period: 'hour' });
    await expect(first).resolves.toEqual([ALICE]);
  });

  it.each([
    [undefined, 'Must provide non-empty array of account(s).'],
    [{ accounts: [], period: 'hour' }, 'Must provide non-empty array of account(s).'],
    [{ accounts: 'nope', period: 'hour' }, 'Must provide non-empty array of account(s).'],
    [{ period: 'hour' }, 'Must provide non-empty array of account(s).'],
    [
      { accounts: [ALICE, '0x' + '99'.repeat(20)], period: 'hour' },
      `Unknown account: 0x${'99'.repeat(20)}`,
    ],
    [{ accounts: [42], period: 'hour' }, 'Unknown account: 42'],
    [
      { accounts: [ALICE], period: 'decade' },
      'Invalid permission period "decade": expected one of hour, week, month, year.',
    ],
  ])('an approved value %j is refused with "%s"', async (value, message) => {
    const { approvals, permissions, changes } = setup();
    const request = permissions.requestPermissions(DAPP);
    approveConnect(approvals, value);
    const error = await rejectionOf(request);
    expect(error.message).toBe(message);
    expect(error.code).toBe(-32602);
    expect(permissions.state.grants).toEqual({});
    expect(changes).toEqual([]);
  });

  it('getPermissions answers in the EIP-2255 shape; revoke removes it and tells the origin', async () => {
    const { approvals, permissions, clock, changes } = setup();
    const request = permissions.requestPermissions(DAPP);
    approveConnect(approvals, { accounts: [ALICE, BOB, ALICE], period: 'hour' });
    const granted = await request;
    expect(granted).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        invoker: DAPP,
        parentCapability: 'eth_accounts',
        date: clock.now,
        caveats: [
          { type: 'restrictReturnedAccounts', value: [ALICE, BOB] },
          { type: 'expiresAt', value: clock.now + 3_600_000 },
        ],
      },
    ]);
    expect(permissions.getPermissions(DAPP)).toEqual(granted);
    expect(permissions.getPermissions('https://other.example')).toEqual([]);

    permissions.revokePermissions(DAPP);
    expect(permissions.getPermissions(DAPP)).toEqual([]);
    expect(permissions.getPermittedAccounts(DAPP)).toEqual([]);
    expect(changes).toEqual([
      { origin: DAPP, accounts: [ALICE, BOB] },
      { origin: DAPP, accounts: [] },
    ]);
    // Revoking what is not there is quiet.
    permissions.revokePermissions(DAPP);
    expect(changes).toHaveLength(2);
  });

  it('exposed accounts are filtered to the grant and to accounts the wallet still has', () => {
    const { permissions, known } = setup();
    permissions.grantPermissions(DAPP, [ALICE, CAROL_CHECKSUMMED], 'month');
    expect(permissions.getPermittedAccounts(DAPP)).toEqual([
      ALICE,
      CAROL_CHECKSUMMED.toLowerCase(),
    ]);
    known.splice(0, known.length, BOB, CAROL_CHECKSUMMED.toLowerCase()); // ALICE removed
    expect(permissions.getPermittedAccounts(DAPP)).toEqual([CAROL_CHECKSUMMED.toLowerCase()]);
    known.splice(0, known.length); // locked: nothing known
    expect(permissions.getPermittedAccounts(DAPP)).toEqual([]);
  });

  it('an expired grant answers as none on read, is pruned, and publishes accountsChanged', () => {
    const { permissions, clock, changes } = setup();
    permissions.grantPermissions(DAPP, [ALICE], 'hour');
    permissions.grantPermissions('https://long.example', [BOB], 'year');
    clock.now += 3_600_000 - 1;
    expect(permissions.getPermittedAccounts(DAPP)).toEqual([ALICE]);
    clock.now += 1;
    expect(permissions.getPermittedAccounts(DAPP)).toEqual([]);
    expect(permissions.getPermissions(DAPP)).toEqual([]);
    expect(Object.keys(permissions.state.grants)).toEqual(['https://long.example']);
    expect(changes.at(-1)).toEqual({ origin: DAPP, accounts: [] });
    expect(permissions.getPermittedAccounts('https://long.example')).toEqual([BOB]);
    permissions.destroy();
  });

  it('expiry is also found by the timer, without any read', () => {
    jest.useFakeTimers({ now: 1_700_000_000_000 });
    try {
      const { permissions, changes } = setup({ realClock: true });
      permissions.grantPermissions(DAPP, [ALICE], 'hour');
      permissions.grantPermissions('https://b.example', [BOB], 'week');
      jest.advanceTimersByTime(3_600_000 - 1);
      expect(changes).toHaveLength(2);
      jest.advanceTimersByTime(1);
      expect(changes.at(-1)).toEqual({ origin: DAPP, accounts: [] });
      expect(Object.keys(permissions.state.grants)).toEqual(['https://b.example']);
      // A week is within one timer; a year is longer than setTimeout allows and is chained.
      permissions.grantPermissions('https://c.example', [BOB], 'year');
      jest.advanceTimersByTime(7 * 24 * 3_600_000);
      expect(changes.at(-1)).toEqual({ origin: 'https://b.example', accounts: [] });
      jest.advanceTimersByTime(30 * 24 * 3_600_000);
      expect(Object.keys(permissions.state.grants)).toEqual(['https://c.example']);
      jest.advanceTimersByTime(365 * 24 * 3_600_000);
      expect(changes.at(-1)).toEqual({ origin: 'https://c.example', accounts: [] });
      expect(permissions.state.grants).toEqual({});
      expect(jest.getTimerCount()).toBe(0);
      permissions.destroy();
    } finally {
      jest.useRealTimers();
    }
  });

  it('grants are persisted and survive a restart; ones that expired meanwhile are dropped', () => {
    const first = setup();
    first.permissions.grantPermissions(DAPP, [ALICE], 'week');
    first.permissions.grantPermissions('https://short.example', [BOB], 'hour');
    const persisted = deriveStateFromMetadata(
      first.permissions.state,
      first.permissions.metadata,
      'persist',
    ) as PermissionControllerState;
    expect(
      deriveStateFromMetadata(first.permissions.state, first.permissions.metadata, 'usedInUi'),
    ).toEqual(persisted);
    first.permissions.destroy();

    // A fresh controller from the persisted JSON, two hours later.
    const later = first.clock.now + 2 * 3_600_000;
    const restarted = new PermissionController({
      messenger: createChildMessenger<PermissionControllerMessenger>(
        createRoot(),
        permissionControllerName,
      ),
      state: JSON.parse(JSON.stringify(persisted)),
      getKnownAccounts: () => [ALICE, BOB],
      now: () => later,
    });
    expect(Object.keys(restarted.state.grants)).toEqual([DAPP]);
    expect(restarted.getPermittedAccounts(DAPP)).toEqual([ALICE]);
    restarted.destroy();
  });

  it('direct grants validate like approved ones', () => {
    const { permissions } = setup();
    expect(thrownBy(() => permissions.grantPermissions(DAPP, [], 'hour')).message).toBe(
      'Must provide non-empty array of account(s).',
    );
    expect(
      thrownBy(() => permissions.grantPermissions(DAPP, ['0xnot-an-account'], 'hour')).message,
    ).toBe('Unknown account: 0xnot-an-account');
    expect(thrownBy(() => permissions.grantPermissions('', [ALICE], 'hour')).message).toBe(
      'A permission needs an origin.',
    );
    expect(permissions.state.grants).toEqual({});
  });

  it('works through messenger actions', async () => {
    const { root, approvals } = setup();
    const request = root.call('PermissionController:requestAccounts', DAPP) as Promise<string[]>;
    approveConnect(approvals, { accounts: [ALICE], period: 'year' });
    await expect(request).resolves.toEqual([ALICE]);
    expect(root.call('PermissionController:getPermittedAccounts', DAPP)).toEqual([ALICE]);
    expect(root.call('PermissionController:getPermissions', DAPP)).toHaveLength(1);
    root.call('PermissionController:revokePermissions', DAPP);
    expect(root.call('PermissionController:getPermittedAccounts', DAPP)).toEqual([]);
    expect(root.call('PermissionController:grantPermissions', DAPP, [BOB], 'hour')).toEqual([BOB]);
  });
});
