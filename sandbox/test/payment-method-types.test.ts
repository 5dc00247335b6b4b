// A payment may name any of the real service's payment method types (its clients do: upstream's own
// Postman collections create Klarna, iDEAL and WeChat Pay payments), and a payment method's data and
// type must be its own, as upstream's validate_payment_method_fields_present checks; the sandbox pays
// cards and mobile money only and says so for the others.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { UPSTREAM_PAYMENT_METHOD_TYPES } from '../../src/api/enums.js';
import { methodOfData, typeBelongsTo } from '../domain/payment-method-types.js';
import { assertApiError, cardPayment, startTestSandbox, type TestSandbox } from './helpers.js';

const NOT_SUPPORTED = 'Payment method type not supported';

describe('payment method types', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  it("keeps any of upstream's types on a payment and in allowed_payment_method_types; the list still offers what the sandbox pays", async () => {
    const created = await sandbox.request('POST', '/payments', {
      body: { amount: 8000, currency: 'USD', payment_method_type: 'klarna', allowed_payment_method_types: ['credit', 'klarna', 'apple_pay'] },
    });
    assert.equal(created.status, 200, created.text);
    assert.equal(created.body.payment_method_type, 'klarna');
    assert.deepEqual(created.body.allowed_payment_method_types, ['credit', 'klarna', 'apple_pay']);
    const list = await sandbox.request<{ payment_methods: { payment_method: string; payment_method_types: { payment_method_type: string }[] }[] }>(
      'GET',
      '/account/payment_methods',
      { key: sandbox.publishableKey, query: { client_secret: String(created.body.client_secret) } },
    );
    assert.equal(list.status, 200, list.text);
    const types = list.body.payment_methods.flatMap((method) => method.payment_method_types.map((type) => type.payment_method_type));
    assert.deepEqual(types, ['credit'], 'only the allowed types the sandbox pays');
  });

  it('refuses a type the real service does not know, naming every type it does', async () => {
    const refused = await sandbox.request('POST', '/payments', { body: { amount: 100, currency: 'USD', payment_method_type: 'klarnaa' } });
    assertApiError(refused, 400, 'IR_06', /^Json deserialize error: unknown variant `klarnaa`, expected one of `ach`, `affirm`, .*`we_chat_pay`/);
  });

  it("confirms a Klarna payment with upstream's answer for a method its connector does not process: 400 IR_19, the payment unchanged", async () => {
    const payment = await sandbox.createPayment({ amount: 8000, currency: 'USD' });
    const confirm = await sandbox.request('POST', `/payments/${String(payment.payment_id)}/confirm`, {
      body: { payment_method: 'pay_later', payment_method_type: 'klarna', payment_experience: 'redirect_to_url', payment_method_data: { pay_later: { klarna_redirect: { billing_email: 'a@example.com', billing_country: 'US' } } } },
    });
    assertApiError(confirm, 400, 'IR_19', NOT_SUPPORTED);
    assert.match(String((confirm.body.error as Record<string, unknown>).reason), /payment_method pay_later is not supported/);
    const stored = await sandbox.request('GET', `/payments/${String(payment.payment_id)}`);
    assert.deepEqual([stored.body.status, stored.body.payment_method], ['requires_confirmation', null]);
  });

  it("takes the web SDK's payment_experience from the browser: its Klarna confirm hears what the sandbox pays, not a member refused", async () => {
    const payment = await sandbox.createPayment({ amount: 8000, currency: 'USD' });
    const confirm = await sandbox.request('POST', `/payments/${String(payment.payment_id)}/confirm`, {
      key: sandbox.publishableKey,
      body: { client_secret: payment.client_secret, payment_method: 'pay_later', payment_method_type: 'klarna', payment_experience: 'redirect_to_url', payment_method_data: { pay_later: { klarna_redirect: { billing_email: 'a@example.com', billing_country: 'US' } } } },
    });
    assertApiError(confirm, 400, 'IR_19', NOT_SUPPORTED);
    // a wallet that is no mobile money (the SDK's WeChat Pay QR) is a method the sandbox does not pay, not a mobile-money confirm
    const wechat = await sandbox.request('POST', `/payments/${String(payment.payment_id)}/confirm`, {
      key: sandbox.publishableKey,
      body: { client_secret: payment.client_secret, payment_method: 'wallet', payment_method_type: 'we_chat_pay', payment_method_data: { wallet: { we_chat_pay_qr: {} } } },
    });
    assertApiError(wechat, 400, 'IR_19', NOT_SUPPORTED);
  });

  it('answers a create with confirm and a method other than a card as a confirm does (IR_19), not as a payment without data', async () => {
    const created = await sandbox.request('POST', '/payments', {
      body: { amount: 1800, currency: 'USD', confirm: true, payment_method: 'bank_debit', payment_method_type: 'ach', payment_method_data: { bank_debit: { ach_bank_debit: { account_number: '000123456789', routing_number: '110000000' } } } },
    });
    assertApiError(created, 400, 'IR_19', NOT_SUPPORTED);
  });

  it("refuses a type that is not its method's, data of another method, and data or a type without their method (upstream's errors)", async () => {
    const payment = await sandbox.createPayment({ amount: 6540, currency: 'USD' });
    const confirm = (body: Record<string, unknown>) => sandbox.request('POST', `/payments/${String(payment.payment_id)}/confirm`, { body });
    assertApiError(await confirm({ ...cardPayment('4242424242424242'), payment_method_type: 'klarna' }), 400, 'IR_06', "payment_method_type doesn't correspond to the specified payment_method");
    assertApiError(await confirm({ payment_method: 'card', payment_method_data: { bank_debit: { ach_bank_debit: {} } } }), 400, 'IR_06', "payment_method_data doesn't correspond to the specified payment_method");
    assertApiError(await confirm({ payment_method_data: { pay_later: { klarna_redirect: {} } } }), 400, 'IR_04', 'Missing required param: payment_method');
    assertApiError(await confirm({ payment_method: 'pay_later', payment_method_data: { pay_later: { klarna_redirect: {} } } }), 400, 'IR_04', 'Missing required param: payment_method_type');
    // a billing address alone is no payment method's data; the card still pays after every refusal
    const paid = await confirm({ ...cardPayment('4242424242424242'), payment_method_type: 'credit', payment_method_data: { ...cardPayment('4242424242424242').payment_method_data, billing: { address: { country: 'US' } } } });
    assert.equal(paid.status, 200, paid.text);
    assert.equal(paid.body.status, 'succeeded');
    // the same rules at create and update
    const create = await sandbox.request('POST', '/payments', { body: { amount: 100, currency: 'USD', payment_method: 'wallet', payment_method_type: 'ideal' } });
    assertApiError(create, 400, 'IR_06', "payment_method_type doesn't correspond to the specified payment_method");
    const other = await sandbox.createPayment({ amount: 100, currency: 'USD' });
    const update = await sandbox.request('POST', `/payments/${String(other.payment_id)}`, { body: { payment_method: 'card', payment_method_type: 'sepa' } });
    assertApiError(update, 400, 'IR_06', "payment_method_type doesn't correspond to the specified payment_method");
  });

  it("refuses a saved method whose type is not its method's (upstream's PaymentMethodCreate check), and saves a card of its own type", async () => {
    const card = { card_number: '4242424242424242', card_exp_month: '10', card_exp_year: String(new Date().getUTCFullYear() + 4), card_holder_name: 'John Doe' };
    const body = { payment_method: 'card', card, customer_id: 'cus_types' };
    await sandbox.request('POST', '/customers', { body: { customer_id: 'cus_types' } });
    assertApiError(await sandbox.request('POST', '/payment_methods', { body: { ...body, payment_method_type: 'klarna' } }), 400, 'IR_06', "Invalid 'payment_method_type' provided");
    assertApiError(await sandbox.request('POST', '/payment_methods', { body: { ...body, payment_method: 'pay_later', payment_method_type: 'klarna' } }), 400, 'IR_19', NOT_SUPPORTED);
    const saved = await sandbox.request('POST', '/payment_methods', { body: { ...body, payment_method_type: 'debit' } });
    assert.equal(saved.status, 200, saved.text);
    assert.equal(saved.body.payment_method_type, 'debit');
  });

  it("maps every one of upstream's types to at most its own methods, and data variants to their method", () => {
    assert.equal(typeBelongsTo('card', 'credit'), true);
    assert.equal(typeBelongsTo('card', 'klarna'), false);
    assert.equal(typeBelongsTo('wallet', 'pay_bill'), true, "the spec's mobile money is a wallet");
    assert.equal(typeBelongsTo('bank_debit', 'ach') && typeBelongsTo('bank_transfer', 'ach'), true, 'ACH is a debit and a transfer');
    const placed = UPSTREAM_PAYMENT_METHOD_TYPES.filter((type) => ['card', 'pay_later', 'wallet', 'bank_redirect', 'bank_transfer', 'bank_debit', 'crypto', 'reward', 'real_time_payment', 'upi', 'voucher', 'gift_card', 'card_redirect', 'open_banking', 'mobile_payment'].some((method) => typeBelongsTo(method as 'card', type)));
    // upstream's v1 function places every type but these (venmo, the gift card network, network tokens)
    assert.deepEqual(UPSTREAM_PAYMENT_METHOD_TYPES.filter((type) => !placed.includes(type)), ['bhn_card_network', 'venmo', 'network_token']);
    assert.equal(methodOfData({ card_token: { card_cvc: '123' } }), 'card');
    assert.equal(methodOfData({ billing: { address: null }, upi: { upi_collect: {} } }), 'upi');
    assert.equal(methodOfData({ billing: { address: null } }), null);
    assert.equal(methodOfData(null), null);
  });
});
