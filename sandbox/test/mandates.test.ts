import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { cardPayment, startTestSandbox, type TestSandbox } from './helpers.js';

const acceptance = { acceptance_type: 'online', accepted_at: '2026-11-01T10:00:00Z', online: { ip_address: '127.0.0.1', user_agent: 'node' } };

describe('mandates', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  const setUp = (mandateType: Record<string, unknown>, customerId = 'cus_mandate') =>
    sandbox.createPayment({
      amount: 1000,
      currency: 'USD',
      confirm: true,
      customer_id: customerId,
      setup_future_usage: 'off_session',
      mandate_data: { customer_acceptance: acceptance, mandate_type: mandateType },
      ...cardPayment('4242424242424242'),
    });

  const recurring = (mandateId: unknown, extra: Record<string, unknown> = {}) =>
    sandbox.request('POST', '/payments', {
      body: { amount: 500, currency: 'USD', confirm: true, off_session: true, mandate_id: mandateId, customer_id: 'cus_mandate', ...extra },
    });

  it('creates a mandate with the first payment, and charges it later without card data', async () => {
    const first = await setUp({ multi_use: { amount: 1000, currency: 'USD' } });
    assert.equal(first.status, 'succeeded');
    assert.match(String(first.mandate_id), /^man_[A-Za-z0-9]{20}$/);
    const later = await recurring(first.mandate_id);
    assert.equal(later.status, 200);
    assert.equal(later.body.status, 'succeeded');
    assert.equal(later.body.mandate_id, first.mandate_id);
    assert.equal(later.body.off_session, true);
    assert.equal((later.body.payment_method_data as { card: { last4: string } }).card.last4, '4242');
    const again = await recurring(first.mandate_id);
    assert.equal(again.body.status, 'succeeded', 'a multi-use mandate can be charged again');
  });

  it('charges a single-use mandate again, each payment within its amount, as upstream (its MIT does not spend it)', async () => {
    const first = await setUp({ single_use: { amount: 1000, currency: 'USD' } });
    assert.equal((await recurring(first.mandate_id)).body.status, 'succeeded');
    assert.equal((await recurring(first.mandate_id)).body.status, 'succeeded');
    // upstream: 400 HE_03 "Mandate Validation Failed", reason in verify_mandate_details' words
    const over = await recurring(first.mandate_id, { amount: 1001 });
    assert.equal(over.status, 400);
    assert.deepEqual([(over.body.error as { code: string }).code, (over.body.error as { reason: string }).reason], ['HE_03', 'request amount is greater than mandate amount']);
  });

  it('refuses misuse with a clear error', async () => {
    const first = await setUp({ multi_use: { amount: 1000, currency: 'USD' } });
    // upstream: 400 HE_03 "Mandate Validation Failed" with a `reason` (api_error_response.rs MandateValidationFailed)
    const cases: [Record<string, unknown>, number, string, RegExp][] = [
      [{ off_session: undefined }, 422, 'IR_06', /off_session must be true/],
      [{ mandate_id: 'man_doesnotexist000000000' }, 404, 'HE_02', /Mandate does not exist/],
      [{ amount: 5000 }, 400, 'HE_03', /^request amount is greater than mandate amount$/],
      [{ currency: 'EUR' }, 400, 'HE_03', /mandate is for USD/],
      [{ customer_id: 'cus_someone_else' }, 400, 'HE_03', /customer_id must match/],
      [{ payment_method_data: cardPayment('4242424242424242').payment_method_data }, 422, 'IR_06', /either mandate_id or payment_method_data/],
    ];
    for (const [extra, status, code, message] of cases) {
      const response = await recurring(first.mandate_id, extra);
      assert.equal(response.status, status, JSON.stringify(extra));
      const error = response.body.error as { code: string; message: string; reason?: string };
      assert.equal(error.code, code, JSON.stringify(extra));
      assert.match(error.reason ?? error.message, message);
    }
  });

  it('needs a customer and the customer acceptance to create a mandate', async () => {
    const noCustomer = await sandbox.request('POST', '/payments', {
      body: { amount: 1000, currency: 'USD', confirm: true, mandate_data: { customer_acceptance: acceptance, mandate_type: { multi_use: null } }, ...cardPayment('4242424242424242') },
    });
    assert.deepEqual(noCustomer.body, { error: { type: 'invalid_request', code: 'IR_04', message: 'Missing required param: customer_id' } });
    const noAcceptance = await sandbox.request('POST', '/payments', {
      body: { amount: 1000, currency: 'USD', confirm: true, customer_id: 'cus_x', mandate_data: { mandate_type: { multi_use: null } }, ...cardPayment('4242424242424242') },
    });
    assert.equal((noAcceptance.body.error as { code: string }).code, 'IR_04');
  });

  it('creates no mandate when the first payment is declined', async () => {
    const response = await sandbox.request('POST', '/payments', {
      body: { amount: 1000, currency: 'USD', confirm: true, customer_id: 'cus_mandate', mandate_data: { customer_acceptance: acceptance, mandate_type: { multi_use: null } }, ...cardPayment('4000000000000002') },
    });
    assert.equal(response.body.status, 'failed');
    assert.equal(response.body.mandate_id, null);
  });

  it("does not let one merchant use another merchant's mandate", async () => {
    const first = await setUp({ multi_use: null });
    const admin = { key: sandbox.adminKey };
    await sandbox.request('POST', '/accounts', { ...admin, body: { merchant_id: 'mandate_thief' } });
    const key = await sandbox.request<{ api_key: string }>('POST', '/api_keys/mandate_thief', { ...admin, body: { name: 'k', expiration: 'never' } });
    const response = await sandbox.request('POST', '/payments', {
      key: key.body.api_key,
      body: { amount: 100, currency: 'USD', confirm: true, off_session: true, mandate_id: first.mandate_id },
    });
    assert.equal(response.status, 404);
  });
});
