// Every package the code imports is declared in package.json (issue #9), and code that ships
// imports only `dependencies`: checked over the whole checkout, and shown to catch each way an
// import can be written.
import path from 'node:path';

import {
  checkFile,
  findUndeclaredImports,
  readDeclarations,
} from '../../scripts/lib/declared-packages';

const ROOT = path.resolve(__dirname, '../..');

const declarations = {
  dependencies: { viem: '2', '@metamask/base-controller': '9' },
  devDependencies: { 'fake-indexeddb': '6' },
};

describe('declared packages', () => {
  it('every import in src, test, scripts and the root configs names a declared package', async () => {
    expect(await findUndeclaredImports(ROOT)).toEqual([]);
  });

  it('finds the import issue #9 named once its package is no longer declared', async () => {
    const { dependencies = {}, devDependencies } = await readDeclarations(ROOT);
    const { '@metamask/utils': _removed, ...rest } = dependencies;
    const problems = await findUndeclaredImports(ROOT, { dependencies: rest, devDependencies });
    expect(problems).toContainEqual({
      file: 'src/shared/primitives.ts',
      packageName: '@metamask/utils',
      problem: 'undeclared',
    });
    expect(new Set(problems.map((problem) => problem.packageName))).toEqual(
      new Set(['@metamask/utils']),
    );
  });

  it.each([
    ['a static import', "import { isHexString } from '@metamask/utils';"],
    ['a type-only import', "import type { Hex } from '@metamask/utils';"],
    ['a re-export', "export type { Hex } from '@metamask/utils';"],
    ['a side-effect import', "import '@metamask/utils';"],
    ['a dynamic import', "const utils = await import('@metamask/utils');"],
    ['a require', "const utils = require('@metamask/utils');"],
    ['a subpath', "import { x } from '@metamask/utils/node';"],
  ])('flags %s of an undeclared package', (_how, code) => {
    expect(checkFile('src/shared/probe.ts', code, declarations)).toEqual([
      { file: 'src/shared/probe.ts', packageName: '@metamask/utils', problem: 'undeclared' },
    ]);
  });

  it('ignores relative imports, Node modules, declared packages and import-like text', () => {
    const code = [
      "import { a } from './a';",
      "import { b } from '../../shared/b';",
      "import fs from 'node:fs';",
      "import path from 'path';",
      "import { encodeFunctionData } from 'viem';",
      "import { privateKeyToAccount } from 'viem/accounts';",
      "import { BaseController } from '@metamask/base-controller';",
      "// moves a record away from 'confirmed'",
      'const text = "import x from \'left-pad\'";',
    ].join('\n');
    expect(checkFile('src/controllers/probe.ts', code, declarations)).toEqual([]);
  });

  it('lets tests, scripts and development-only services use devDependencies, not shipped code', () => {
    const code = "import 'fake-indexeddb/auto';";
    expect(checkFile('test/background/probe.test.ts', code, declarations)).toEqual([]);
    expect(checkFile('scripts/bench/probe.ts', code, declarations)).toEqual([]);
    expect(checkFile('src/server/dev-identity-provider/probe.ts', code, declarations)).toEqual([]);
    expect(checkFile('src/background/probe.ts', code, declarations)).toEqual([
      { file: 'src/background/probe.ts', packageName: 'fake-indexeddb', problem: 'devOnly' },
    ]);
  });
});
