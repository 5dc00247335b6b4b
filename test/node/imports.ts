// The import statements of the repository's own modules, read as text (no TypeScript, no bundler): what
// test/node/layering.test.ts and test/node/no-import-cycles.test.ts check.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '../..');

/** Every `.ts`, `.mjs` and `.js` file below `dir` (a repository path), tests included. */
export function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(join(root, dir))) {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) files.push(...sourceFiles(path));
    else if (/\.(ts|mjs|js)$/.test(name)) files.push(path);
  }
  return files;
}

/**
 * - `static`: `import … from`, `import '…'`, `export … from`, evaluated before the importing module;
 * - `type`: `import type …`, `export type … from`, erased from the JavaScript but still a dependency of meaning;
 * - `dynamic`: `import('…')`, a module fetched when the code asks for it (a lazily loaded chunk).
 */
export type ImportKind = 'static' | 'type' | 'dynamic';

export interface Import {
  kind: ImportKind;
  /** A repository path (`src/card/index.js`, as written: `.js`) or a bare package name (`hono`). */
  target: string;
}

/**
 * A statement at the start of a line (a comment line starts with `//` or `*`): `import`/`export`, then
 * anything but quotes and semicolons (the braces of a list may span lines), then `from '…'`; or a
 * side-effect `import '…'`.
 */
const STATEMENT = /^[ \t]*(import|export)(\s+type\b)?(?:[^;'"`]*?\bfrom\s*|\s*)(['"])([^'"]+)\3/gm;
const DYNAMIC = /\bimport\s*\(\s*(['"])([^'"]+)\1\s*\)/g;

/** Every module a file imports, resolved to a repository path (relative specifiers) or left as a package name. */
export function importsOf(file: string): Import[] {
  const text = readFileSync(join(root, file), 'utf8');
  const target = (specifier: string) => (specifier.startsWith('.') ? relative(root, resolve(root, file, '..', specifier)) : specifier);
  return [
    ...[...text.matchAll(STATEMENT)].map((match) => ({ kind: (match[2] ? 'type' : 'static') as ImportKind, target: target(match[4]!) })),
    ...[...text.matchAll(DYNAMIC)].map((match) => ({ kind: 'dynamic' as const, target: target(match[2]!) })),
  ];
}

/** The `.ts` file a repository path written with `.js` names (`src/card/index.js` → `src/card/index.ts`), if there is one. */
export function tsFile(target: string): string | null {
  for (const candidate of [target.replace(/\.js$/, '.ts'), `${target}.ts`, `${target}/index.ts`]) {
    if (candidate.endsWith('.ts') && existsSync(join(root, candidate)) && statSync(join(root, candidate)).isFile()) return candidate;
  }
  return null;
}
