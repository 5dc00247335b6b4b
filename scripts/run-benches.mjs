// `npm run bench`: every benchmark in turn; exits non-zero when any missed its budget or failed.
import { spawnSync } from 'node:child_process';

const benches = ['bench:sandbox', 'bench:time-to-ready', 'bench:keystroke', 'bench:size', 'bench:eval', 'bench:cold-load'];
const failed = [];
for (const name of benches) {
  const result = spawnSync('npm', ['run', '--silent', name], { stdio: 'inherit' });
  if (result.status !== 0) failed.push(`${name} (exit ${result.status})`);
}
if (failed.length) {
  console.error(`\nbenchmarks over budget or failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('\nall benchmarks within budget');
