// Contract tests of the merchant-server endpoints around a customer, as upstream serves them:
// `GET /mandates/{id}`, `POST /mandates/revoke/{id}`, `GET /customers/{id}/mandates`
// (core/mandate.rs), `DELETE /customers/{id}` (core/customers.rs delete_customer), and saved cards:
// `POST /payment_methods`, `GET /payment_methods/{id}`, `GET /customers/{id}/payment_methods`
// (core/payment_methods/cards.rs). Every answer is also checked against the real service's OpenAPI
// schema by the test client (helpers.ts).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FUTURE, assertApiError, cardPayment, startTestSandbox, type TestSandbox } from './helpers.js';

type Body = Record<string, unknown>;

const ACCEPTANCE = { acceptance_type: 'online', accepted_at: '2026-11-01T10:00:00Z', online: { ip_address: '127.0.0.1', user_agent: 'node' } };
const SAVED_CARD = { card_number: '5555555555554444', card_holder_name: 'Ada Lovelace', nick_name: 'Work card', ...FUTURE };

describe('merchant-server API: mandates, customers and saved cards', () => {
  let dir: string;
  let sandbox: TestSandbox;
  let otherKey: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tender-methods-'));
    sandbox = await startTestSandbox({ dbPath: join(dir, 'methods.db') });
    const admin = { key: sandbox.adminKey };
    await sandbox.request('POST', '/accounts', { ...admin, body: { merchant_id: 'methods_other' } });
    otherKey = (await sandbox.request<{ api_key: string }>('POST', '/api_keys/methods_other', { ...admin, body: { name: 'k', expiration: 'never' } })).body.api_key;
  });
  after(async () => {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const withMandate = (customerId: string, mandateType: Body = { multi_use: { amount: 5000, currency: 'USD' } }) =>
    sandbox.createPayment({
      amount: 1000,
      currency: 'USD',
      confirm: true,
      customer_id: customerId,
      mandate_data: { customer_acceptance: ACCEPTANCE, mandate_type: mandateType },
      ...cardPayment('4242424242424242'),
    });
  const recurring = (mandateId: unknown, customerId: string) =>
    sandbox.request('POST', '/payments', { body: { amount: 500, currency: 'USD', confirm: true, off_session: true, mandate_id: mandateId, customer_id: customerId } });

  describe('mandates', () => {
    it('GET /mandates/{id}: the mandate, its masked card and the customer acceptance; another merchant\'s is 404', async () => {
      const payment = await withMandate('cus_mandate_get');
      const mandate = await sandbox.request('GET', `/mandates/${String(payment.mandate_id)}`);
      assert.equal(mandate.status, 200, mandate.text);
      assert.equal(mandate.body.mandate_id, payment.mandate_id);
      assert.deepEqual([mandate.body.status, mandate.body.payment_method, mandate.body.payment_method_type], ['active', 'card', 'credit']);
      assert.equal(mandate.body.payment_method_id, payment.payment_method_id);
      const shownCard = mandate.body.card as Body;
      assert.deepEqual([shownCard.last4_digits, shownCard.card_isin, shownCard.card_network, shownCard.card_exp_year], ['4242', '424242', 'Visa', FUTURE.card_exp_year]);
      assert.deepEqual(mandate.body.customer_acceptance, ACCEPTANCE);
      assertApiError(await sandbox.request('GET', `/mandates/${String(payment.mandate_id)}`, { key: otherKey }), 404, 'HE_02', 'Mandate does not exist in our records');
      assertApiError(await sandbox.request('GET', '/mandates/man_nobody'), 404, 'HE_02');
    });

    it('POST /mandates/revoke/{id}: revoked, then no recurring payment can use it; revoked twice is HE_03', async () => {
      const payment = await withMandate('cus_mandate_revoke');
      const revoked = await sandbox.request('POST', `/mandates/revoke/${String(payment.mandate_id)}`);
      assert.deepEqual(revoked.body, { mandate_id: payment.mandate_id, status: 'revoked', error_code: null, error_message: null });
      assert.equal((await sandbox.request('GET', `/mandates/${String(payment.mandate_id)}`)).body.status, 'revoked');
      const charge = await recurring(payment.mandate_id, 'cus_mandate_revoke');
      assertApiError(charge, 400, 'HE_03', 'Mandate Validation Failed');
      const again = await sandbox.request('POST', `/mandates/revoke/${String(payment.mandate_id)}`);
      assertApiError(again, 400, 'HE_03', 'Mandate Validation Failed');
      assert.equal((again.body.error as Body).reason, 'Mandate has already been revoked');
      assertApiError(await sandbox.request('POST', '/mandates/revoke/man_nobody'), 404, 'HE_02');
    });

    it('a single-use mandate that has been charged still reads active and pays again, as upstream\'s (and its listMandateCallTest)', async () => {
      const payment = await withMandate('cus_mandate_single', { single_use: { amount: 5000, currency: 'USD' } });
      assert.equal((await recurring(payment.mandate_id, 'cus_mandate_single')).body.status, 'succeeded');
      assert.equal((await sandbox.request('GET', `/mandates/${String(payment.mandate_id)}`)).body.status, 'active');
      const listed = await sandbox.request<Body[]>('GET', '/customers/cus_mandate_single/mandates');
      assert.deepEqual(listed.body.map((mandate) => mandate.status), ['active']);
      assert.equal((await recurring(payment.mandate_id, 'cus_mandate_single')).body.status, 'succeeded');
      // as active, it may be revoked (once), and it keeps its customer from being deleted until then (upstream)
      assertApiError(await sandbox.request('DELETE', '/customers/cus_mandate_single'), 400, 'IR_10');
      assert.equal((await sandbox.request('POST', `/mandates/revoke/${String(payment.mandate_id)}`)).body.status, 'revoked');
      assert.equal((await sandbox.request('DELETE', '/customers/cus_mandate_single')).status, 200);
    });

    it('GET /customers/{id}/mandates: the customer\'s mandates, oldest first; none at all is 404 HE_02 (upstream)', async () => {
      const first = await withMandate('cus_mandate_list');
      const second = await withMandate('cus_mandate_list');
      const listed = await sandbox.request<Body[]>('GET', '/customers/cus_mandate_list/mandates');
      assert.equal(listed.status, 200, listed.text);
      assert.deepEqual(listed.body.map((mandate) => mandate.mandate_id), [first.mandate_id, second.mandate_id]);
      await sandbox.request('POST', '/customers', { body: { customer_id: 'cus_mandate_none' } });
      assertApiError(await sandbox.request('GET', '/customers/cus_mandate_none/mandates'), 404, 'HE_02', 'Mandate does not exist in our records');
      assertApiError(await sandbox.request('GET', '/customers/cus_mandate_list/mandates', { key: otherKey }), 404, 'HE_02');
    });
  });

  describe('DELETE /customers/{id}', () => {
    it('is refused while a mandate is active (400 IR_10), and nothing changes', async () => {
      await withMandate('cus_delete_active');
      assertApiError(await sandbox.request('DELETE', '/customers/cus_delete_active'), 400, 'IR_10', 'Customer has active mandate/subsciption');
      assert.equal((await sandbox.request('GET', '/customers/cus_delete_active')).status, 200);
    });

    it('deletes the saved cards and redacts the customer, which answers 400 IR_11 from then on', async () => {
      await sandbox.request('POST', '/customers', { body: { customer_id: 'cus_delete_me', name: 'Ada', email: 'ada@example.com', address: { city: 'London', country: 'GB' } } });
      const saved = await sandbox.request('POST', '/payment_methods', { body: { payment_method: 'card', customer_id: 'cus_delete_me', card: SAVED_CARD } });
      const payment = await withMandate('cus_delete_me');
      await sandbox.request('POST', `/mandates/revoke/${String(payment.mandate_id)}`);
      const deleted = await sandbox.request('DELETE', '/customers/cus_delete_me');
      assert.deepEqual(deleted.body, { customer_id: 'cus_delete_me', customer_deleted: true, address_deleted: true, payment_methods_deleted: true });
      const redacted = 'Customer has already been redacted';
      assertApiError(await sandbox.request('GET', '/customers/cus_delete_me'), 400, 'IR_11', redacted);
      assertApiError(await sandbox.request('POST', '/customers/cus_delete_me', { body: { name: 'Back' } }), 400, 'IR_11', redacted);
      assertApiError(await sandbox.request('DELETE', '/customers/cus_delete_me'), 400, 'IR_11', redacted);
      assertApiError(await sandbox.request('GET', '/customers/cus_delete_me/payment_methods'), 400, 'IR_11', redacted);
      assertApiError(await sandbox.request('GET', '/customers/cus_delete_me/mandates'), 400, 'IR_11', redacted);
      assertApiError(await sandbox.request('POST', '/payments', { body: { amount: 100, currency: 'USD', customer_id: 'cus_delete_me' } }), 400, 'IR_11', redacted);
      assertApiError(await sandbox.request('GET', `/payment_methods/${String(saved.body.payment_method_id)}`), 404, 'HE_02');
      // the payments stay; the customer on them reads as upstream's redacted record
      const kept = await sandbox.request('GET', `/payments/${String(payment.payment_id)}`);
      assert.deepEqual(kept.body.customer, { id: 'cus_delete_me', name: 'Redacted', email: 'Redacted', phone: 'Redacted', phone_country_code: 'Redacted' });
    });

    it('an unknown customer, or another merchant\'s, is 404 HE_02', async () => {
      assertApiError(await sandbox.request('DELETE', '/customers/cus_nobody'), 404, 'HE_02', 'Customer does not exist in our records');
      await sandbox.request('POST', '/customers', { body: { customer_id: 'cus_delete_mine' } });
      assertApiError(await sandbox.request('DELETE', '/customers/cus_delete_mine', { key: otherKey }), 404, 'HE_02');
    });
  });

  describe('saved cards: POST /payment_methods, GET /payment_methods/{id}, GET /customers/{id}/payment_methods', () => {
    it('saves a card for a customer, masked; the same card again keeps its id; it is retrieved and listed', async () => {
      await sandbox.request('POST', '/customers', { body: { customer_id: 'cus_saver' } });
      const saved = await sandbox.request('POST', '/payment_methods', {
        body: { payment_method: 'card', payment_method_type: 'credit', customer_id: 'cus_saver', card: SAVED_CARD, metadata: { purpose: 'subscriptions' } },
      });
      assert.equal(saved.status, 200, saved.text);
      assert.match(String(saved.body.payment_method_id), /^pm_[A-Za-z0-9]{20}$/);
      assert.deepEqual([saved.body.merchant_id, saved.body.customer_id, saved.body.payment_method, saved.body.payment_method_type], [sandbox.demo.merchantId, 'cus_saver', 'card', 'credit']);
      const shownCard = saved.body.card as Body;
      assert.deepEqual(
        [shownCard.last4_digits, shownCard.card_isin, shownCard.card_network, shownCard.expiry_month, shownCard.expiry_year, shownCard.nick_name, shownCard.saved_to_locker],
        ['4444', '555555', 'Mastercard', FUTURE.card_exp_month, FUTURE.card_exp_year, 'Work card', true],
      );
      assert.deepEqual(saved.body.metadata, { purpose: 'subscriptions' });
      // upstream's create_payment_method: `{payment_method_id}_secret_{20}`, kept and answered again on retrieve
      assert.match(String(saved.body.client_secret), new RegExp(`^${String(saved.body.payment_method_id)}_secret_[A-Za-z0-9]{20}$`));
      assert.ok(!saved.text.includes(SAVED_CARD.card_number));
      const again = await sandbox.request('POST', '/payment_methods', { body: { payment_method: 'card', customer_id: 'cus_saver', card: SAVED_CARD } });
      assert.equal(again.body.payment_method_id, saved.body.payment_method_id);

      const retrieved = await sandbox.request('GET', `/payment_methods/${String(saved.body.payment_method_id)}`);
      assert.equal(retrieved.status, 200, retrieved.text);
      assert.deepEqual([retrieved.body.payment_method_id, (retrieved.body.card as Body).last4_digits, retrieved.body.client_secret], [saved.body.payment_method_id, '4444', saved.body.client_secret]);
      const listed = await sandbox.request<{ customer_payment_methods: Body[]; is_guest_customer: unknown }>('GET', '/customers/cus_saver/payment_methods');
      assert.equal(listed.status, 200, listed.text);
      const [method] = listed.body.customer_payment_methods;
      assert.equal(listed.body.customer_payment_methods.length, 1);
      assert.deepEqual([method?.payment_method_id, method?.customer_id, method?.requires_cvv, method?.default_payment_method_set], [saved.body.payment_method_id, 'cus_saver', true, true]);
      assert.match(String(method?.payment_token), /^token_/);
      assert.equal((await sandbox.request('GET', '/customers/cus_saver')).body.default_payment_method_id, saved.body.payment_method_id);
    });

    it('never stores the card number or the CVC', async () => {
      await sandbox.request('POST', '/customers', { body: { customer_id: 'cus_never_stored' } });
      const number = '6011111111111117';
      const saved = await sandbox.request('POST', '/payment_methods', { body: { payment_method: 'card', customer_id: 'cus_never_stored', card: { ...SAVED_CARD, card_number: number, card_cvc: '987' } } });
      assert.equal(saved.status, 200, saved.text);
      const files = readdirSync(dir).map((file) => readFileSync(join(dir, file)).toString('latin1')).join('');
      assert.ok(files.includes('cus_never_stored'), 'the customer is in the database files');
      assert.ok(!files.includes(number) && !files.includes('987"'), 'no card number or CVC in the database files');
    });

    it('is saved for on-session use: a recurring payment needs a card a payment saved off-session, or a mandate (HE_03)', async () => {
      await sandbox.request('POST', '/customers', { body: { customer_id: 'cus_on_session' } });
      const saved = await sandbox.request('POST', '/payment_methods', { body: { payment_method: 'card', customer_id: 'cus_on_session', card: SAVED_CARD } });
      assert.equal(saved.body.recurring_enabled, false);
      const charge = await sandbox.request('POST', '/payments', {
        body: { amount: 500, currency: 'USD', confirm: true, off_session: true, customer_id: 'cus_on_session', recurring_details: { type: 'payment_method_id', data: saved.body.payment_method_id } },
      });
      assertApiError(charge, 400, 'HE_03', 'Mandate Validation Failed');
    });

    it('refuses what upstream refuses: no customer, an unknown one, no card, a method other than a card, a bad card number', async () => {
      const create = (body: Body) => sandbox.request('POST', '/payment_methods', { body });
      assertApiError(await create({ payment_method: 'card', card: SAVED_CARD }), 400, 'IR_04', 'Missing required param: customer_id');
      assertApiError(await create({ payment_method: 'card', customer_id: 'cus_nobody', card: SAVED_CARD }), 404, 'HE_02', 'Customer does not exist in our records');
      assertApiError(await create({ payment_method: 'card', customer_id: 'cus_saver' }), 400, 'IR_04', 'Missing required param: card');
      assertApiError(await create({ payment_method: 'wallet', customer_id: 'cus_saver' }), 400, 'IR_19', 'Payment method type not supported');
      assertApiError(await create({ payment_method: 'card', customer_id: 'cus_saver', card: { ...SAVED_CARD, card_number: '5555555555554445' } }), 400, 'IR_06', /invalid card number/);
      assertApiError(await create({ payment_method: 'card', customer_id: 'cus_saver', card: { ...SAVED_CARD, card_exp_month: '13' } }), 400, 'IR_16', 'Invalid Expiry Month');
      assertApiError(await create({ payment_method: 'card', customer_id: 'cus_saver', card: SAVED_CARD, colour: 'blue' }), 400, 'IR_06', /unknown field `colour`/);
      assertApiError(await sandbox.request('POST', '/payment_methods', { body: { payment_method: 'card', customer_id: 'cus_saver', card: SAVED_CARD }, key: sandbox.publishableKey }), 401, 'IR_01');
    });

    it('an unknown saved card, or another merchant\'s, is 404 HE_02; an unknown customer\'s list is 404', async () => {
      await sandbox.request('POST', '/customers', { body: { customer_id: 'cus_mine_only' } });
      const saved = await sandbox.request('POST', '/payment_methods', { body: { payment_method: 'card', customer_id: 'cus_mine_only', card: SAVED_CARD } });
      assertApiError(await sandbox.request('GET', `/payment_methods/${String(saved.body.payment_method_id)}`, { key: otherKey }), 404, 'HE_02', 'Payment method does not exist in our records');
      assertApiError(await sandbox.request('GET', '/payment_methods/pm_nobody'), 404, 'HE_02');
      assertApiError(await sandbox.request('GET', '/customers/cus_nobody/payment_methods'), 404, 'HE_02', 'Customer does not exist in our records');
      assertApiError(await sandbox.request('GET', '/customers/cus_mine_only/payment_methods', { query: { client_secret: 'pay_x_secret_y' } }), 422, 'IR_06', 'client_secret is not a valid parameter');
    });
  });
});
