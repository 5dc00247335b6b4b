import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { card, cardPayment, eventually, startTestSandbox, type TestSandbox } from './helpers.js';

/** Every member of the spec's payment response list (the payment API's response list). */
const RESPONSE_MEMBERS = [
  'payment_id', 'merchant_id', 'status', 'amount', 'net_amount', 'amount_capturable', 'currency', 'payment_method',
  'attempt_count', 'shipping_cost', 'amount_received', 'connector', 'client_secret', 'created', 'customer_id',
  'description', 'refunds', 'disputes', 'attempts', 'captures', 'mandate_id', 'mandate_data', 'setup_future_usage',
  'off_session', 'capture_method', 'payment_method_data', 'payment_token', 'shipping', 'billing', 'order_details',
  'email', 'name', 'phone', 'return_url', 'authentication_type', 'statement_descriptor_name',
  'statement_descriptor_suffix', 'next_action', 'cancellation_reason', 'error_code', 'error_message',
  'payment_experience', 'payment_method_type', 'connector_label', 'business_country', 'business_label',
  'business_sub_label', 'allowed_payment_method_types', 'ephemeral_key', 'manual_retry_allowed',
  'connector_transaction_id', 'frm_message', 'metadata', 'customer', 'authorization_count', 'capture_on',
  'connector_mandate_id', 'expires_on', 'external_3ds_authentication_attempted', 'external_authentication_details',
  'feature_metadata', 'fingerprint', 'frm_metadata', 'incremental_authorization_allowed', 'incremental_authorizations',
  'merchant_connector_id', 'merchant_decision', 'merchant_order_reference_id', 'order_tax_amount', 'payment_link',
  'payment_method_id', 'payment_method_status', 'profile_id', 'reference_id', 'split_payments', 'surcharge_details',
  'unified_code', 'unified_message', 'updated', 'retry_action', 'processor_fee', 'gateway_fee', 'total_fee',
];

const paymentIdOf = (n: number) => `pay_test_${String(n).padStart(21, '0')}`; // 30 characters

describe('payments: create', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  it('answers a minimal create with every response member, null when unset', async () => {
    const payment = await sandbox.createPayment({ amount: 1099, currency: 'USD' });
    for (const member of RESPONSE_MEMBERS) assert.ok(member in payment, `response lacks ${member}`);
    assert.equal(payment.status, 'requires_confirmation');
    assert.equal(payment.merchant_id, 'demo_merchant');
    assert.equal(payment.amount_capturable, 1099);
    assert.equal(payment.attempt_count, 0);
    assert.equal(payment.capture_method, 'automatic');
    for (const member of ['description', 'metadata', 'next_action', 'error_code', 'customer', 'mandate_id', 'billing']) {
      assert.equal(payment[member], null, `${member} should be null`);
    }
    assert.match(String(payment.payment_id), /^pay_[A-Za-z0-9]{26}$/);
    assert.equal(String(payment.payment_id).length, 30);
    assert.match(String(payment.client_secret), new RegExp(`^${payment.payment_id}_secret_[A-Za-z0-9]{20}$`));
  });

  it('sets expires_on from session_expiry (900 s by default)', async () => {
    const standard = await sandbox.createPayment({ amount: 100, currency: 'EUR' });
    const short = await sandbox.createPayment({ amount: 100, currency: 'EUR', session_expiry: 60 });
    const span = (p: Record<string, unknown>) => Date.parse(String(p.expires_on)) - Date.parse(String(p.created));
    assert.equal(span(standard), 900_000);
    assert.equal(span(short), 60_000);
  });

  it('computes net_amount from amount, surcharge, surcharge tax, shipping and order tax', async () => {
    const payment = await sandbox.createPayment({
      amount: 1000,
      currency: 'USD',
      shipping_cost: 50,
      order_tax_amount: 7,
      surcharge_details: { surcharge_amount: 30, tax_amount: 3 },
    });
    assert.equal(payment.net_amount, 1090);
    const plain = await sandbox.createPayment({ amount: 1000, currency: 'USD' });
    assert.equal(plain.net_amount, 1000);
  });

  it('accepts every member of the create table and echoes those the response carries', async () => {
    const body = {
      amount: 6540,
      currency: 'USD',
      order_tax_amount: 0,
      amount_to_capture: 6540,
      shipping_cost: 0,
      payment_id: paymentIdOf(1),
      routing: { type: 'single', data: { connector: 'phonypay' } },
      connector: ['phonypay'],
      capture_method: 'automatic',
      authentication_type: 'no_three_ds',
      billing: { address: { line1: '1 Main St', city: 'San Francisco', country: 'US', zip: '94122', first_name: 'Ada', last_name: 'Lovelace' }, phone: { number: '5551234567', country_code: '+1' }, email: 'ada@example.com' },
      shipping: { address: { line1: '1 Main St', city: 'San Francisco', country: 'US' } },
      confirm: false,
      customer: { id: 'cus_every_member', name: 'Ada Lovelace', email: 'ada@example.com', phone: '5551234567', phone_country_code: '+1' },
      customer_id: 'cus_every_member',
      off_session: null,
      description: 'Every member',
      return_url: 'https://merchant.example/return',
      setup_future_usage: 'on_session',
      payment_method_data: { card: card('4242424242424242') },
      payment_method: 'card',
      payment_method_type: 'credit',
      payment_experience: 'redirect_to_url',
      payment_token: null,
      statement_descriptor_name: 'Tender',
      statement_descriptor_suffix: 'Shop',
      order_details: [{ product_name: 'Tea', quantity: 2, amount: 3270, product_img_link: null }],
      mandate_data: null,
      customer_acceptance: { acceptance_type: 'online', accepted_at: '2026-01-01T00:00:00Z', online: { ip_address: '127.0.0.1', user_agent: 'test' } },
      mandate_id: null,
      browser_info: { user_agent: 'test', language: 'en', color_depth: 24, java_enabled: false, java_script_enabled: true },
      business_country: 'US',
      business_label: 'default',
      merchant_connector_details: null,
      allowed_payment_method_types: ['credit', 'debit'],
      metadata: { order: '42' },
      connector_metadata: { note: 'x' },
      payment_link: false,
      payment_link_config: null,
      payment_link_config_id: null,
      profile_id: null,
      surcharge_details: { surcharge_amount: 0, tax_amount: 0 },
      payment_type: 'normal',
      request_incremental_authorization: false,
      session_expiry: 900,
      frm_metadata: { risk: 'low' },
      request_external_three_ds_authentication: false,
      recurring_details: null,
      split_payments: null,
      merchant_order_reference_id: 'order-42',
      skip_external_tax_calculation: true,
      psd2_sca_exemption_type: 'low_value',
      ctp_service_details: null,
    };
    const payment = await sandbox.createPayment(body);
    assert.equal(payment.payment_id, paymentIdOf(1));
    assert.equal(payment.status, 'requires_confirmation');
    assert.equal(payment.description, 'Every member');
    assert.equal(payment.return_url, 'https://merchant.example/return');
    assert.deepEqual(payment.metadata, { order: '42' });
    assert.equal(payment.merchant_order_reference_id, 'order-42');
    assert.equal(payment.statement_descriptor_name, 'Tender');
    assert.deepEqual(payment.allowed_payment_method_types, ['credit', 'debit']);
    assert.deepEqual(payment.customer, { id: 'cus_every_member', name: 'Ada Lovelace', email: 'ada@example.com', phone: '5551234567', phone_country_code: '+1' });
    assert.equal(payment.email, 'ada@example.com');
    assert.equal((payment.billing as { address: { city: string } }).address.city, 'San Francisco');
    assert.equal(payment.authentication_type, 'no_three_ds');
  });

  it('attaches an existing customer by customer_id without changing it', async () => {
    await sandbox.createPayment({ amount: 100, currency: 'USD', customer: { id: 'cus_attach', name: 'First Name' } });
    const second = await sandbox.createPayment({ amount: 100, currency: 'USD', customer_id: 'cus_attach' });
    assert.deepEqual((second.customer as { id: string; name: string }).name, 'First Name');
    assert.equal(second.customer_id, 'cus_attach');
  });

  it('is idempotent per merchant on payment_id: the same id again is HE_01', async () => {
    await sandbox.createPayment({ amount: 100, currency: 'USD', payment_id: paymentIdOf(2) });
    const again = await sandbox.request('POST', '/payments', { body: { amount: 100, currency: 'USD', payment_id: paymentIdOf(2) } });
    assert.equal(again.status, 400);
    // upstream adds the id as `reason` (api_error_response.rs DuplicatePayment; Cypress Commons.js:1473)
    assert.deepEqual(again.body, {
      error: {
        type: 'invalid_request',
        code: 'HE_01',
        message: 'The payment with the specified payment_id already exists in our records',
        reason: `${paymentIdOf(2)} already exists`,
      },
    });
  });

  it('lets another merchant use the same payment_id, and tells neither about the other (ids are per merchant)', async () => {
    const admin = { key: sandbox.adminKey };
    await sandbox.request('POST', '/accounts', { ...admin, body: { merchant_id: 'other_merchant' } });
    const key = await sandbox.request<{ api_key: string }>('POST', '/api_keys/other_merchant', { ...admin, body: { name: 'k', expiration: 'never' } });
    const mine = await sandbox.createPayment({ amount: 100, currency: 'USD', payment_id: paymentIdOf(3) });
    const other = await sandbox.request('POST', '/payments', { key: key.body.api_key, body: { amount: 700, currency: 'EUR', payment_id: paymentIdOf(3) } });
    assert.equal(other.status, 200, other.text);
    assert.equal(other.body.merchant_id, 'other_merchant');
    assert.notEqual(other.body.client_secret, mine.client_secret);
    // each merchant sees its own payment under the id; the other's is still a duplicate for itself
    assert.equal((await sandbox.request('GET', `/payments/${paymentIdOf(3)}`)).body.amount, 100);
    assert.equal((await sandbox.request('GET', `/payments/${paymentIdOf(3)}`, { key: key.body.api_key })).body.amount, 700);
    const again = await sandbox.request('POST', '/payments', { key: key.body.api_key, body: { amount: 100, currency: 'USD', payment_id: paymentIdOf(3) } });
    assert.equal((again.body.error as { code: string }).code, 'HE_01');
  });

  it('rejects a merchant-supplied mismatch between customer and customer_id', async () => {
    const response = await sandbox.request('POST', '/payments', {
      body: { amount: 100, currency: 'USD', customer_id: 'cus_a', customer: { id: 'cus_b' } },
    });
    assert.equal(response.status, 422);
    assert.equal((response.body.error as { code: string }).code, 'IR_06');
  });

  it('rejects order_details whose total does not match amount', async () => {
    const response = await sandbox.request('POST', '/payments', {
      body: { amount: 100, currency: 'USD', order_details: [{ product_name: 'Tea', quantity: 3, amount: 40 }] },
    });
    assert.equal(response.status, 422);
    assert.match((response.body.error as { message: string }).message, /order_details total \(120\)/);
  });
});

describe('payments: confirm outcomes', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  const singleRequest = (number: string, extra: Record<string, unknown> = {}) =>
    sandbox.createPayment({ amount: 2500, currency: 'USD', confirm: true, capture_method: 'automatic', ...cardPayment(number), ...extra });

  const SUCCESS_CARDS = ['4242424242424242', '4111111111111111', '5555555555554444', '378282246310005', '6011111111111117', '3566002020360505', '6200000000000005', '30569309025904'];
  for (const number of SUCCESS_CARDS) {
    it(`succeeds in one request with ${number.slice(0, 4)}…${number.slice(-4)}`, async () => {
      const payment = await singleRequest(number);
      assert.equal(payment.status, 'succeeded');
      assert.equal(payment.amount_received, 2500);
      assert.equal(payment.amount_capturable, 0);
      assert.equal(payment.attempt_count, 1);
      assert.equal(payment.error_code, null);
      assert.equal((payment.payment_method_data as { card: { last4: string } }).card.last4, number.slice(-4));
      assert.ok(payment.connector_transaction_id);
    });
  }

  const DECLINES: [string, string][] = [
    ['4000000000000002', 'card_declined'],
    ['5105105105105100', 'card_declined'],
    ['4000000000009995', 'insufficient_funds'],
    ['4000000000009987', 'lost_card'],
    ['4000000000009979', 'stolen_card'],
    ['4000000000000069', 'expired_card'],
    ['4000000000000127', 'incorrect_cvc'],
    ['4000000000000119', 'processing_error'],
    ['4000000000000010', 'card_not_supported'],
  ];
  for (const [number, code] of DECLINES) {
    it(`declines ${number} with ${code}: HTTP 200, status failed, retry allowed`, async () => {
      const response = await sandbox.request('POST', '/payments', {
        body: { amount: 2500, currency: 'USD', confirm: true, ...cardPayment(number) },
      });
      assert.equal(response.status, 200);
      const payment = response.body;
      assert.equal(payment.status, 'failed');
      assert.equal(payment.error_code, code);
      assert.equal(typeof payment.error_message, 'string');
      assert.match(String(payment.unified_code), /^UE_\d{4}$/);
      assert.equal(typeof payment.unified_message, 'string');
      assert.equal(payment.manual_retry_allowed, true);
      assert.equal(payment.amount_received, 0);
    });
  }

  it('puts a manual-capture payment in requires_capture', async () => {
    const payment = await singleRequest('4242424242424242', { capture_method: 'manual' });
    assert.equal(payment.status, 'requires_capture');
    assert.equal(payment.amount_capturable, 2500);
    assert.equal(payment.amount_received, 0);
  });

  it('succeeds without a challenge on the frictionless 3-D Secure card', async () => {
    const payment = await singleRequest('4000000000004020');
    assert.equal(payment.status, 'succeeded');
    assert.equal(payment.next_action, null);
  });

  it('lets a declined payment be confirmed again with another card, as a new attempt', async () => {
    const declined = await singleRequest('4000000000000002');
    const retried = await sandbox.request('POST', `/payments/${declined.payment_id}/confirm`, {
      key: sandbox.publishableKey,
      body: { client_secret: declined.client_secret, ...cardPayment('4242424242424242') },
    });
    assert.equal(retried.status, 200);
    assert.equal(retried.body.status, 'succeeded');
    assert.equal(retried.body.attempt_count, 2);
    assert.equal(retried.body.error_code, null);
    const withAttempts = await sandbox.request<{ attempts: { attempt_id: string; status: string; error_code: string | null }[] }>(
      'GET', `/payments/${declined.payment_id}`, { query: { expand_attempts: 'true' } },
    );
    assert.deepEqual(
      withAttempts.body.attempts.map((a) => [a.attempt_id, a.status, a.error_code]),
      [[`${declined.payment_id}_1`, 'failure', 'card_declined'], [`${declined.payment_id}_2`, 'charged', null]],
    );
  });

  it('refuses to confirm a payment in a final state (IR_16)', async () => {
    const paid = await singleRequest('4242424242424242');
    const again = await sandbox.request('POST', `/payments/${paid.payment_id}/confirm`, { body: cardPayment('4242424242424242') });
    assert.equal(again.status, 400);
    assert.deepEqual(again.body, {
      error: { type: 'invalid_request', code: 'IR_16', message: 'You cannot confirm this payment because it has status succeeded' },
    });
  });

  it('runs the stepwise flow: create, then confirm from the browser with the publishable key', async () => {
    const created = await sandbox.createPayment({ amount: 1500, currency: 'JPY' });
    const confirmed = await sandbox.request('POST', `/payments/${created.payment_id}/confirm`, {
      key: sandbox.publishableKey,
      body: {
        client_secret: created.client_secret,
        return_url: 'https://merchant.example/done',
        payment_method: 'card',
        payment_method_data: { card: { ...card('4242424242424242'), card_network: 'Visa' } },
        browser_info: { user_agent: 'node', language: 'en-US', time_zone: -60, java_enabled: true, java_script_enabled: true },
      },
    });
    assert.equal(confirmed.status, 200);
    assert.equal(confirmed.body.status, 'succeeded');
    assert.equal(confirmed.body.return_url, 'https://merchant.example/done');
    const retrieved = await sandbox.request('GET', `/payments/${created.payment_id}`, {
      key: sandbox.publishableKey,
      query: { client_secret: String(created.client_secret) },
    });
    assert.equal(retrieved.status, 200);
    assert.equal(retrieved.body.status, 'succeeded');
    assert.equal(retrieved.body.amount, 1500);
    assert.equal(retrieved.body.currency, 'JPY');
  });

  it('settles an asynchronous payment by itself: processing, then succeeded about 3 s later', async () => {
    const started = Date.now();
    const payment = await singleRequest('4000000000004012');
    assert.equal(payment.status, 'processing');
    const settled = await eventually(async () => {
      const response = await sandbox.request('GET', `/payments/${payment.payment_id}`);
      return response.body.status === 'processing' ? null : response.body;
    });
    assert.equal(settled.status, 'succeeded');
    assert.ok(Date.now() - started >= 2900, 'settled too early');
    assert.equal(settled.amount_received, 2500);
  });
});

describe('payments: capture and cancel', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  const authorized = (extra: Record<string, unknown> = {}) =>
    sandbox.createPayment({ amount: 1000, currency: 'USD', confirm: true, capture_method: 'manual', ...cardPayment('4242424242424242'), ...extra });

  it('captures the whole amount by default', async () => {
    const payment = await authorized();
    const captured = await sandbox.request('POST', `/payments/${payment.payment_id}/capture`, { body: {} });
    assert.equal(captured.status, 200);
    assert.equal(captured.body.status, 'succeeded');
    assert.equal(captured.body.amount_received, 1000);
    assert.equal(captured.body.amount_capturable, 0);
  });

  it('captures part of the amount: partially_captured, and nothing more can be captured', async () => {
    const payment = await authorized();
    const partial = await sandbox.request('POST', `/payments/${payment.payment_id}/capture`, { body: { amount_to_capture: 400 } });
    assert.equal(partial.body.status, 'partially_captured');
    assert.equal(partial.body.amount_received, 400);
    const again = await sandbox.request('POST', `/payments/${payment.payment_id}/capture`, { body: { amount_to_capture: 100 } });
    assert.equal(again.status, 400);
    assert.equal((again.body.error as { code: string }).code, 'IR_14');
  });

  it('captures several times with manual_multiple until the amount is taken', async () => {
    const payment = await authorized({ capture_method: 'manual_multiple' });
    const first = await sandbox.request('POST', `/payments/${payment.payment_id}/capture`, { body: { amount_to_capture: 300 } });
    assert.equal(first.body.status, 'partially_captured_and_capturable');
    assert.equal(first.body.amount_capturable, 700);
    const second = await sandbox.request('POST', `/payments/${payment.payment_id}/capture`, { body: { amount_to_capture: 700 } });
    assert.equal(second.body.status, 'succeeded');
    assert.equal((second.body.captures as unknown[]).length, 2);
  });

  it('refuses to capture more than is capturable', async () => {
    const payment = await authorized();
    const response = await sandbox.request('POST', `/payments/${payment.payment_id}/capture`, { body: { amount_to_capture: 1001 } });
    // upstream: 400 IR_06 "amount_to_capture is greater than amount" (Cypress Commons.js:1295)
    assert.equal(response.status, 400);
    assert.deepEqual(response.body.error, { type: 'invalid_request', code: 'IR_06', message: 'amount_to_capture is greater than amount' });
    const unchanged = await sandbox.request('GET', `/payments/${payment.payment_id}`);
    assert.equal(unchanged.body.status, 'requires_capture');
  });

  it('captures amount_to_capture at confirm with automatic capture: partially_captured', async () => {
    const payment = await sandbox.createPayment({ amount: 1000, amount_to_capture: 600, currency: 'USD', confirm: true, ...cardPayment('4242424242424242') });
    assert.equal(payment.status, 'partially_captured');
    assert.equal(payment.amount_received, 600);
  });

  it('cancels an authorized payment with a reason', async () => {
    const payment = await authorized();
    const cancelled = await sandbox.request('POST', `/payments/${payment.payment_id}/cancel`, { body: { cancellation_reason: 'requested_by_customer' } });
    assert.equal(cancelled.status, 200);
    assert.equal(cancelled.body.status, 'cancelled');
    assert.equal(cancelled.body.cancellation_reason, 'requested_by_customer');
  });

  it('cancels an unconfirmed payment, which can then not be confirmed', async () => {
    const payment = await sandbox.createPayment({ amount: 1000, currency: 'USD' });
    await sandbox.request('POST', `/payments/${payment.payment_id}/cancel`, { body: {} });
    const confirm = await sandbox.request('POST', `/payments/${payment.payment_id}/confirm`, { body: cardPayment('4242424242424242') });
    assert.equal((confirm.body.error as { code: string }).code, 'IR_16');
  });

  it('refuses to cancel a succeeded payment (IR_16) or capture an unconfirmed one (IR_14)', async () => {
    const paid = await sandbox.createPayment({ amount: 1000, currency: 'USD', confirm: true, ...cardPayment('4242424242424242') });
    const cancel = await sandbox.request('POST', `/payments/${paid.payment_id}/cancel`, { body: {} });
    // upstream: Cypress Commons.js:669 (Void, ResponseCustom)
    assert.equal(cancel.status, 400);
    assert.deepEqual(cancel.body.error, { type: 'invalid_request', code: 'IR_16', message: 'You cannot cancel this payment because it has status succeeded' });
    const fresh = await sandbox.createPayment({ amount: 1000, currency: 'USD' });
    const capture = await sandbox.request('POST', `/payments/${fresh.payment_id}/capture`, { body: {} });
    assert.equal((capture.body.error as { code: string }).code, 'IR_14');
  });
});

describe('account payment methods', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  it('lists the card networks the merchant accepts, for the browser with the client secret', async () => {
    const payment = await sandbox.createPayment({ amount: 1000, currency: 'EUR' });
    const response = await sandbox.request<{ currency: string; payment_methods: { payment_method: string; payment_method_types: { payment_method_type: string; card_networks: { card_network: string; eligible_connectors: string[] }[] | null }[] }[] }>(
      'GET', '/account/payment_methods', { key: sandbox.publishableKey, query: { client_secret: String(payment.client_secret) } },
    );
    assert.equal(response.status, 200);
    assert.equal(response.body.currency, 'EUR');
    const cards = response.body.payment_methods.find((group) => group.payment_method === 'card');
    const networks = cards?.payment_method_types[0]?.card_networks?.map((entry) => entry.card_network) ?? [];
    for (const network of ['Visa', 'Mastercard', 'AmericanExpress', 'Discover', 'DinersClub', 'JCB', 'UnionPay']) {
      assert.ok(networks.includes(network), `missing ${network}`);
    }
    assert.ok(cards?.payment_method_types[0]?.card_networks?.every((entry) => entry.eligible_connectors.length > 0));
  });

  it("gives the merchant's server the general list, and refuses it a client secret (IR_06)", async () => {
    const general = await sandbox.request<{ currency: string | null; payment_methods: unknown[] }>('GET', '/account/payment_methods');
    assert.equal(general.status, 200);
    assert.equal(general.body.currency, null);
    assert.equal(general.body.payment_methods.length, 2);
    const payment = await sandbox.createPayment({ amount: 1000, currency: 'EUR' });
    const withSecret = await sandbox.request('GET', '/account/payment_methods', { query: { client_secret: String(payment.client_secret) } });
    assert.equal(withSecret.status, 422);
    assert.equal((withSecret.body.error as { message: string }).message, 'client_secret is not a valid parameter');
  });

  it('narrows the list to allowed_payment_method_types', async () => {
    const payment = await sandbox.createPayment({ amount: 1000, currency: 'EUR', allowed_payment_method_types: ['pay_bill'] });
    const response = await sandbox.request<{ payment_methods: { payment_method: string; payment_method_types: { payment_method_type: string }[] }[] }>(
      'GET', '/account/payment_methods', { key: sandbox.publishableKey, query: { client_secret: String(payment.client_secret) } },
    );
    assert.deepEqual(
      response.body.payment_methods.map((g) => [g.payment_method, g.payment_method_types.map((t) => t.payment_method_type)]),
      [['wallet', ['pay_bill']]],
    );
  });
});
