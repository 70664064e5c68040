import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Every concern's errors.ts: its codes are stable strings '<concern>.<reason>', unique across
// concerns, and the contract names each concern's codes for the views.
const CONTROLLERS = path.join(__dirname, '../../src/controllers');
const CONTRACT_ERRORS = path.join(__dirname, '../../src/background/contract/errors.ts');

const concerns = readdirSync(CONTROLLERS).filter((folder) =>
  readdirSync(path.join(CONTROLLERS, folder)).includes('errors.ts'),
);

async function codeTables(folder: string): Promise<[string, Record<string, string>][]> {
  const exports = (await import(path.join(CONTROLLERS, folder, 'errors.ts'))) as Record<
    string,
    unknown
  >;
  return Object.entries(exports).filter((entry): entry is [string, Record<string, string>] =>
    entry[0].endsWith('ErrorCode'),
  );
}

describe('error codes', () => {
  it('exist for the concerns that refuse actions', () => {
    expect(concerns).toEqual(
      expect.arrayContaining([
        'approvals',
        'backend',
        'currency',
        'keyring',
        'network',
        'preferences',
        'user-record',
      ]),
    );
  });

  it("read '<concern>.<reason>' with the reason as the key, and are unique", async () => {
    const seen = new Map<string, string>();
    for (const folder of concerns) {
      const tables = await codeTables(folder);
      expect(tables).toHaveLength(1);
      const [[name, table]] = tables as [[string, Record<string, string>]];
      const prefix = table[Object.keys(table)[0]!]!.split('.')[0]!;
      for (const [reason, code] of Object.entries(table)) {
        expect(code).toBe(`${prefix}.${reason}`);
        expect(seen.get(code)).toBeUndefined();
        seen.set(code, name);
      }
    }
    expect(seen.size).toBeGreaterThan(20);
  });

  it('are all named in the contract views import', async () => {
    const contract = readFileSync(CONTRACT_ERRORS, 'utf8');
    for (const folder of concerns) {
      for (const [name] of await codeTables(folder)) {
        expect(contract).toMatch(new RegExp(`\\|\\s*${name}\\b`));
      }
    }
  });
});
