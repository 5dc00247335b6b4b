// Requests the real service's clients send are accepted (docs/sandbox.md, "Requests the real
// service's clients send"); recurring payments by recurring_details and saved cards.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { cardPayment, startTestSandbox, type TestSandbox } from './helpers.js';

const ADMIN = { key: 'test_admin' };

describe('the real service dialect in requests', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  it('the deprecated email, name, phone and phone_country_code describe the customer created for customer_id', async () => {
    const payment = await sandbox.createPayment({
      amount: 100,
      currency: 'USD',
      customer_id: 'cus_deprecated',
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      phone: '999999999',
      phone_country_code: '+65',
      capture_on: '2030-01-01T00:00:00Z',
    });
    assert.deepEqual(payment.customer, { id: 'cus_deprecated', name: 'Ada Lovelace', email: 'ada@example.com', phone: '999999999', phone_country_code: '+65' });
    assert.equal(payment.email, 'ada@example.com');
  });

  it('a confirm repeating the payment\'s currency and amount is accepted; another currency is refused', async () => {
    const payment = await sandbox.createPayment({ amount: 100, currency: 'USD' });
    const changed = await sandbox.request('POST', `/payments/${String(payment.payment_id)}/confirm`, { body: { currency: 'EUR', ...cardPayment('4242424242424242') } });
    assert.equal(changed.status, 422);
    assert.equal((changed.body.error as { message: string }).message, 'currency cannot be changed when confirming a payment');
    const same = await sandbox.request('POST', `/payments/${String(payment.payment_id)}/confirm`, { body: { currency: 'USD', amount: 100, ...cardPayment('4242424242424242') } });
    assert.equal(same.status, 200, same.text);
    assert.equal(same.body.status, 'succeeded');
  });

  it('capture takes statement_descriptor_name; members of upstream\'s request schema are accepted on create', async () => {
    const payment = await sandbox.createPayment({
      amount: 100,
      currency: 'USD',
      confirm: true,
      capture_method: 'manual',
      all_keys_required: null,
      request_extended_authorization: false,
      tax_status: 'taxable',
      billing: { address: { zip: '94122', origin_zip: '94016', country: 'US' } },
      ...cardPayment('4242424242424242'),
    });
    const captured = await sandbox.request('POST', `/payments/${String(payment.payment_id)}/capture`, { body: { amount_to_capture: 100, statement_descriptor_name: 'Joseph' } });
    assert.equal(captured.status, 200, captured.text);
    assert.equal(captured.body.status, 'succeeded');
  });

  it('an API key update with expiration: null and name: null leaves both as they are', async () => {
    const key = await sandbox.request('POST', `/api_keys/demo_merchant`, { ...ADMIN, body: { name: 'nulls', expiration: '2069-09-23T01:02:03.000Z' } });
    const updated = await sandbox.request('POST', `/api_keys/demo_merchant/${String(key.body.key_id)}`, { ...ADMIN, body: { name: null, description: 'changed', expiration: null } });
    assert.equal(updated.status, 200, updated.text);
    assert.equal(updated.body.name, 'nulls');
    assert.equal(updated.body.expiration, '2069-09-23T01:02:03.000Z');
    assert.equal(updated.body.description, 'changed');
  });

  it('an unsupported recurring_details type is 400 IR_19 with a reason; data that is not a string is 400 IR_06', async () => {
    const base = { amount: 100, currency: 'USD', confirm: true, off_session: true, customer_id: 'cus_rd' };
    const token = await sandbox.request('POST', '/payments', { body: { ...base, recurring_details: { type: 'processor_payment_token', data: { processor_payment_token: 'x' } } } });
    assert.equal(token.status, 400);
    assert.equal((token.body.error as { code: string }).code, 'IR_19');
    assert.match((token.body.error as { reason: string }).reason, /processor_payment_token/);
    const bad = await sandbox.request('POST', '/payments', { body: { ...base, recurring_details: { type: 'mandate_id', data: 42 } } });
    assert.equal(bad.status, 400);
    assert.equal((bad.body.error as { code: string }).code, 'IR_06');
  });

  it('a card saved on-session cannot be charged off-session (HE_03); an unknown payment_method_id is 404 HE_02', async () => {
    const first = await sandbox.createPayment({ amount: 100, currency: 'USD', confirm: true, customer_id: 'cus_onsession', setup_future_usage: 'on_session', ...cardPayment('4242424242424242') });
    assert.match(String(first.payment_method_id), /^pm_[A-Za-z0-9]{20}$/);
    const again = await sandbox.createPayment({ amount: 100, currency: 'USD', confirm: true, customer_id: 'cus_onsession', setup_future_usage: 'on_session', ...cardPayment('4242424242424242') });
    assert.equal(again.payment_method_id, first.payment_method_id, 'the same card keeps its id');
    const customer = await sandbox.request('GET', '/customers/cus_onsession');
    assert.equal(customer.body.default_payment_method_id, first.payment_method_id);
    const base = { amount: 100, currency: 'USD', confirm: true, off_session: true, customer_id: 'cus_onsession' };
    const onSession = await sandbox.request('POST', '/payments', { body: { ...base, recurring_details: { type: 'payment_method_id', data: first.payment_method_id } } });
    assert.equal(onSession.status, 400);
    assert.equal((onSession.body.error as { code: string }).code, 'HE_03');
    const unknown = await sandbox.request('POST', '/payments', { body: { ...base, recurring_details: { type: 'payment_method_id', data: 'pm_00000000000000000000' } } });
    assert.equal(unknown.status, 404);
    assert.equal((unknown.body.error as { message: string }).message, 'Payment method does not exist in our records');
  });

  it('a payment without a customer saves nothing', async () => {
    const payment = await sandbox.createPayment({ amount: 100, currency: 'USD', confirm: true, setup_future_usage: 'off_session', ...cardPayment('4242424242424242') });
    assert.equal(payment.payment_method_id, null);
  });
});
