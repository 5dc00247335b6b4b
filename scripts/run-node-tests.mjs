// Runs every Node-side test file (pure logic, API client, flow, sandbox, demo, benches' helpers) with
// Node's own test runner. Which files those are is decided in scripts/test-files.mjs.
// `node scripts/run-node-tests.mjs sandbox card` runs only the files whose path contains one of the words.
import { spawnSync } from 'node:child_process';
import { nodeTestFiles } from './test-files.mjs';

const files = nodeTestFiles();
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
