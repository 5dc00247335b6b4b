// Runs every Node-side test file (pure logic, API client, sandbox) with Node's own test runner.
// Browser tests (src/elements, test/browser) run under web-test-runner; e2e under Playwright.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const roots = ['src/card', 'src/money', 'src/api', 'src/i18n', 'src/themes', 'src/flow', 'sandbox', 'demo/test', 'test/node', 'bench'];
const files = [];
function walk(dir) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return; // a root that does not exist yet has no tests
  }
  for (const name of entries) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (name.endsWith('.test.ts')) files.push(relative(process.cwd(), path));
  }
}
roots.forEach(walk);
if (files.length === 0) {
  console.error('run-node-tests: no test files found');
  process.exit(1);
}
const only = process.argv.slice(2);
const selected = only.length ? files.filter((f) => only.some((o) => f.includes(o))) : files;
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...selected],
  { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } },
);
process.exit(result.status ?? 1);
