// The merchant-server endpoints (issue 24, item 4) under the hardening of the rest of the sandbox
// (issue 24, item 5): fee arithmetic and free-form limits on the payment update as on create, the
// body limit on every new route (the payment link's form post included), no CORS on any of them,
// a browser's confirm that cannot change the merchant's customer, and list filters that are refused
// (never a 500) when they name no time.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { MAX_FEE_BASIS } from '../domain/fees.js';
import { FREE_FORM_LIMIT } from '../domain/validation.js';
import { MAX_BODY_BYTES } from '../http/request.js';
import { orderDetailsWire } from '../domain/wire.js';
import { assertApiError, cardPayment, startTestSandbox, type TestSandbox } from './helpers.js';

type Body = Record<string, unknown>;

describe('merchant-server API under the hardening', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  const update = (paymentId: unknown, body: Body) => sandbox.request('POST', `/payments/${String(paymentId)}`, { body });
  const retrieve = async (paymentId: unknown) => (await sandbox.request('GET', `/payments/${String(paymentId)}`)).body;

  describe('POST /payments/{id} keeps the limits of create', () => {
    it('refuses an amount above the fee basis (422 IR_06), as create does, and changes nothing', async () => {
      const created = await sandbox.createPayment({ amount: 1000, currency: 'USD' });
      const refused = await update(created.payment_id, { amount: MAX_FEE_BASIS + 1 });
      assertApiError(refused, 422, 'IR_06', /^amount may be at most 8000000000000000, so that fees/);
      assert.equal((await retrieve(created.payment_id)).amount, 1000);
      const atTheLimit = await update(created.payment_id, { amount: MAX_FEE_BASIS });
      assert.equal(atTheLimit.status, 200, atTheLimit.text);
    });

    it('holds every free-form member to its limit (metadata the spec\'s, the others 16,384 characters)', async () => {
      const created = await sandbox.createPayment({ amount: 1000, currency: 'USD' });
      const big = { a: 'x'.repeat(FREE_FORM_LIMIT) };
      assertApiError(await update(created.payment_id, { connector_metadata: big }), 422, 'IR_06', /^connector_metadata may be at most 16384 characters as JSON/);
      assertApiError(await update(created.payment_id, { frm_metadata: big }), 422, 'IR_06', /^frm_metadata may be at most 16384/);
      assertApiError(await update(created.payment_id, { metadata: { ['k'.repeat(41)]: 'v' } }), 422, 'IR_06', /key names may be at most 40 characters/);
      assert.equal((await retrieve(created.payment_id)).connector_metadata, null);
    });

    it('a refund update and a saved card hold their free-form members to their limits too', async () => {
      const paid = await sandbox.createPayment({ amount: 1000, currency: 'USD', confirm: true, ...cardPayment('4242424242424242') });
      const refund = await sandbox.request('POST', '/refunds', { body: { payment_id: paid.payment_id, amount: 500 } });
      assert.equal(refund.status, 200, refund.text);
      const tooLong = await sandbox.request('POST', `/refunds/${String(refund.body.refund_id)}`, { body: { metadata: { k: 'v'.repeat(501) } } });
      assertApiError(tooLong, 422, 'IR_06', /^metadata\.k may be at most 500 characters$/);
      await sandbox.request('POST', '/customers', { body: { customer_id: 'cus_hardening_card' } });
      const wallet = await sandbox.request('POST', '/payment_methods', {
        body: { payment_method: 'card', customer_id: 'cus_hardening_card', wallet: { a: 'x'.repeat(FREE_FORM_LIMIT) } },
      });
      assertApiError(wallet, 422, 'IR_06', /^wallet may be at most 16384/);
    });
  });

  describe('the body limit', () => {
    const oversized = 'x'.repeat(MAX_BODY_BYTES + 1);
    it('refuses a body over 1 MiB on every new JSON route with 413, before the route runs', async () => {
      const created = await sandbox.createPayment({ amount: 1000, currency: 'USD' });
      for (const path of [`/payments/${String(created.payment_id)}`, '/refunds/ref_unknown', '/refunds/list', '/payment_methods', '/mandates/revoke/man_unknown']) {
        const response = await sandbox.request('POST', path, { headers: { 'content-type': 'application/json' }, rawBody: oversized });
        assertApiError(response, 413, 'IR_06', /larger than the limit of 1048576 bytes/);
      }
      const deleted = await sandbox.request('DELETE', '/customers/cus_unknown', { headers: { 'content-type': 'application/json' }, rawBody: oversized });
      assertApiError(deleted, 413, 'IR_06');
    });

    it("refuses it on the payment link's form post, and answers a malformed multipart body there with 400, not 500", async () => {
      const created = await sandbox.createPayment({ amount: 1000, currency: 'USD', payment_link: true });
      const link = new URL(String((created.payment_link as Body).link));
      const tooBig = await sandbox.request('POST', link.pathname, { key: null, headers: { 'content-type': 'application/x-www-form-urlencoded' }, rawBody: oversized });
      assertApiError(tooBig, 413, 'IR_06');
      const unterminated = await sandbox.request('POST', link.pathname, {
        key: null,
        headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
        rawBody: '--xyz\r\nContent-Disposition: form-data; name="card_number"\r\n\r\n4242424242424242',
      });
      assertApiError(unterminated, 400, 'IR_06', /form/);
      assert.equal((await retrieve(created.payment_id)).status, 'requires_confirmation');
      // a well-formed multipart post is read as the form it is
      const form = new FormData();
      for (const [name, value] of Object.entries({ card_number: '4242 4242 4242 4242', card_exp_month: '12', card_exp_year: String(new Date().getUTCFullYear() + 2), card_cvc: '123' })) form.set(name, value);
      const paid = await fetch(link, { method: 'POST', body: form, redirect: 'manual' });
      assert.ok(paid.status === 200 || paid.status === 302, String(paid.status));
      assert.equal((await retrieve(created.payment_id)).status, 'succeeded');
    });
  });

  describe('CORS', () => {
    const ROUTES: [method: string, path: string][] = [
      ['POST', '/payments/pay_x'],
      ['GET', '/payments/list'],
      ['POST', '/refunds/ref_x'],
      ['POST', '/refunds/list'],
      ['GET', '/mandates/man_x'],
      ['POST', '/mandates/revoke/man_x'],
      ['GET', '/customers/cus_x/mandates'],
      ['DELETE', '/customers/cus_x'],
      ['POST', '/payment_methods'],
      ['GET', '/payment_methods/pm_x'],
      ['GET', '/customers/cus_x/payment_methods'],
    ];

    it('answers none of the new secret-key routes with CORS, with either key, and lets no preflight through', async () => {
      for (const [method, path] of ROUTES) {
        for (const key of [sandbox.secretKey, sandbox.publishableKey]) {
          const response = await sandbox.request(method, path, { key, headers: { origin: 'https://shop.example' }, ...(method === 'POST' ? { body: {} } : {}) });
          assert.equal(response.headers.get('access-control-allow-origin'), null, `${method} ${path}`);
        }
        const preflight = await fetch(new URL(path, sandbox.url), {
          method: 'OPTIONS',
          headers: { origin: 'https://shop.example', 'access-control-request-method': method, 'access-control-request-headers': 'api-key,content-type' },
        });
        assert.notEqual(preflight.status, 204, `${method} ${path}`);
        assert.equal(preflight.headers.get('access-control-allow-origin'), null, `preflight ${method} ${path}`);
      }
    });

    it('still answers the retrieve a browser makes, beside the list that looks like it', async () => {
      const created = await sandbox.createPayment({ amount: 1000, currency: 'USD' });
      const response = await sandbox.request('GET', `/payments/${String(created.payment_id)}`, {
        key: sandbox.publishableKey,
        query: { client_secret: String(created.client_secret) },
        headers: { origin: 'https://shop.example' },
      });
      assert.equal(response.status, 200, response.text);
      assert.equal(response.headers.get('access-control-allow-origin'), '*');
    });
  });

  describe("a browser's confirm and the merchant's customer", () => {
    it("takes the browser's email as ignored: the customer keeps the email the merchant gave it", async () => {
      const created = await sandbox.createPayment({ amount: 1000, currency: 'USD', customer: { id: 'cus_browser_email', email: 'merchant@shop.example' } });
      const confirmed = await sandbox.request('POST', `/payments/${String(created.payment_id)}/confirm`, {
        key: sandbox.publishableKey,
        body: { client_secret: created.client_secret, customer_id: 'cus_browser_email', email: 'attacker@evil.example', ...cardPayment('4242424242424242') },
      });
      assert.equal(confirmed.status, 200, confirmed.text);
      const customer = await sandbox.request('GET', '/customers/cus_browser_email');
      assert.equal(customer.body.email, 'merchant@shop.example');
    });

    it("takes the merchant's own email on a secret-key confirm, as upstream updates the customer", async () => {
      const created = await sandbox.createPayment({ amount: 1000, currency: 'USD', customer: { id: 'cus_server_email', email: 'old@shop.example' } });
      const confirmed = await sandbox.request('POST', `/payments/${String(created.payment_id)}/confirm`, {
        body: { customer_id: 'cus_server_email', email: 'new@shop.example', ...cardPayment('4242424242424242') },
      });
      assert.equal(confirmed.status, 200, confirmed.text);
      assert.equal((await sandbox.request('GET', '/customers/cus_server_email')).body.email, 'new@shop.example');
    });
  });

  describe('list filters that name no time', () => {
    it('GET /payments/list refuses created.gte of the right form but no real time with 400 IR_06, not 500', async () => {
      const response = await sandbox.request('GET', '/payments/list', { query: { 'created.gte': '2022-13-45T99:99:99Z' } });
      assertApiError(response, 400, 'IR_06', /created\.gte/);
    });

    it('and a day or an hour that does not exist, which JavaScript would roll over (February 31 as March 3)', async () => {
      for (const time of ['2022-02-31T00:00:00Z', '2022-04-31T10:00:00', '2022-01-01T24:00:00Z', '2023-02-29T00:00:00+02:00']) {
        assertApiError(await sandbox.request('GET', '/payments/list', { query: { 'created.gt': time } }), 400, 'IR_06', /created\.gt/);
      }
      assert.equal((await sandbox.request('GET', '/payments/list', { query: { 'created.gt': '2024-02-29T23:59:59+02:00' } })).status, 200);
    });
  });

  describe('nested members answered by own property', () => {
    it("an order item's own members named like Object's are answered as sent, and never taken from Object.prototype", () => {
      const [item] = orderDetailsWire([{ product_name: 'p', quantity: 1, amount: 1, constructor: 'c', toString: 't' }]) ?? [];
      assert.ok(item);
      const answered = JSON.parse(JSON.stringify(item)) as Body;
      assert.equal(answered.constructor, 'c');
      assert.equal(answered.toString, 't');
      assert.equal(answered.product_img_link, null);
      const [plain] = orderDetailsWire([{ product_name: 'p', quantity: 1, amount: 1 }]) ?? [];
      assert.equal(Object.hasOwn(JSON.parse(JSON.stringify(plain)) as Body, 'constructor'), false);
    });
  });
});
