// Requests the real service's clients send are accepted (docs/sandbox.md, "Requests the real
// service's clients send"); recurring payments by recurring_details and saved cards.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CARD_NETWORKS } from '../../src/api/enums.js';
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

  it('a confirm with card data but no payment_method is 400 IR_04, as on create (Cypress Commons.js:1253)', async () => {
    const payment = await sandbox.createPayment({ amount: 100, currency: 'USD' });
    const { payment_method_data } = cardPayment('4242424242424242');
    const response = await sandbox.request('POST', `/payments/${String(payment.payment_id)}/confirm`, { body: { payment_method_data } });
    assert.equal(response.status, 400);
    assert.deepEqual(response.body.error, { type: 'invalid_request', code: 'IR_04', message: 'Missing required param: payment_method' });
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

  it('the list and the payment name only networks of the real CardNetwork enum; an Elo card still pays', async () => {
    const list = await sandbox.request('GET', '/account/payment_methods');
    const groups = list.body.payment_methods as { payment_method: string; payment_method_types: { card_networks: { card_network: string }[] | null }[] }[];
    const networks = groups.flatMap((group) => group.payment_method_types.flatMap((type) => (type.card_networks ?? []).map((entry) => entry.card_network)));
    assert.ok(networks.includes('Visa'));
    assert.deepEqual(networks.filter((network) => !(CARD_NETWORKS as readonly string[]).includes(network)), []);
    assert.equal(list.body.mandate_payment, null);
    const elo = await sandbox.createPayment({ amount: 100, currency: 'BRL', confirm: true, ...cardPayment('6362970000457013') });
    const paidCard = (elo.payment_method_data as { card: { card_network: string | null; last4: string } }).card;
    assert.deepEqual([paidCard.card_network, paidCard.last4], [null, '7013']);
  });

  it('payments name their simulated connector account; captures carry connector, attempt and sequence; processor_merchant_id is the merchant', async () => {
    const payment = await sandbox.createPayment({ amount: 1000, currency: 'USD', confirm: true, capture_method: 'manual_multiple', ...cardPayment('4242424242424242') });
    const other = await sandbox.createPayment({ amount: 100, currency: 'USD', confirm: true, ...cardPayment('4242424242424242') });
    assert.match(String(payment.merchant_connector_id), /^mca_[0-9a-f]{20}$/);
    assert.equal(other.merchant_connector_id, payment.merchant_connector_id, 'the same connector, the same account');
    assert.equal(payment.processor_merchant_id, payment.merchant_id);
    await sandbox.request('POST', `/payments/${String(payment.payment_id)}/capture`, { body: { amount_to_capture: 300 } });
    const captured = await sandbox.request('POST', `/payments/${String(payment.payment_id)}/capture`, { body: { amount_to_capture: 700 } });
    const captures = captured.body.captures as Record<string, unknown>[];
    assert.deepEqual(captures.map((capture) => [capture.connector, capture.authorized_attempt_id, capture.capture_sequence]), [
      [payment.connector, `${String(payment.payment_id)}_1`, 1],
      [payment.connector, `${String(payment.payment_id)}_1`, 2],
    ]);
  });

  it('an account answers merchant_account_type and the webhook status lists (from the switches when not set)', async () => {
    const created = await sandbox.request('POST', '/accounts', {
      ...ADMIN,
      body: { merchant_id: 'dialect_shop', webhook_details: { webhook_url: 'https://example.com/hook', payment_succeeded_enabled: true, payment_failed_enabled: false } },
    });
    assert.equal(created.status, 200, created.text);
    assert.equal(created.body.merchant_account_type, 'standard');
    const webhooks = created.body.webhook_details as Record<string, unknown>;
    assert.deepEqual([webhooks.payment_statuses_enabled, webhooks.refund_statuses_enabled], [['succeeded'], []]);
    const updated = await sandbox.request('POST', '/accounts/dialect_shop', { ...ADMIN, body: { webhook_details: { payment_statuses_enabled: ['succeeded', 'requires_capture'] } } });
    assert.deepEqual((updated.body.webhook_details as Record<string, unknown>).payment_statuses_enabled, ['succeeded', 'requires_capture']);
  });

  it('an account answers product_type: orchestration unless created otherwise, kept on retrieve', async () => {
    const plain = await sandbox.request('POST', '/accounts', { ...ADMIN, body: { merchant_id: 'dialect_plain' } });
    assert.equal(plain.body.product_type, 'orchestration', plain.text);
    const vault = await sandbox.request('POST', '/accounts', { ...ADMIN, body: { merchant_id: 'dialect_vault', product_type: 'vault' } });
    assert.equal(vault.body.product_type, 'vault', vault.text);
    assert.equal((await sandbox.request('GET', '/accounts/dialect_vault', ADMIN)).body.product_type, 'vault');
  });
});
