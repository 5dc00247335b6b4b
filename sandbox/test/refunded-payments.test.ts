/**
 * The store answers "this payment has no refunds" without a query when it knows the payment was never
 * refunded (store/repo.ts `refunded`, docs/decisions/0099): the set of refunded payments is read from
 * the table once and grows with every refund written. A payment's answer lists its refunds from the
 * very next request, after a restart too, and a refund's limit (what is left of the captured amount)
 * still counts every earlier refund.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { openDatabase } from '../store/db.js';
import { Store } from '../store/repo.js';
import { startSandbox } from '../server.js';
import type { Refund } from '../domain/types.js';
import { assertApiError, cardPayment, startTestSandbox, temporaryFolder, type TestSandbox } from './helpers.js';

/** A payment of the demo merchant confirmed with a card that succeeds, as its create answer shows it. */
async function succeeded(sandbox: TestSandbox, amount: number): Promise<string> {
  const payment = await sandbox.createPayment({ amount, currency: 'USD', confirm: true, ...cardPayment('4242424242424242') });
  assert.equal(payment['status'], 'succeeded');
  return String(payment['payment_id']);
}

const refundIdsOf = (body: Record<string, unknown>): unknown => (body['refunds'] as { refund_id: string }[] | null)?.map((refund) => refund.refund_id) ?? null;

describe('the refunds of a payment', () => {
  const dir = temporaryFolder('tender-refunded-');

  it("a payment's answer lists a refund from the next request on (the set grows with every refund written)", async () => {
    const sandbox = await startTestSandbox();
    try {
      const paymentId = await succeeded(sandbox, 1000);
      const before = await sandbox.request('GET', `/payments/${paymentId}`);
      assert.equal(before.status, 200, before.text);
      assert.equal(before.body['refunds'], null);

      const refund = await sandbox.request('POST', '/refunds', { body: { payment_id: paymentId, refund_id: 'grown_1', amount: 400 } });
      assert.equal(refund.status, 200, refund.text);
      const after = await sandbox.request('GET', `/payments/${paymentId}`);
      assert.deepEqual(refundIdsOf(after.body), ['grown_1']);
      // a payment never refunded still answers none
      const other = await succeeded(sandbox, 1000);
      assert.equal((await sandbox.request('GET', `/payments/${other}`)).body['refunds'], null);
    } finally {
      await sandbox.close();
    }
  });

  it('after a restart, refunds written before it are listed and still count against what is left to refund', async () => {
    const dbPath = join(dir(), 'refunded.db');
    const first = await startTestSandbox({ dbPath });
    const paymentId = await succeeded(first, 1000);
    const refund = await first.request('POST', '/refunds', { body: { payment_id: paymentId, refund_id: 'before_restart', amount: 700 } });
    assert.equal(refund.status, 200, refund.text);
    const secretKey = first.secretKey;
    await first.close();

    // the helper's start wants a fresh database: this one is started as `npm run sandbox` restarts
    const second = await startSandbox({ port: 0, dbPath, log: null });
    const call = async (method: string, path: string, body?: Record<string, unknown>) => {
      const response = await fetch(`${second.url}${path}`, {
        method,
        headers: { 'api-key': secretKey, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await response.text();
      return { status: response.status, body: JSON.parse(text) as Record<string, unknown>, headers: response.headers, text };
    };
    try {
      const answer = await call('GET', `/payments/${paymentId}`);
      assert.equal(answer.status, 200, answer.text);
      assert.deepEqual(refundIdsOf(answer.body), ['before_restart']);
      // 300 are left: 400 more is refused, 300 is taken
      assertApiError(await call('POST', '/refunds', { payment_id: paymentId, amount: 400 }), 400, 'IR_13');
      const rest = await call('POST', '/refunds', { payment_id: paymentId, refund_id: 'after_restart', amount: 300 });
      assert.equal(rest.status, 200, rest.text);
      assert.deepEqual(refundIdsOf((await call('GET', `/payments/${paymentId}`)).body), ['before_restart', 'after_restart']);
    } finally {
      await second.close();
    }
  });

  it('a refund written in a transaction that failed leaves nothing to list', () => {
    const store = new Store(openDatabase(':memory:'));
    store.db.pragma('foreign_keys = OFF'); // no merchant `m`: this test is about the refund row alone
    assert.deepEqual(store.refundsOfPayment('m', 'pay_1'), []);
    const refund = { merchant_id: 'm', refund_id: 'ref_1', payment_id: 'pay_1', settlement: null } as unknown as Refund;
    assert.throws(
      () =>
        store.transaction(() => {
          store.putRefund(refund);
          assert.equal(store.refundsOfPayment('m', 'pay_1').length, 1);
          throw new Error('rolled back');
        }),
      /rolled back/,
    );
    assert.deepEqual(store.refundsOfPayment('m', 'pay_1'), []);
  });
});
