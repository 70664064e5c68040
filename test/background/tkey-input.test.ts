// The tKey actions' arguments cross from a view: only { password } or { phrase } reach the
// engine as a second factor (never a device factor), and only { password } or
// { confirmed: true } unlock the backup phrase's export.
import { confirmationOf, secondFactorOf } from '../../src/background/actions/tkey-input';
import type { TKeySecondFactor } from '../../src/background/contract/action-api';
import { ActionErrorCode } from '../../src/background/contract/protocol';

const invalid = expect.objectContaining({ code: ActionErrorCode.invalidParams });

describe('tKey action arguments', () => {
  it('accepts a password or a phrase as the second factor', () => {
    expect(secondFactorOf({ password: 'Pass word 12' })).toEqual({
      type: 'password',
      password: 'Pass word 12',
    });
    expect(secondFactorOf({ phrase: 'abandon ability' })).toEqual({
      type: 'phrase',
      phrase: 'abandon ability',
    });
  });

  it.each([
    null,
    'Pass word 12',
    {},
    { password: '' },
    { password: 12 },
    { phrase: 'x'.repeat(1025) },
    { password: 'Pass word 12', phrase: 'also' },
    { type: 'device', device: { factorId: 'f', wrapKey: 'ab'.repeat(32) } },
  ])('refuses %p as a second factor', (input) => {
    expect(() => secondFactorOf(input as unknown as TKeySecondFactor)).toThrow(invalid);
  });

  it('accepts a password or an explicit confirmation for the phrase export', () => {
    expect(confirmationOf({ password: 'Pass word 12' })).toEqual({ password: 'Pass word 12' });
    expect(confirmationOf({ confirmed: true })).toEqual({ confirmed: true });
    for (const input of [undefined, {}, { confirmed: 'yes' }, { password: '' }])
      expect(() => confirmationOf(input)).toThrow(invalid);
  });
});
