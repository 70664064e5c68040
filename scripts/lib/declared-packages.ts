/**
 * Every package the code imports is declared in package.json. npm hoists transitive packages
 * into node_modules, so an undeclared import resolves today and breaks when a dependency drops
 * it or moves its version (issue #9: `@metamask/utils` was imported that way). Code that ships
 * (src/, but for the development-only services below) must import from `dependencies`; tests,
 * scripts and build configuration may also use `devDependencies`.
 *
 * Imports are read with TypeScript's own pre-processor (static, dynamic, `import type`,
 * `export … from`, `require`), so comments and strings that merely look like imports do not count.
 */
import { readdir, readFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import path from 'node:path';

import ts from 'typescript';

/** What package.json declares. */
export interface PackageDeclarations {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

export interface UndeclaredImport {
  /** Path relative to the root, with forward slashes. */
  file: string;
  /** The package the import names. */
  packageName: string;
  /** 'undeclared': in neither list; 'devOnly': shipped code importing a devDependency. */
  problem: 'undeclared' | 'devOnly';
}

/** Folders whose code is checked, relative to the root; plus the root's own config files. */
export const CHECKED_FOLDERS = ['src', 'test', 'scripts'] as const;
const ROOT_FILES = ['webpack.config.ts', 'jest.config.mjs', 'eslint.config.mjs'];
const CODE_FILE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/u;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.cache', '.data', 'coverage']);

/**
 * Files under src/ that only `npm start` and the tests run (scripts/lib/login-services.ts starts
 * them), never a deployed wallet or backend: they may use devDependencies.
 */
const DEVELOPMENT_ONLY = [
  /^src\/server\/dev-identity-provider\//u,
  /^src\/server\/mail\/catcher\.ts$/u,
];

const BUILTINS = new Set(builtinModules);

/** The package an import specifier names, or null for relative, absolute and Node's own modules. */
export function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:'))
    return null;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? '');
  if (BUILTINS.has(name)) return null;
  return name;
}

/** The module specifiers a source file imports, by TypeScript's pre-processor. */
export function importedSpecifiers(sourceText: string): string[] {
  const info = ts.preProcessFile(sourceText, true, true);
  return info.importedFiles.map((file) => file.fileName);
}

/** The import problems of one file's text, given the root-relative file name. */
export function checkFile(
  file: string,
  sourceText: string,
  declarations: PackageDeclarations,
): UndeclaredImport[] {
  const dependencies = new Set(Object.keys(declarations.dependencies ?? {}));
  const devDependencies = new Set(Object.keys(declarations.devDependencies ?? {}));
  const ships = file.startsWith('src/') && !DEVELOPMENT_ONLY.some((pattern) => pattern.test(file));
  const problems: UndeclaredImport[] = [];
  const seen = new Set<string>();
  for (const specifier of importedSpecifiers(sourceText)) {
    const packageName = packageOf(specifier);
    if (packageName === null || seen.has(packageName)) continue;
    seen.add(packageName);
    if (dependencies.has(packageName)) continue;
    if (!devDependencies.has(packageName))
      problems.push({ file, packageName, problem: 'undeclared' });
    else if (ships) problems.push({ file, packageName, problem: 'devOnly' });
  }
  return problems;
}

async function codeFiles(root: string, folder: string): Promise<string[]> {
  const entries = await readdir(path.join(root, folder), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const relative = `${folder}/${entry.name}`;
      if (entry.isDirectory())
        return SKIPPED_FOLDERS.has(entry.name) ? [] : codeFiles(root, relative);
      return CODE_FILE.test(entry.name) ? [relative] : [];
    }),
  );
  return nested.flat();
}

/** The dependency lists of `root`'s package.json. */
export async function readDeclarations(root: string): Promise<PackageDeclarations> {
  return JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as PackageDeclarations;
}

/**
 * Every import problem under `root` (a checkout), against its package.json or the given lists.
 */
export async function findUndeclaredImports(
  root: string,
  declarations?: PackageDeclarations,
): Promise<UndeclaredImport[]> {
  declarations ??= await readDeclarations(root);
  const files = [
    ...(await Promise.all(CHECKED_FOLDERS.map((folder) => codeFiles(root, folder)))).flat(),
    ...ROOT_FILES,
  ];
  const lists = declarations;
  const problems = await Promise.all(
    files.map(async (file) =>
      checkFile(file, await readFile(path.join(root, file), 'utf8'), lists),
    ),
  );
  return problems.flat();
}
