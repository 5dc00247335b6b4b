// The sandbox answers in the shapes the widget's client parses (src/api/schemas.ts). helpers.ts runs
// this check on every answer of every sandbox test; these tests show the check itself bites.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertMatchesTheOpenApiDocument, assertParsesAsTheClientWould, cardPayment, startTestSandbox, type TestSandbox } from './helpers.js';

describe('response shapes', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  it('a confirmed payment parses, and the same payment without a member the client needs does not', async () => {
    const payment = await sandbox.createPayment({ amount: 1000, currency: 'EUR', confirm: true, ...cardPayment('4242424242424242') });
    const url = new URL(`/payments/${String(payment.payment_id)}`, sandbox.url);
    assert.doesNotThrow(() => assertParsesAsTheClientWould(url, payment));
    const { attempt_count: _dropped, ...broken } = payment;
    assert.throws(() => assertParsesAsTheClientWould(url, broken), /does not parse as the client expects/);
    assert.throws(() => assertParsesAsTheClientWould(url, { ...payment, status: 'paid' }), /does not parse/);
  });

  it('an error envelope without a code does not parse', async () => {
    const response = await sandbox.request('GET', '/payments/pay_missing');
    assert.equal(response.status, 404);
    const { code: _code, ...withoutCode } = (response.body as { error: Record<string, unknown> }).error;
    assert.throws(() => assertParsesAsTheClientWould(new URL('/payments/x', sandbox.url), { error: withoutCode }), /error envelope/);
  });

  it('the payment-method list parses for the browser and for the merchant server', async () => {
    const payment = await sandbox.createPayment({ amount: 1000, currency: 'EUR' });
    const browser = await sandbox.request('GET', '/account/payment_methods', { key: sandbox.publishableKey, query: { client_secret: String(payment.client_secret) } });
    const server = await sandbox.request('GET', '/account/payment_methods');
    assert.equal(browser.status, 200);
    assert.equal(server.status, 200);
    assert.throws(() => assertParsesAsTheClientWould(new URL('/account/payment_methods', sandbox.url), { payment_methods: [{ payment_method: 'card' }] }), /payment-method list/);
  });

  it('every answer is also held to the real service\'s OpenAPI schema: a payment without processor_merchant_id fails it', async () => {
    const payment = await sandbox.createPayment({ amount: 1000, currency: 'EUR', confirm: true, ...cardPayment('4242424242424242') });
    const url = new URL(`/payments/${String(payment.payment_id)}`, sandbox.url);
    assert.doesNotThrow(() => assertMatchesTheOpenApiDocument('GET', url, 200, payment));
    const { processor_merchant_id: _dropped, ...broken } = payment;
    assert.throws(() => assertMatchesTheOpenApiDocument('GET', url, 200, broken), /processor_merchant_id/);
  });
});
