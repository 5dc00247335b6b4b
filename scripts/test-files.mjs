// Which test files run where — found by name and place, never listed one by one:
// - every `*.test.ts` in the repository is a test;
// - those under `src/elements/` and `test/browser/` need a DOM and run in Chromium (web-test-runner);
// - every other one runs in Node (`node --test` through tsx);
// - Playwright's end-to-end specs are `test/e2e/**/*.spec.ts` (playwright.config.ts).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Folders that hold no tests of ours. */
const SKIP = new Set(['node_modules', 'dist', 'coverage', '.git', '.sandbox', '.bench', 'test-results']);
/** Test files under these folders run in the browser. */
export const BROWSER_TEST_DIRS = ['src/elements/', 'test/browser/'];
/** The same, as web-test-runner globs. */
export const BROWSER_TEST_GLOBS = BROWSER_TEST_DIRS.map((dir) => `${dir}**/*.test.ts`);

/** Every `*.test.ts` below `root`, as paths relative to it with `/` separators. */
export function testFiles(root = process.cwd(), dir = '') {
  const files = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (entry.name.startsWith('.') && dir === '' && entry.name !== '.ci') continue;
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!SKIP.has(entry.name)) files.push(...testFiles(root, path));
    } else if (entry.name.endsWith('.test.ts')) files.push(path);
  }
  return files.sort();
}

export const isBrowserTest = (path) => BROWSER_TEST_DIRS.some((dir) => path.startsWith(dir));
export const nodeTestFiles = (root) => testFiles(root).filter((path) => !isBrowserTest(path));
