// The layering rules of docs/architecture.md, checked on the import statements themselves:
// src/ never imports the sandbox; the sandbox's domain and store never see HTTP.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';

const root = resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(join(root, dir))) {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) files.push(...sourceFiles(path));
    else if (/\.(ts|mjs|js)$/.test(name)) files.push(path);
  }
  return files;
}

/** Every module a file imports (static `import … from`, `export … from`, and `import()`), resolved to a repository path or left as a bare package name. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)['"]([^'"]+)['"]/gm)].map((match) => match[1]!);
  return specifiers.map((specifier) => (specifier.startsWith('.') ? relative(root, resolve(root, file, '..', specifier)) : specifier));
}

/** Shipped modules only: a test file beside the code may use the test helpers and a real sandbox. */
function violations(dir: string, forbidden: (target: string) => boolean): string[] {
  return sourceFiles(dir).filter((file) => !file.endsWith('.test.ts')).flatMap((file) => importsOf(file).filter(forbidden).map((target) => `${file} → ${target}`));
}

describe('layering', () => {
  it('finds the imports it checks (the checker itself works)', () => {
    assert.ok(importsOf('sandbox/domain/card-check.ts').includes('src/card/index.js'));
    assert.ok(importsOf('sandbox/app.ts').includes('hono'));
  });

  it('src/ (outside its tests) imports nothing from the sandbox, the demo or the tests', () => {
    assert.deepEqual(violations('src', (target) => /^(sandbox|demo|test|bench)\//.test(target)), []);
  });

  it('sandbox/domain and sandbox/store import nothing from sandbox/http, sandbox/routes or Hono', () => {
    const http = (target: string): boolean => /^sandbox\/(http|routes|pages)\//.test(target) || target === 'hono' || target.startsWith('hono/') || target.startsWith('@hono/');
    assert.deepEqual([...violations('sandbox/domain', http), ...violations('sandbox/store', http)], []);
  });
});
