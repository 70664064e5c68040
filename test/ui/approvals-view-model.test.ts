import {
  actingAccount,
  chainMismatch,
  connectPeriods,
  dappIdentity,
  originLabel,
  readableMessage,
  safeIconUrl,
  typedDataView,
  windowRequest,
  type PendingApproval,
} from '../../src/ui/view-models/approvals';

const DAPP = 'http://localhost:3001';

function pending(id: string, time: number, origin = DAPP): PendingApproval {
  return {
    id,
    origin,
    time,
    type: 'personal_sign',
    requestData: { messageId: id, from: '0xAB', data: '0x68656c6c6f' },
  };
}

describe('windowRequest', () => {
  const queue = {
    pendingApprovals: {
      b: pending('b', 2),
      a: pending('a', 1, 'https://other.example'),
      c: pending('c', 3),
    },
  };
  it('shows the named request with its place in the whole queue, oldest first', () => {
    expect(windowRequest(queue, 'b', DAPP)).toMatchObject({
      status: 'show',
      position: 2,
      total: 3,
      request: { id: 'b' },
    });
    expect(windowRequest(queue, 'c', null)).toMatchObject({ status: 'show', position: 3 });
  });
  it('gives none for an unknown id or none at all, and refuses another origin’s request', () => {
    expect(windowRequest(queue, 'zz', DAPP)).toEqual({ status: 'none' });
    expect(windowRequest(queue, null, DAPP)).toEqual({ status: 'none' });
    expect(windowRequest(queue, 'a', DAPP)).toEqual({ status: 'mismatch' });
  });
  it('gives none for a type it has no screen for', () => {
    const odd = { ...pending('x', 1), type: 'user_info' } as unknown as PendingApproval;
    expect(windowRequest({ pendingApprovals: { x: odd } }, 'x', DAPP)).toEqual({
      status: 'none',
    });
  });
});

describe('header', () => {
  it('labels https by host and others with their scheme', () => {
    expect(originLabel('https://app.example:8443')).toBe('app.example:8443');
    expect(originLabel('http://localhost:3001')).toBe('http://localhost:3001');
    expect(originLabel('not a url')).toBe('not a url');
  });
  it('loads only https or inline image icons', () => {
    expect(safeIconUrl('https://a.example/i.png')).toBe('https://a.example/i.png');
    expect(safeIconUrl('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
    expect(safeIconUrl('http://a.example/i.png')).toBeNull();
    expect(safeIconUrl('javascript:alert(1)')).toBeNull();
    expect(safeIconUrl('data:text/html,<script>')).toBeNull();
    expect(safeIconUrl(null)).toBeNull();
  });
  it('names the dapp from its metadata, and the acting account from the request', () => {
    const metadata = { dappMetadata: { [DAPP]: { name: 'Test dapp', icon: 'http://x/i.png' } } };
    expect(dappIdentity(metadata, DAPP)).toEqual({ name: 'Test dapp', icon: null });
    expect(dappIdentity(metadata, 'https://b.example')).toEqual({ name: null, icon: null });
    expect(actingAccount(pending('a', 1), '0xsel')).toBe('0xab');
    const connect = {
      ...pending('c', 1),
      type: 'connect',
      requestData: { permissions: ['eth_accounts'], periods: ['hour'] },
    } as PendingApproval;
    expect(actingAccount(connect, '0xsel')).toBe('0xsel');
  });
});

describe('readableMessage', () => {
  it('decodes printable UTF-8, keeps other bytes as hex, and passes text through', () => {
    expect(readableMessage('0x68656c6c6f')).toEqual({ kind: 'text', value: 'hello' });
    expect(readableMessage('0xe697a5e69cac0a31')).toEqual({ kind: 'text', value: '日本\n1' });
    expect(readableMessage('0x' + '11'.repeat(32))).toEqual({
      kind: 'hex',
      value: '0x' + '11'.repeat(32),
    });
    expect(readableMessage('0xff00')).toEqual({ kind: 'hex', value: '0xff00' });
    expect(readableMessage('plain text')).toEqual({ kind: 'text', value: 'plain text' });
  });
});

describe('typedDataView', () => {
  // EIP-712's own example (the Mail struct).
  const mail = {
    types: {},
    primaryType: 'Mail',
    domain: {
      name: 'Ether Mail',
      version: '1',
      chainId: 1,
      verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
    },
    message: {
      from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
      to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
      contents: 'Hello, Bob!',
    },
  };
  it('reads V4 (object or JSON text): domain, chain, contract, primary type and a tree', () => {
    for (const data of [mail, JSON.stringify(mail)]) {
      const view = typedDataView(data, 'V4');
      expect(view.primaryType).toBe('Mail');
      expect(view.chainId).toBe('1');
      expect(view.verifyingContract).toBe('0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC');
      expect(view.domain.map((node) => node.name)).toEqual([
        'name',
        'version',
        'chainId',
        'verifyingContract',
      ]);
      expect(view.message[0]).toEqual({
        name: 'from',
        children: [
          { name: 'name', value: 'Cow' },
          { name: 'wallet', value: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
        ],
      });
      expect(view.message[2]).toEqual({ name: 'contents', value: 'Hello, Bob!' });
    }
  });
  it('flags a domain chain other than the active one', () => {
    const view = typedDataView(mail, 'V4');
    expect(chainMismatch(view, '0x1')).toBe(false);
    expect(chainMismatch(view, '0x1691')).toBe(true);
    expect(chainMismatch(typedDataView({ ...mail, domain: {} }, 'V4'), '0x1691')).toBe(false);
  });
  it('reads V1 as rows of name, type and value', () => {
    const view = typedDataView(
      [
        { type: 'string', name: 'Message', value: 'Hi, Alice!' },
        { type: 'uint32', name: 'A number', value: '1337' },
      ],
      'V1',
    );
    expect(view.domain).toEqual([]);
    expect(view.message).toEqual([
      { name: 'Message', type: 'string', value: 'Hi, Alice!' },
      { name: 'A number', type: 'uint32', value: '1337' },
    ]);
  });
});

describe('connectPeriods', () => {
  it('keeps the known periods in the spec’s order', () => {
    expect(connectPeriods(['year', 'hour', 'forever', 'week'])).toEqual(['hour', 'week', 'year']);
  });
});
