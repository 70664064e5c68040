import { permissionRecord } from '../../src/background/engine/permission-sync';
import type { PermissionGrant } from '../../src/controllers/permissions/PermissionController';

const grant = (origin: string, period: PermissionGrant['period'] = 'hour'): PermissionGrant => ({
  id: 'g1',
  origin,
  accounts: ['0x' + 'a1'.repeat(20)],
  period,
  grantedAt: 0,
  expiresAt: 1,
});

describe('permissionRecord (what POST /permissions receives for a grant)', () => {
  it('names the site by its host and maps the period to the server ids', () => {
    expect(permissionRecord(grant('https://dapp.example:8443', 'week'))).toEqual({
      name: 'dapp.example:8443',
      action: 'eth_accounts',
      origin: 'https://dapp.example:8443',
      period: '1w',
    });
    expect(permissionRecord(grant('http://127.0.0.1:5173', 'year'))?.period).toBe('1y');
    expect(permissionRecord(grant('https://a.example', 'month'))?.period).toBe('1m');
    expect(permissionRecord(grant('https://a.example', 'hour'))?.period).toBe('1h');
  });

  it('sends nothing for an origin the server would refuse', () => {
    expect(permissionRecord(grant('orrery'))).toBeNull();
    expect(permissionRecord(grant('chrome-extension://abc'))).toBeNull();
    expect(permissionRecord(grant('javascript:alert(1)'))).toBeNull();
  });
});
