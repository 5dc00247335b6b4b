import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { paymentIdOfClientSecret } from './client-secret.js';

describe('paymentIdOfClientSecret', () => {
  it('reads the payment id before the last _secret_', () => {
    assert.equal(paymentIdOfClientSecret('pay_abc_secret_0123456789abcdefghij'), 'pay_abc');
    assert.equal(paymentIdOfClientSecret('pay_my_secret_order_secret_xyz'), 'pay_my_secret_order');
  });

  it('refuses what is no client secret', () => {
    for (const value of ['', 'pay_abc', '_secret_xyz', 'pay_abc_secret_', 42, null, undefined]) {
      assert.equal(paymentIdOfClientSecret(value), null, String(value));
    }
  });
});
