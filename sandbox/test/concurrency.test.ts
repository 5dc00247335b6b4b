import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { cardPayment, startTestSandbox, type TestSandbox } from './helpers.js';
import { call, startSandboxProcess, type SandboxProcess } from './process.js';

describe('concurrent confirms', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  it('processes exactly one of ten simultaneous confirms of one payment; the rest get IR_16', async () => {
    const payment = await sandbox.createPayment({ amount: 100, currency: 'USD' });
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        sandbox.request('POST', `/payments/${payment.payment_id}/confirm`, {
          key: sandbox.publishableKey,
          body: { client_secret: payment.client_secret, ...cardPayment('4242424242424242') },
        }),
      ),
    );
    const ok = responses.filter((r) => r.status === 200);
    const refused = responses.filter((r) => r.status === 400 && (r.body.error as { code: string }).code === 'IR_16');
    assert.equal(ok.length, 1);
    assert.equal(refused.length, 9);
    const final = await sandbox.request('GET', `/payments/${payment.payment_id}`);
    assert.equal(final.body.attempt_count, 1);
  });
});

describe('concurrent confirms across two sandbox processes on one database', () => {
  let dir: string;
  let first: SandboxProcess;
  let second: SandboxProcess;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tender-concurrency-'));
    const dbPath = join(dir, 'shared.db');
    first = await startSandboxProcess(dbPath, { SANDBOX_LOG: 'off' });
    second = await startSandboxProcess(dbPath, { SANDBOX_LOG: 'off' });
  });
  after(async () => {
    await Promise.all([first.stop(), second.stop()]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('lets only one process win each payment', async () => {
    const key = first.secretKey ?? '';
    for (let round = 0; round < 15; round += 1) {
      const created = await call(first.url, key, 'POST', '/payments', { amount: 100, currency: 'USD' });
      const path = `/payments/${created.body.payment_id}/confirm`;
      const body = { client_secret: created.body.client_secret, ...cardPayment('4242424242424242') };
      const results = await Promise.all([
        call(first.url, first.publishableKey, 'POST', path, body),
        call(second.url, second.publishableKey, 'POST', path, body),
        call(first.url, first.publishableKey, 'POST', path, body),
        call(second.url, second.publishableKey, 'POST', path, body),
      ]);
      assert.equal(results.filter((r) => r.status === 200).length, 1, `round ${round}: ${JSON.stringify(results.map((r) => r.status))}`);
      assert.ok(results.every((r) => r.status === 200 || (r.body.error as { code: string }).code === 'IR_16'));
      const final = await call(second.url, key, 'GET', `/payments/${created.body.payment_id}`);
      assert.equal(final.body.attempt_count, 1);
    }
  });
});
