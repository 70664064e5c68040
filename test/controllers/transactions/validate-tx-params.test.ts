import {
  normalizeTxParams,
  validateSender,
  validateTxParams,
} from '../../../src/controllers/transactions/validate-tx-params';

const from = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const to = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

function check(params: unknown, eip1559 = true) {
  const normalized =
    params && typeof params === 'object' && !Array.isArray(params)
      ? normalizeTxParams(params as Record<string, unknown>)
      : params;
  return validateTxParams(normalized, eip1559);
}

describe('transaction params validation (spec §5)', () => {
  it.each([
    [null, 'Invalid transaction params: must be an object.'],
    ['0x1', 'Invalid transaction params: must be an object.'],
    [[{ from }], 'Invalid transaction params: must be an object.'],
  ])('refuses a non-object %p', (params, message) => {
    expect(() => validateTxParams(params, true)).toThrow(message);
  });

  it('requires to or data', () => {
    expect(() => check({ from, value: '0x1' })).toThrow(
      'Invalid transaction params: must specify "data" for contract deployments, or "to" (and optionally "data") for all other types of transactions.',
    );
  });

  it('refuses fee-market fields on a network without EIP-1559, accepts them with it', () => {
    const params = { from, to, maxFeePerGas: '0x2', maxPriorityFeePerGas: '0x1' };
    expect(() => check(params, false)).toThrow(
      'Invalid transaction params: params specify an EIP-1559 transaction but the current network does not support EIP-1559',
    );
    expect(check(params, true)).toMatchObject({ maxFeePerGas: '0x2', maxPriorityFeePerGas: '0x1' });
    expect(check({ from, to, gasPrice: '0x1' }, false)).toMatchObject({ gasPrice: '0x1' });
  });

  it('requires string fields other than chainId', () => {
    expect(() => validateTxParams({ from, to, gas: 21000 }, true)).toThrow(
      'Invalid transaction params: gas is not a string. got: (21000)',
    );
    expect(() => validateTxParams({ from, to, value: 5 }, true)).toThrow(
      'Invalid transaction params: value is not a string. got: (5)',
    );
    expect(validateTxParams({ from, to, chainId: 31337 }, true)).toMatchObject({ chainId: 31337 });
    expect(() => validateTxParams({ from, to, chainId: true }, true)).toThrow(
      'Invalid transaction params: chainId is not a Number or hex string. got: (true)',
    );
  });

  it('keeps an access list and refuses one that is not an array', () => {
    const accessList = [{ address: to, storageKeys: [`0x${'00'.repeat(32)}`] }];
    expect(check({ from, to, type: '0x1', gasPrice: '0x1', accessList })).toMatchObject({
      accessList,
    });
    expect(() => check({ from, to, accessList: 'none' })).toThrow(
      'Invalid transaction params: accessList is not an array. got: (none)',
    );
  });

  it('refuses gasPrice mixed with fee-market fields', () => {
    expect(() => check({ from, to, gasPrice: '0x1', maxFeePerGas: '0x1' })).toThrow(
      'Invalid transaction params: specified gasPrice but also included maxFeePerGas, these cannot be mixed',
    );
    expect(() => check({ from, to, gasPrice: '0x1', maxPriorityFeePerGas: '0x1' })).toThrow(
      'Invalid transaction params: specified gasPrice but also included maxPriorityFeePerGas, these cannot be mixed',
    );
    expect(() =>
      validateTxParams({ from, to, maxPriorityFeePerGas: '0x1', gasPrice: '0x1' }, true),
    ).toThrow(
      'Invalid transaction params: specified maxPriorityFeePerGas but also included gasPrice, these cannot be mixed',
    );
  });

  it('refuses an envelope type that does not match the fee fields', () => {
    expect(() => check({ from, to, type: '0x2', gasPrice: '0x1' })).toThrow(
      'Invalid transaction envelope type: specified type "0x2" but included a gasPrice instead of maxFeePerGas and maxPriorityFeePerGas',
    );
    expect(() =>
      check({ from, to, type: '0x0', maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x1' }),
    ).toThrow(
      'Invalid transaction envelope type: specified type "0x0" but including maxFeePerGas and maxPriorityFeePerGas requires type: "0x2"',
    );
  });

  it('refuses a negative value or one with a decimal point, accepts wei', () => {
    expect(() => check({ from, to, value: '-1' })).toThrow(
      'Invalid transaction value "0x-1": not a positive number.',
    );
    expect(() => check({ from, to, value: '1.5' })).toThrow(
      'Invalid transaction value of "0x1.5": number must be in wei.',
    );
    expect(check({ from, to, value: '0xde0b6b3a7640000' })).toMatchObject({
      value: '0xde0b6b3a7640000',
    });
  });

  it('requires a valid from address', () => {
    expect(() => check({ to, from: undefined, data: '0x00' })).toThrow(
      'Invalid "from" address "undefined": not a string.',
    );
    expect(() => validateTxParams({ to, from: 42 }, true)).toThrow(
      'Invalid "from" address "42": not a string.',
    );
    expect(() => check({ to, from: '0x1234' })).toThrow('Invalid "from" address.');
  });

  it("allows '0x' or null as recipient only with data, and then removes it", () => {
    expect(() => check({ from, to: '0x1234' })).toThrow('Invalid "to" address.');
    expect(() => check({ from, to: '0x', value: '0x1' })).toThrow('Invalid "to" address.');
    expect(() => validateTxParams({ from, to: null, value: '0x1', data: undefined }, true)).toThrow(
      'must specify "data" for contract deployments',
    );
    const deploy = check({ from, to: '0x', data: '0x6000' });
    expect('to' in deploy).toBe(false);
    const deployNull = check({ from, to: null, data: '0x6000' });
    expect('to' in deployNull).toBe(false);
    // Empty calldata is no data: it cannot make a deployment.
    expect(() => validateTxParams({ from, to: null, value: '0x1', data: '0x' }, true)).toThrow(
      'must specify "data" for contract deployments',
    );
    expect(() => validateTxParams({ from, to: '0x', data: '0x' }, true)).toThrow(
      'Invalid "to" address.',
    );
  });

  it('normalises: lowercases addresses, prefixes hex, maps input to data, drops unknown fields', () => {
    const normalized = normalizeTxParams({
      from: from.toUpperCase().replace('0X', '0x'),
      to: 'f39fd6e51aad88f6f4ce6ab8827279cfffb92266',
      input: 'a9059cbb',
      gas: '5208',
      somethingElse: 'x',
    });
    expect(normalized).toEqual({ from, to: from, data: '0xa9059cbb', gas: '0x5208' });
  });

  it("requires the sender to be the selected account: 'Unauthorized origin' for a dapp, an internal error for the wallet", () => {
    expect(() => validateSender(from, to, 'https://dapp.example', 'orrery')).toThrow(
      'Unauthorized origin',
    );
    try {
      validateSender(from, to, 'https://dapp.example', 'orrery');
    } catch (error) {
      expect((error as { code: number }).code).toBe(4100);
    }
    expect(() => validateSender(from, to, 'orrery', 'orrery')).toThrow(
      'Internally initiated transaction is using invalid account.',
    );
    expect(() =>
      validateSender(
        from,
        from.toUpperCase().replace('0X', '0x'),
        'https://dapp.example',
        'orrery',
      ),
    ).not.toThrow();
  });
});
