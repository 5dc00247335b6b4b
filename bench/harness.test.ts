// The in-page benchmarks run as valid runs against today's element: every API request the element
// sends is one the page's stand-in answers (bench/page.ts), and each sample is there. Their timings
// are not checked here (budgets belong to `npm run bench`): a run over budget (exit 1) passes, a run
// that could not be made (exit 2: an unexpected request, a page error, no form) fails. Short
// settings, and the results go to a temporary folder, not .bench/.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { root } from './browser.js';

const results = mkdtempSync(join(tmpdir(), 'tender-bench-harness-'));
after(() => rmSync(results, { recursive: true, force: true }));

/** Runs `bench/<script>` with `settings`; fails unless it made a valid run; returns what it wrote. */
function runBench(script: string, settings: Record<string, string>): Record<string, unknown> {
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'bench', script)], {
    cwd: root,
    env: { ...process.env, ...settings, BENCH_RESULT_DIR: results },
    encoding: 'utf8',
    timeout: 180_000,
  });
  const output = `${run.stdout}\n${run.stderr}`;
  assert.ok(run.status === 0 || run.status === 1, `${script} was not a valid run (exit ${run.status}):\n${output.slice(-3000)}`);
  return JSON.parse(readFileSync(join(results, `${script.replace(/\.ts$/, '')}.json`), 'utf8')) as Record<string, unknown>;
}

test('time-to-ready: every element gets its payment and its payment-method list from the page, and each shows its form', () => {
  const result = runBench('time-to-ready.ts', { BENCH_ITERATIONS: '50', BENCH_WARMUP: '1', BENCH_COLD_RUNS: '1', BENCH_COLD_SETTLE_MS: '1' });
  const samples = result.samplesMs as { formHeight: number }[];
  const cold = result.coldMs as unknown[];
  assert.equal(samples.length, 50);
  assert.equal(cold.length, 1);
  assert.ok(samples.every((sample) => sample.formHeight > 0), 'every measured form was laid out with a height');
  // 50 measured + 1 warm-up elements in the page, 1 in a cold page: a payment GET and a list GET each
  assert.equal(result.stubbedRequests, 2 * (50 + 1 + 1));
});

test('keystroke: 500 keystrokes typed into a form whose payment and list the page answered', () => {
  const result = runBench('keystroke.ts', { BENCH_KEYSTROKES: '500', BENCH_WARMUP: '1', BENCH_TYPED: '0' });
  assert.equal((result.samplesMs as unknown[]).length, 500);
  assert.ok((result.brandsSeen as string[]).includes('visa'));
});
