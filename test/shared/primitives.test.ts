// One address rule for every side (issue #9: "one Hex and address type"): src/shared/primitives
// decides what an address looks like, and no other source file writes the rule out again.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

import { ADDRESS_PATTERN } from '../../src/shared/api/primitives';
import { ADDRESS_TEXT, isAddress } from '../../src/shared/primitives';

const SRC = path.resolve(__dirname, '../../src');

async function sourceFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) return sourceFiles(full);
      return Promise.resolve(/\.(ts|tsx|mjs)$/u.test(entry.name) ? [full] : []);
    }),
  );
  return nested.flat();
}

describe('the address rule', () => {
  it.each([
    ['lower case', '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', true],
    ['upper case', '0xF39FD6E51AAD88F6F4CE6AB8827279CFFFB92266', true],
    [
      'mixed case (the checksum is the caller’s check)',
      '0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      true,
    ],
    ['39 digits', '0xf39fd6e51aad88f6f4ce6ab8827279cfffb9226', false],
    ['41 digits', '0xf39fd6e51aad88f6f4ce6ab8827279cfffb922661', false],
    ['no 0x', 'f39fd6e51aad88f6f4ce6ab8827279cfffb92266', false],
    ['0X', '0Xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', false],
    ['a non-hex digit', '0xg39fd6e51aad88f6f4ce6ab8827279cfffb92266', false],
    ['a trailing line break', '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266\n', false],
    ['a number', 0x1234, false],
    ['nothing', undefined, false],
  ])('%s', (_what, value, expected) => {
    expect(isAddress(value)).toBe(expected);
  });

  it('is the backend contract’s address pattern too', () => {
    expect(ADDRESS_PATTERN).toBe(`^${ADDRESS_TEXT}$`);
  });

  it('is written out in src/shared/primitives.ts only', async () => {
    const rule = /\[(0-9a-fA-F|0-9a-f|a-fA-F0-9|0-9A-Fa-f|a-f0-9|0-9A-F)\]\{40\}/u;
    const writers: string[] = [];
    for (const file of await sourceFiles(SRC)) {
      if (rule.test(await readFile(file, 'utf8'))) writers.push(path.relative(SRC, file));
    }
    expect(writers).toEqual([path.join('shared', 'primitives.ts')]);
  });
});
