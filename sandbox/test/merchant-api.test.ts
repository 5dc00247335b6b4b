// Contract tests of what a merchant's server calls beyond create and confirm, as upstream serves it
// (juspay/hyperswitch crates/router/src/routes/app.rs; bodies in crates/api_models): the payment
// update and list, refund update and list. Every answer is also checked against the real service's
// OpenAPI schema by the test client (helpers.ts).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertApiError, card, cardPayment, startTestSandbox, type TestSandbox } from './helpers.js';

type Body = Record<string, unknown>;

describe('merchant-server API: payments and refunds', () => {
  let sandbox: TestSandbox;
  let otherKey: string;
  before(async () => {
    sandbox = await startTestSandbox();
    const admin = { key: sandbox.adminKey };
    await sandbox.request('POST', '/accounts', { ...admin, body: { merchant_id: 'merchant_api_other' } });
    otherKey = (await sandbox.request<{ api_key: string }>('POST', '/api_keys/merchant_api_other', { ...admin, body: { name: 'k', expiration: 'never' } })).body.api_key;
  });
  after(() => sandbox.close());

  const update = (paymentId: unknown, body: Body, key?: string) => sandbox.request('POST', `/payments/${String(paymentId)}`, { body, ...(key ? { key } : {}) });

  describe('POST /payments/{id} (update)', () => {
    it('changes amount, currency, customer, addresses, order, metadata and descriptors before the confirm; net_amount follows', async () => {
      const created = await sandbox.createPayment({ amount: 1000, currency: 'USD', metadata: { order: '1' } });
      const response = await update(created.payment_id, {
        amount: 2500,
        currency: 'EUR',
        customer: { id: 'cus_update_1', name: 'Grace Hopper', email: 'grace@example.com' },
        billing: { address: { country: 'DE', city: 'Berlin' }, email: 'grace@example.com' },
        shipping: { address: { country: 'FR', zip: '75001' } },
        shipping_cost: 300,
        order_tax_amount: 200,
        surcharge_details: { surcharge_amount: 50 },
        order_details: [{ product_name: 'Notebook', quantity: 2, amount: 1250 }],
        metadata: { order: '2' },
        description: 'updated',
        statement_descriptor_name: 'SHOP',
        merchant_order_reference_id: 'ord-2',
        return_url: 'https://shop.example/return',
      });
      assert.equal(response.status, 200, response.text);
      const payment = response.body;
      assert.deepEqual([payment.amount, payment.currency, payment.net_amount], [2500, 'EUR', 2500 + 300 + 200 + 50]);
      assert.deepEqual([payment.customer_id, (payment.customer as Body).name], ['cus_update_1', 'Grace Hopper']);
      assert.equal(((payment.billing as Body).address as Body).city, 'Berlin');
      assert.equal(((payment.shipping as Body).address as Body).zip, '75001');
      assert.deepEqual(payment.metadata, { order: '2' });
      assert.deepEqual([payment.description, payment.statement_descriptor_name, payment.merchant_order_reference_id, payment.return_url], ['updated', 'SHOP', 'ord-2', 'https://shop.example/return']);
      assert.equal(payment.status, 'requires_confirmation');
      // an absent member is kept
      const again = await update(created.payment_id, { description: 'again' });
      assert.deepEqual([again.body.amount, again.body.currency, again.body.customer_id], [2500, 'EUR', 'cus_update_1']);
      assert.equal((await sandbox.request('GET', `/payments/${String(created.payment_id)}`)).body.description, 'again');
    });

    it('attaches a card (kept masked, the status stays requires_confirmation) that a bare confirm pays with: create → update → confirm → capture', async () => {
      const created = await sandbox.createPayment({ amount: 4000, currency: 'USD', capture_method: 'manual' });
      const attached = await update(created.payment_id, cardPayment('4242424242424242'));
      assert.equal(attached.status, 200, attached.text);
      assert.equal(attached.body.status, 'requires_confirmation');
      assert.equal(attached.body.payment_method, 'card');
      const shown = (attached.body.payment_method_data as { card: Body }).card;
      assert.deepEqual([shown.last4, shown.card_isin, shown.card_network], ['4242', '424242', 'Visa']);
      assert.ok(!attached.text.includes('4242424242424242'), 'the number is never answered');
      const confirmed = await sandbox.request('POST', `/payments/${String(created.payment_id)}/confirm`, { body: {} });
      assert.equal(confirmed.body.status, 'requires_capture', confirmed.text);
      const captured = await sandbox.request('POST', `/payments/${String(created.payment_id)}/capture`, { body: { amount_to_capture: 4000 } });
      assert.deepEqual([captured.body.status, captured.body.amount_received], ['succeeded', 4000]);
    });

    it('with confirm: true, updates and confirms in one call', async () => {
      const created = await sandbox.createPayment({ amount: 1000, currency: 'USD' });
      const response = await update(created.payment_id, { amount: 1500, confirm: true, ...cardPayment('4242424242424242') });
      assert.deepEqual([response.status, response.body.status, response.body.amount_received], [200, 'succeeded', 1500]);
    });

    it('refuses a payment that is no longer waiting for its confirm, with upstream\'s error, and changes nothing', async () => {
      const paid = await sandbox.createPayment({ amount: 1000, currency: 'USD', confirm: true, ...cardPayment('4242424242424242') });
      assertApiError(await update(paid.payment_id, { amount: 1 }), 400, 'IR_16', 'You cannot update this payment because it has status succeeded');
      assert.equal((await sandbox.request('GET', `/payments/${String(paid.payment_id)}`)).body.amount, 1000);
    });

    it('keeps create\'s rules: amount_to_capture above the new amount, order items that do not add up, an unknown member, a card without payment_method', async () => {
      const created = await sandbox.createPayment({ amount: 1000, currency: 'USD', amount_to_capture: 800 });
      assertApiError(await update(created.payment_id, { amount: 500 }), 400, 'IR_05', /amount_to_capture/);
      assertApiError(await update(created.payment_id, { order_details: [{ product_name: 'x', quantity: 1, amount: 1 }] }), 422, 'IR_06', /order_details total/);
      assertApiError(await update(created.payment_id, { colour: 'blue' }), 400, 'IR_06', /unknown field `colour`/);
      assertApiError(await update(created.payment_id, { payment_method_data: { card: card('4242424242424242') } }), 400, 'IR_04', 'Missing required param: payment_method');
      assertApiError(await update(created.payment_id, { ...cardPayment('4242424242424241') }), 400, 'IR_06', /invalid card number/);
      assert.equal((await sandbox.request('GET', `/payments/${String(created.payment_id)}`)).body.amount, 1000);
    });

    it('is the merchant server\'s: the publishable key is 401, a client_secret with the secret key 422, another merchant\'s payment 404', async () => {
      const created = await sandbox.createPayment({ amount: 1000, currency: 'USD' });
      assertApiError(await update(created.payment_id, { client_secret: created.client_secret, amount: 1 }, sandbox.publishableKey), 401, 'IR_01');
      assertApiError(await update(created.payment_id, { client_secret: created.client_secret }), 422, 'IR_06', 'client_secret is not a valid parameter');
      assertApiError(await update(created.payment_id, { amount: 1 }, otherKey), 404, 'HE_02', 'Payment does not exist in our records');
    });
  });

  describe('GET /payments/list', () => {
    const list = (query: Record<string, string>, key?: string) => sandbox.request<{ size: number; data: Body[] }>('GET', '/payments/list', { query, ...(key ? { key } : {}) });

    it('answers {size, data}, newest first, the merchant\'s own only, 10 by default', async () => {
      const ids: unknown[] = [];
      for (let i = 0; i < 12; i += 1) ids.push((await sandbox.createPayment({ amount: 100 + i, currency: 'USD', customer_id: 'cus_list_default' })).payment_id);
      const page = await list({ customer_id: 'cus_list_default' });
      assert.equal(page.status, 200, page.text);
      assert.equal(page.body.size, 10);
      assert.deepEqual(page.body.data.map((payment) => payment.payment_id), ids.slice(2).reverse());
      assert.deepEqual((await list({ customer_id: 'cus_list_default' }, otherKey)).body, { size: 0, data: [] });
    });

    it('filters by customer_id and creation time (created.gte, created.lt …) and pages with starting_after and ending_before', async () => {
      const ids: unknown[] = [];
      for (let i = 0; i < 5; i += 1) ids.push((await sandbox.createPayment({ amount: 100, currency: 'USD', customer_id: 'cus_list_page' })).payment_id);
      const all = (await list({ customer_id: 'cus_list_page', limit: '100' })).body.data;
      assert.deepEqual(all.map((payment) => payment.payment_id), [...ids].reverse());
      const second = (await list({ customer_id: 'cus_list_page', limit: '2', starting_after: String(ids[3]) })).body.data;
      assert.deepEqual(second.map((payment) => payment.payment_id), [ids[2], ids[1]]);
      const before = (await list({ customer_id: 'cus_list_page', limit: '2', ending_before: String(ids[1]) })).body.data;
      assert.deepEqual(before.map((payment) => payment.payment_id), [ids[3], ids[2]]);
      const created = String(all[2]?.created);
      const since = (await list({ customer_id: 'cus_list_page', 'created.gte': created })).body.data;
      assert.ok(since.every((payment) => String(payment.created) >= created) && since.length >= 3);
      assert.deepEqual((await list({ customer_id: 'cus_list_page', 'created.lt': '2000-01-01T00:00:00Z' })).body.size, 0);
    });

    it('refuses a limit outside 1–100 (422), an unknown parameter or a malformed date (400) and an unknown anchor (404)', async () => {
      assertApiError(await list({ limit: '0' }), 422, 'IR_06', 'limit should be in between 1 and 100');
      assertApiError(await list({ limit: '101' }), 422, 'IR_06', 'limit should be in between 1 and 100');
      assertApiError(await list({ colour: 'blue' }), 400, 'IR_06', /unknown query parameter `colour`/);
      assertApiError(await list({ 'created.gte': 'yesterday' }), 400, 'IR_06', /created\.gte/);
      assertApiError(await list({ starting_after: 'pay_nobody_here' }), 404, 'HE_02');
      assertApiError(await sandbox.request('GET', '/payments/list', { key: sandbox.publishableKey }), 401, 'IR_01');
    });
  });

  describe('POST /refunds/{id} (update) and POST /refunds/list', () => {
    const paidPayment = (amount = 5000) => sandbox.createPayment({ amount, currency: 'USD', confirm: true, ...cardPayment('4242424242424242') });
    const refund = (body: Body) => sandbox.request('POST', '/refunds', { body });

    it('updates the reason and the metadata, keeping what is not sent', async () => {
      const payment = await paidPayment();
      const created = await refund({ payment_id: payment.payment_id, amount: 1000, reason: 'first', metadata: { a: '1' } });
      const path = `/refunds/${String(created.body.refund_id)}`;
      const updated = await sandbox.request('POST', path, { body: { reason: 'Customer returned the product' } });
      assert.equal(updated.status, 200, updated.text);
      assert.deepEqual([updated.body.reason, updated.body.metadata], ['Customer returned the product', { a: '1' }]);
      const metadata = await sandbox.request('POST', path, { body: { metadata: { b: '2' } } });
      assert.deepEqual([metadata.body.reason, metadata.body.metadata], ['Customer returned the product', { b: '2' }]);
      assert.deepEqual((await sandbox.request('GET', path)).body.metadata, { b: '2' });
      assertApiError(await sandbox.request('POST', path, { body: { amount: 5 } }), 400, 'IR_06', /unknown field `amount`/);
      assertApiError(await sandbox.request('POST', path, { body: { metadata: { ['k'.repeat(41)]: 'v' } } }), 422, 'IR_06', /metadata/);
      assertApiError(await sandbox.request('POST', '/refunds/ref_nobody', { body: { reason: 'x' } }), 404, 'HE_02', 'Refund does not exist in our records.');
      assertApiError(await sandbox.request('POST', path, { body: { reason: 'x' }, key: otherKey }), 404, 'HE_02');
    });

    it('lists refunds newest first with count and total_count, filtered and paged', async () => {
      const payment = await paidPayment(9000);
      const small = await refund({ payment_id: payment.payment_id, amount: 1000 });
      const failed = await refund({ payment_id: payment.payment_id, amount: 1053 }); // …53 fails (README refund outcomes)
      const large = await refund({ payment_id: payment.payment_id, amount: 2000 });
      const listed = await sandbox.request<{ count: number; total_count: number; data: Body[] }>('POST', '/refunds/list', { body: { payment_id: payment.payment_id } });
      assert.equal(listed.status, 200, listed.text);
      assert.deepEqual([listed.body.count, listed.body.total_count], [3, 3]);
      assert.deepEqual(listed.body.data.map((r) => r.refund_id), [large.body.refund_id, failed.body.refund_id, small.body.refund_id]);
      const page = (body: Body) => sandbox.request<{ count: number; total_count: number; data: Body[] }>('POST', '/refunds/list', { body: { payment_id: payment.payment_id, ...body } });
      assert.deepEqual((await page({ limit: 1, offset: 1 })).body.data.map((r) => r.refund_id), [failed.body.refund_id]);
      assert.equal((await page({ limit: 1 })).body.total_count, 3);
      assert.deepEqual((await page({ refund_status: ['failed'] })).body.data.map((r) => r.refund_id), [failed.body.refund_id]);
      assert.deepEqual((await page({ amount_filter: { start_amount: 1500 } })).body.data.map((r) => r.refund_id), [large.body.refund_id]);
      assert.equal((await page({ currency: ['EUR'] })).body.count, 0);
      assert.equal((await page({ connector: ['phonypay'] })).body.count, 3);
      assert.equal((await page({ merchant_connector_id: [String(small.body.merchant_connector_id)] })).body.count, 3);
      assert.equal((await page({ start_time: '2999-01-01T00:00:00Z' })).body.count, 0);
      assert.equal((await sandbox.request<{ count: number }>('POST', '/refunds/list', { body: { payment_id: payment.payment_id }, key: otherKey })).body.count, 0);
      assertApiError(await page({ limit: 0 }), 422, 'IR_06', 'limit should be in between 1 and 100');
      assertApiError(await page({ refund_status: ['done'] }), 400, 'IR_06', /unknown variant `done`/);
    });
  });
});
