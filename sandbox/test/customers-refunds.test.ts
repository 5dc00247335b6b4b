/**
 * Customers, refunds and fees (docs/sandbox.md, README "Refund outcomes", spec "Customer",
 * "Refund (retrieve response)", "Fee fields", "Limits"): the merchant's secret key, outcomes by
 * the refund amount's last two digits, and the fees of payments and refunds.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CONNECTOR_FEES } from '../domain/fees.js';
import { type ApiResponse, assertApiError, cardPayment, eventually, startTestSandbox, type TestSandbox, UNAUTHORIZED } from './helpers.js';

type Body = Record<string, unknown>;

let sandbox: TestSandbox;
let counter = 0;
const uniqueId = (prefix: string) => `${prefix}_${++counter}`;
const admin = () => ({ key: sandbox.adminKey });


/** A new merchant account (admin key) with one secret key. */
async function newMerchant(extra: Body = {}): Promise<{ merchantId: string; secretKey: string; publishableKey: string }> {
  const merchantId = uniqueId('shop');
  const account = await sandbox.request('POST', '/accounts', { ...admin(), body: { merchant_id: merchantId, ...extra } });
  assert.equal(account.status, 200, account.text);
  const key = await sandbox.request('POST', `/api_keys/${merchantId}`, { ...admin(), body: { name: 'server', expiration: 'never' } });
  assert.equal(key.status, 200, key.text);
  return { merchantId, secretKey: String(key.body['api_key']), publishableKey: String(account.body['publishable_key']) };
}

/** A succeeded card payment (automatic capture) of the demo merchant, or of the merchant whose key is given. */
async function succeededPayment(amount = 1000, key?: string, extra: Body = {}): Promise<Body> {
  const response = await sandbox.request('POST', '/payments', {
    key,
    body: { amount, currency: 'USD', confirm: true, ...cardPayment('4242424242424242'), ...extra },
  });
  assert.equal(response.status, 200, response.text);
  assert.equal(response.body['status'], 'succeeded', response.text);
  return response.body;
}

/** A manual-capture card payment, authorized and waiting for capture. */
async function authorizedPayment(amount = 1000): Promise<Body> {
  const payment = await sandbox.createPayment({ amount, currency: 'USD', confirm: true, capture_method: 'manual', ...cardPayment('4242424242424242') });
  assert.equal(payment['status'], 'requires_capture');
  return payment;
}

const refund = (body: Body, key?: string) => sandbox.request('POST', '/refunds', { key, body });
const getRefund = (refundId: string, key?: string) => sandbox.request('GET', `/refunds/${refundId}`, { key });
const getPayment = (paymentId: string, key?: string) => sandbox.request('GET', `/payments/${paymentId}`, { key });

async function refundOk(body: Body, key?: string): Promise<Body> {
  const response = await refund(body, key);
  assert.equal(response.status, 200, response.text);
  return response.body;
}

/** The members of the spec's refund table. */
const REFUND_MEMBERS = [
  'refund_id', 'payment_id', 'amount', 'currency', 'status', 'connector', 'reason', 'metadata', 'error_message',
  'error_code', 'unified_code', 'unified_message', 'created_at', 'updated_at', 'profile_id', 'merchant_connector_id',
  'split_refunds', 'connector_refund_id', 'refund_arn', 'processor_fee', 'gateway_fee', 'total_fee',
];

const CUSTOMER_MEMBERS = [
  'address', 'created_at', 'customer_id', 'default_payment_method_id', 'description', 'email', 'metadata', 'name', 'phone',
  'phone_country_code',
];

/** The processor's fee of the spec's connectors: percentage of what was captured, rounded, plus the fixed part. */
function expectedProcessorFee(connector: string, captured: number): number {
  const rate = CONNECTOR_FEES[connector];
  assert.ok(rate, `no fee for ${connector}`);
  return Math.round((captured * rate.percentage) / 100) + rate.fixed;
}

describe('customers, refunds and fees', () => {
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(async () => {
    await sandbox.close();
  });

  describe('customers', () => {
    it('creates a customer with a generated cus_ id, and retrieves it', async () => {
      const created = await sandbox.request('POST', '/customers', {
        body: {
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          phone: '5550100',
          phone_country_code: '+44',
          description: 'First customer',
          address: { line1: '12 Analytical Row', city: 'London', zip: 'N1 7GU', country: 'GB', first_name: 'Ada', last_name: 'Lovelace' },
          metadata: { segment: 'vip' },
        },
      });
      assert.equal(created.status, 200, created.text);
      assert.deepEqual(Object.keys(created.body).sort(), CUSTOMER_MEMBERS);
      assert.match(String(created.body['customer_id']), /^cus_[0-9A-Za-z]{20}$/);
      assert.equal(created.body['name'], 'Ada Lovelace');
      assert.equal(created.body['email'], 'ada@example.com');
      assert.equal(created.body['phone'], '5550100');
      assert.equal(created.body['phone_country_code'], '+44');
      assert.equal(created.body['description'], 'First customer');
      // upstream's AddressDetails answers every member, null when not sent
      assert.deepEqual(created.body['address'], { line1: '12 Analytical Row', line2: null, line3: null, city: 'London', state: null, zip: 'N1 7GU', country: 'GB', first_name: 'Ada', last_name: 'Lovelace' });
      assert.deepEqual(created.body['metadata'], { segment: 'vip' });
      assert.equal(created.body['default_payment_method_id'], null);
      assert.ok(Math.abs(Date.parse(String(created.body['created_at'])) - Date.now()) < 60_000);

      const retrieved = await sandbox.request('GET', `/customers/${created.body['customer_id']}`);
      assert.equal(retrieved.status, 200, retrieved.text);
      assert.deepEqual(retrieved.body, created.body);
    });

    it('uses a supplied customer_id and answers null for members not sent', async () => {
      const created = await sandbox.request('POST', '/customers', { body: { customer_id: 'cust-own_id-1' } });
      assert.equal(created.status, 200, created.text);
      assert.equal(created.body['customer_id'], 'cust-own_id-1');
      for (const member of ['name', 'email', 'phone', 'phone_country_code', 'description', 'address', 'metadata']) {
        assert.equal(created.body[member], null, `${member} should be null`);
      }
    });

    it('updates the members sent and keeps the others', async () => {
      const created = await sandbox.request('POST', '/customers', {
        body: { customer_id: 'to_update', name: 'Before', email: 'before@example.com', description: 'kept', metadata: { a: '1' } },
      });
      assert.equal(created.status, 200, created.text);
      const updated = await sandbox.request('POST', '/customers/to_update', { body: { name: 'After', email: 'after@example.com', phone: '999' } });
      assert.equal(updated.status, 200, updated.text);
      assert.equal(updated.body['name'], 'After');
      assert.equal(updated.body['email'], 'after@example.com');
      assert.equal(updated.body['phone'], '999');
      assert.equal(updated.body['description'], 'kept');
      assert.deepEqual(updated.body['metadata'], { a: '1' });
      assert.equal(updated.body['created_at'], created.body['created_at']);
      const cleared = await sandbox.request('POST', '/customers/to_update', { body: { description: null } });
      assert.equal(cleared.body['description'], null);
      const retrieved = await sandbox.request('GET', '/customers/to_update');
      assert.deepEqual(retrieved.body, cleared.body);
    });

    it('an update naming another customer_id in the body → 422 IR_06', async () => {
      await sandbox.request('POST', '/customers', { body: { customer_id: 'path_customer', name: 'Kept' } });
      assertApiError(await sandbox.request('POST', '/customers/path_customer', { body: { customer_id: 'other', name: 'X' } }), 422, 'IR_06', /customer_id/);
      assert.equal((await sandbox.request('GET', '/customers/path_customer')).body['name'], 'Kept');
    });

    it('a taken customer_id → 400 IR_12, and the first customer is unchanged', async () => {
      await sandbox.request('POST', '/customers', { body: { customer_id: 'dup_customer', name: 'First' } });
      // upstream: customers_error_response.rs CustomerAlreadyExists; Cypress spec/Payment/00030-DuplicateRequests.cy.js
      assertApiError(await sandbox.request('POST', '/customers', { body: { customer_id: 'dup_customer', name: 'Second' } }), 400, 'IR_12', 'Customer with the given `customer_id` already exists');
      assert.equal((await sandbox.request('GET', '/customers/dup_customer')).body['name'], 'First');
    });

    it('an unknown customer → 404 HE_02 on retrieve and on update', async () => {
      assertApiError(await sandbox.request('GET', '/customers/cus_nobody'), 404, 'HE_02', 'Customer does not exist in our records');
      assertApiError(await sandbox.request('POST', '/customers/cus_nobody', { body: { name: 'x' } }), 404, 'HE_02', 'Customer does not exist in our records');
    });

    it("another merchant's customer → 404 HE_02 on retrieve and on update; the same id is free for this merchant", async () => {
      const other = await newMerchant();
      const theirs = await sandbox.request('POST', '/customers', { key: other.secretKey, body: { customer_id: 'shared_name', name: 'Theirs' } });
      assert.equal(theirs.status, 200, theirs.text);
      assertApiError(await sandbox.request('GET', '/customers/shared_name'), 404, 'HE_02');
      assertApiError(await sandbox.request('POST', '/customers/shared_name', { body: { name: 'Hijacked' } }), 404, 'HE_02');
      const ours = await sandbox.request('POST', '/customers', { body: { customer_id: 'shared_name', name: 'Ours' } });
      assert.equal(ours.status, 200, ours.text);
      assert.equal((await sandbox.request('GET', '/customers/shared_name', { key: other.secretKey })).body['name'], 'Theirs');
      assert.equal((await sandbox.request('GET', '/customers/shared_name')).body['name'], 'Ours');
    });

    describe('limits', () => {
      const metadataWith = (keys: number, keyLength = 8, valueLength = 5): Body =>
        Object.fromEntries(Array.from({ length: keys }, (_, i) => [`${String(i).padStart(keyLength, 'k')}`, 'v'.repeat(valueLength)]));

      it('255-character text members, a 64-character customer_id and metadata at its limits are accepted', async () => {
        const body = {
          customer_id: 'c'.repeat(64),
          name: 'n'.repeat(255),
          email: `${'e'.repeat(243)}@example.com`,
          phone: '1'.repeat(255),
          phone_country_code: '+'.repeat(255),
          description: 'd'.repeat(255),
          metadata: metadataWith(50, 40, 500),
        };
        assert.equal(body.email.length, 255);
        const created = await sandbox.request('POST', '/customers', { body });
        assert.equal(created.status, 200, created.text);
        for (const [member, value] of Object.entries(body)) assert.deepEqual(created.body[member], value, member);
      });

      const refused: [string, Body, number, string, RegExp][] = [
        ['a name of 256 characters', { name: 'n'.repeat(256) }, 422, 'IR_06', /name/],
        ['an email of 256 characters', { email: `${'e'.repeat(244)}@example.com` }, 422, 'IR_06', /email/],
        ['a phone of 256 characters', { phone: '1'.repeat(256) }, 422, 'IR_06', /phone/],
        ['a phone_country_code of 256 characters', { phone_country_code: '+'.repeat(256) }, 422, 'IR_06', /phone_country_code/],
        ['a description of 256 characters', { description: 'd'.repeat(256) }, 422, 'IR_06', /description/],
        ['an email that is not an email', { email: 'not-an-email' }, 422, 'IR_06', /email/],
        ['a customer_id of 65 characters', { customer_id: 'c'.repeat(65) }, 422, 'IR_06', /customer_id/],
        ['an empty customer_id', { customer_id: '' }, 422, 'IR_06', /customer_id/],
        ['metadata with 51 keys', { metadata: metadataWith(51) }, 422, 'IR_06', /metadata/],
        ['a metadata key of 41 characters', { metadata: metadataWith(1, 41) }, 422, 'IR_06', /metadata/],
        ['a metadata value of 501 characters', { metadata: metadataWith(1, 8, 501) }, 422, 'IR_06', /metadata/],
        ['an unknown member', { nickname: 'x' }, 400, 'IR_06', /unknown field `nickname`/],
      ];
      for (const [name, body, status, code, message] of refused) {
        it(`${name} → ${status} ${code} on create and on update`, async () => {
          assertApiError(await sandbox.request('POST', '/customers', { body }), status, code, message);
          const id = uniqueId('limit_customer');
          await sandbox.request('POST', '/customers', { body: { customer_id: id, name: 'Unchanged' } });
          const { customer_id: _id, ...updateBody } = body;
          if (Object.keys(updateBody).length === 0) return; // customer_id alone is checked against the path instead
          assertApiError(await sandbox.request('POST', `/customers/${id}`, { body: updateBody }), status, code, message);
          assert.equal((await sandbox.request('GET', `/customers/${id}`)).body['name'], 'Unchanged');
        });
      }
    });

    it("a payment's customer creates the customer record, and a later payment attaches the same one", async () => {
      const payment = await sandbox.createPayment({
        amount: 1000,
        currency: 'USD',
        customer: { id: 'cus_from_payment', name: 'Grace Hopper', email: 'grace@example.com', phone: '5550199', phone_country_code: '+1' },
      });
      assert.equal((payment['customer'] as Body)['id'], 'cus_from_payment');
      const customer = await sandbox.request('GET', '/customers/cus_from_payment');
      assert.equal(customer.status, 200, customer.text);
      assert.equal(customer.body['customer_id'], 'cus_from_payment');
      assert.equal(customer.body['name'], 'Grace Hopper');
      assert.equal(customer.body['email'], 'grace@example.com');
      assert.equal(customer.body['phone'], '5550199');
      assert.equal(customer.body['phone_country_code'], '+1');

      // a second payment for the same id attaches the existing record (no duplicate error, same customer)
      const second = await sandbox.createPayment({ amount: 500, currency: 'USD', customer_id: 'cus_from_payment' });
      assert.deepEqual(second['customer'], { id: 'cus_from_payment', name: 'Grace Hopper', email: 'grace@example.com', phone: '5550199', phone_country_code: '+1' });
      const again = await sandbox.request('GET', '/customers/cus_from_payment');
      assert.equal(again.body['created_at'], customer.body['created_at']);
    });

    it('a payment for a customer created through the API shows that customer', async () => {
      await sandbox.request('POST', '/customers', { body: { customer_id: 'api_made', name: 'Made by API', email: 'api@example.com' } });
      const payment = await sandbox.createPayment({ amount: 700, currency: 'EUR', customer: { id: 'api_made' } });
      const customer = payment['customer'] as Body;
      assert.equal(customer['id'], 'api_made');
      assert.equal(customer['name'], 'Made by API');
      assert.equal(customer['email'], 'api@example.com');
    });
  });

  describe('refunds', () => {
    it('refunds a succeeded card payment in full when no amount is given, with every member of the spec table', async () => {
      const payment = await succeededPayment(1000);
      const created = await refundOk({ payment_id: payment['payment_id'] });
      for (const member of REFUND_MEMBERS) assert.ok(member in created, `refund lacks ${member}`);
      assert.match(String(created['refund_id']), /^ref_[0-9A-Za-z]{20}$/);
      assert.equal(created['payment_id'], payment['payment_id']);
      assert.equal(created['amount'], 1000);
      assert.equal(created['currency'], 'USD');
      assert.equal(created['status'], 'succeeded');
      assert.equal(created['connector'], payment['connector']);
      assert.equal(created['profile_id'], payment['profile_id']);
      assert.equal(typeof created['connector_refund_id'], 'string');
      assert.equal(typeof created['refund_arn'], 'string');
      // the refund names the payment's simulated connector account, as the payment does
      assert.equal(created['merchant_connector_id'], payment['merchant_connector_id']);
      assert.match(String(created['merchant_connector_id']), /^mca_/);
      for (const member of ['reason', 'metadata', 'error_message', 'error_code', 'unified_code', 'unified_message', 'split_refunds']) {
        assert.equal(created[member], null, `${member} should be null`);
      }
      for (const member of ['created_at', 'updated_at']) assert.ok(!Number.isNaN(Date.parse(String(created[member]))), `${member} is a date-time`);

      const retrieved = await getRefund(String(created['refund_id']));
      assert.equal(retrieved.status, 200, retrieved.text);
      assert.deepEqual(retrieved.body, created);

      // nothing is left
      const more = await refund({ payment_id: payment['payment_id'], amount: 100 });
      // upstream: 400 IR_13 "The refund amount exceeds the amount captured" (api_error_response.rs RefundAmountExceedsPaymentAmount; Cypress Commons.js:1349)
      assertApiError(more, 400, 'IR_13', 'The refund amount exceeds the amount captured');
    });

    it('takes reason, metadata and a supplied refund_id', async () => {
      const payment = await succeededPayment(2000);
      const created = await refundOk({ payment_id: payment['payment_id'], refund_id: 'my_refund_1', amount: 500, reason: 'Customer returned product', metadata: { rma: 'R-1' } });
      assert.equal(created['refund_id'], 'my_refund_1');
      assert.equal(created['reason'], 'Customer returned product');
      assert.deepEqual(created['metadata'], { rma: 'R-1' });
      assert.equal(created['amount'], 500);
      assert.deepEqual((await getRefund('my_refund_1')).body, created);
    });

    it('several partial refunds up to the captured amount; more → 400 IR_13; the payment lists them', async () => {
      const payment = await succeededPayment(1000);
      const paymentId = payment['payment_id'];
      const first = await refundOk({ payment_id: paymentId, refund_id: 'part_1', amount: 300 });
      const second = await refundOk({ payment_id: paymentId, refund_id: 'part_2', amount: 300 });
      assert.equal(first['status'], 'succeeded');
      assert.equal(second['status'], 'succeeded');
      const over = await refund({ payment_id: paymentId, refund_id: 'part_over', amount: 500 });
      // upstream: 400 IR_13 "The refund amount exceeds the amount captured" (api_error_response.rs RefundAmountExceedsPaymentAmount; Cypress Commons.js:1349)
      assertApiError(over, 400, 'IR_13');
      assertApiError(await getRefund('part_over'), 404, 'HE_02');
      const third = await refundOk({ payment_id: paymentId, refund_id: 'part_3' });
      assert.equal(third['amount'], 400, 'the default is what is left');
      assertApiError(await refund({ payment_id: paymentId, amount: 100 }), 400, 'IR_13');

      const after = await getPayment(String(paymentId));
      const refunds = after.body['refunds'] as Body[];
      assert.deepEqual(refunds.map((item) => [item['refund_id'], item['amount'], item['status']]), [
        ['part_1', 300, 'succeeded'],
        ['part_2', 300, 'succeeded'],
        ['part_3', 400, 'succeeded'],
      ]);
      for (const item of refunds) for (const member of REFUND_MEMBERS) assert.ok(member in item, `listed refund lacks ${member}`);
      assert.deepEqual(refunds[0], first);
    });

    it('a payment without refunds has refunds: null', async () => {
      const payment = await succeededPayment(1000);
      assert.equal(payment['refunds'], null);
    });

    it('an amount above the captured amount in one go → 400 IR_13', async () => {
      const payment = await succeededPayment(1000);
      // upstream: 400 IR_13 "The refund amount exceeds the amount captured" (api_error_response.rs RefundAmountExceedsPaymentAmount; Cypress Commons.js:1349)
      assertApiError(await refund({ payment_id: payment['payment_id'], amount: 1001 }), 400, 'IR_13');
      assert.equal((await refund({ payment_id: payment['payment_id'], amount: 1000 })).status, 200, 'the captured amount itself is refundable');
    });

    for (const amount of [99, 1, 0]) {
      it(`a refund amount of ${amount} (under the schema minimum 100) → 422 IR_06`, async () => {
        const payment = await succeededPayment(1000);
        assertApiError(await refund({ payment_id: payment['payment_id'], amount }), 422, 'IR_06', /amount/);
        assert.equal((await getPayment(String(payment['payment_id']))).body['refunds'], null);
      });
    }

    it('a refund amount of exactly 100 is accepted', async () => {
      const payment = await succeededPayment(1000);
      assert.equal((await refundOk({ payment_id: payment['payment_id'], amount: 100 }))['amount'], 100);
    });

    it('a manual-capture payment before capture → 400 IR_14', async () => {
      const payment = await authorizedPayment(1000);
      assertApiError(await refund({ payment_id: payment['payment_id'] }), 400, 'IR_14', /requires_capture/);
      assertApiError(await refund({ payment_id: payment['payment_id'], amount: 500 }), 400, 'IR_14');
    });

    it('an unconfirmed or failed payment → 400 IR_14', async () => {
      const unconfirmed = await sandbox.createPayment({ amount: 1000, currency: 'USD' });
      assertApiError(await refund({ payment_id: unconfirmed['payment_id'] }), 400, 'IR_14', /requires_confirmation/);
      const failed = await sandbox.createPayment({ amount: 1000, currency: 'USD', confirm: true, ...cardPayment('4000000000000002') });
      assert.equal(failed['status'], 'failed');
      assertApiError(await refund({ payment_id: failed['payment_id'] }), 400, 'IR_14', /failed/);
    });

    it('after a partial capture only the captured amount is refundable', async () => {
      const payment = await authorizedPayment(1000);
      const captured = await sandbox.request('POST', `/payments/${payment['payment_id']}/capture`, { body: { amount_to_capture: 600 } });
      assert.equal(captured.status, 200, captured.text);
      assert.equal(captured.body['status'], 'partially_captured');
      assert.equal(captured.body['amount_received'], 600);
      // upstream: 400 IR_13 "The refund amount exceeds the amount captured" (api_error_response.rs RefundAmountExceedsPaymentAmount; Cypress Commons.js:1349)
      assertApiError(await refund({ payment_id: payment['payment_id'], amount: 700 }), 400, 'IR_13');
      const full = await refundOk({ payment_id: payment['payment_id'] });
      assert.equal(full['amount'], 600);
      assert.equal(full['status'], 'succeeded');
    });

    it('a taken refund_id → 400 HE_01, and nothing more is refunded', async () => {
      const payment = await succeededPayment(1000);
      await refundOk({ payment_id: payment['payment_id'], refund_id: 'dup_refund', amount: 200 });
      assertApiError(await refund({ payment_id: payment['payment_id'], refund_id: 'dup_refund', amount: 300 }), 400, 'HE_01');
      const refunds = (await getPayment(String(payment['payment_id']))).body['refunds'] as Body[];
      assert.deepEqual(refunds.map((item) => item['amount']), [200]);
      assert.equal((await getRefund('dup_refund')).body['amount'], 200);
    });

    it('an unknown payment → 404 HE_02; an unknown refund → 404 HE_02', async () => {
      assertApiError(await refund({ payment_id: 'pay_00000000000000000000000000' }), 404, 'HE_02', 'Payment does not exist in our records');
      // upstream's message ends with a full stop (api_error_response.rs RefundNotFound)
      assertApiError(await getRefund('ref_00000000000000000000'), 404, 'HE_02', 'Refund does not exist in our records.');
    });

    it('missing payment_id → 400 IR_04; an unknown member → 400 IR_06', async () => {
      assertApiError(await refund({ amount: 100 }), 400, 'IR_04', 'Missing required param: payment_id');
      const payment = await succeededPayment(1000);
      assertApiError(await refund({ payment_id: payment['payment_id'], colour: 'red' }), 400, 'IR_06', /unknown field `colour`/);
    });

    it("another merchant's payment and refund → 404 HE_02", async () => {
      const other = await newMerchant();
      const theirs = await succeededPayment(1000, other.secretKey);
      assertApiError(await refund({ payment_id: theirs['payment_id'] }), 404, 'HE_02');
      const theirRefund = await refundOk({ payment_id: theirs['payment_id'], amount: 200 }, other.secretKey);
      assertApiError(await getRefund(String(theirRefund['refund_id'])), 404, 'HE_02');
      assert.equal((await getRefund(String(theirRefund['refund_id']), other.secretKey)).status, 200);
    });

    it('refund metadata limits: 51 keys → 422 IR_06', async () => {
      const payment = await succeededPayment(1000);
      const metadata = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v']));
      assertApiError(await refund({ payment_id: payment['payment_id'], metadata }), 422, 'IR_06', /metadata/);
    });

    describe('outcomes by the last two digits of the amount', { concurrency: true }, () => {
      it('…53 → failed at once (refund_failed), and it does not count against the refundable total', async () => {
        const payment = await succeededPayment(1000);
        const failed = await refundOk({ payment_id: payment['payment_id'], amount: 153 });
        assert.equal(failed['status'], 'failed');
        assert.equal(failed['error_code'], 'refund_failed');
        assert.equal(typeof failed['error_message'], 'string');
        assert.equal(typeof failed['unified_code'], 'string');
        assert.equal(typeof failed['unified_message'], 'string');
        assert.equal(failed['refund_arn'], null);
        assert.equal((await getRefund(String(failed['refund_id']))).body['status'], 'failed');
        const rest = await refundOk({ payment_id: payment['payment_id'] });
        assert.equal(rest['amount'], 1000, 'a failed refund leaves the whole amount refundable');
      });

      it('…51 → pending, then succeeded about 2 s later', async () => {
        const payment = await succeededPayment(1000);
        const pending = await refundOk({ payment_id: payment['payment_id'], amount: 151 });
        assert.equal(pending['status'], 'pending');
        assert.equal(pending['error_code'], null);
        const started = Date.now();
        const settled = await eventually(async () => {
          const current = await getRefund(String(pending['refund_id']));
          return current.body['status'] === 'pending' ? null : current.body;
        }, 5000);
        assert.ok(Date.now() - started > 1000, 'it stays pending for a while');
        assert.equal(settled['status'], 'succeeded');
        assert.equal(settled['error_code'], null);
        assert.equal(typeof settled['refund_arn'], 'string');
        assert.ok(Date.parse(String(settled['updated_at'])) > Date.parse(String(settled['created_at'])));
        const listed = (await getPayment(String(payment['payment_id']))).body['refunds'] as Body[];
        assert.equal(listed[0]?.['status'], 'succeeded');
      });

      it('refund_type scheduled → pending whatever the amount, then the amount\'s outcome (upstream queues it: refunds.rs schedule_refund_execution)', async () => {
        const payment = await succeededPayment(1000);
        const scheduled = await refundOk({ payment_id: payment['payment_id'], amount: 100, refund_type: 'scheduled' });
        const failing = await refundOk({ payment_id: payment['payment_id'], amount: 153, refund_type: 'scheduled' });
        for (const queued of [scheduled, failing]) {
          assert.deepEqual([queued['status'], queued['refund_type'], queued['refund_arn']], ['pending', 'scheduled', null]);
          assert.equal((await getRefund(String(queued['refund_id']))).body['status'], 'pending', 'a sync right after: still pending');
        }
        const settled = async (queued: Body) =>
          eventually(async () => {
            const current = await getRefund(String(queued['refund_id']));
            return current.body['status'] === 'pending' ? null : current.body;
          }, 5000);
        const [done, failed] = await Promise.all([settled(scheduled), settled(failing)]);
        assert.equal(done['status'], 'succeeded');
        assert.equal(typeof done['refund_arn'], 'string');
        assert.deepEqual([failed['status'], failed['error_code']], ['failed', 'refund_failed']);
        // an instant refund (the default) keeps the amount's course
        assert.equal((await refundOk({ payment_id: payment['payment_id'], amount: 200, refund_type: 'instant' }))['status'], 'succeeded');
      });

      it('…52 → review, then succeeded', async () => {
        const payment = await succeededPayment(1000);
        const review = await refundOk({ payment_id: payment['payment_id'], amount: 252 });
        assert.equal(review['status'], 'review');
        const settled = await eventually(async () => {
          const current = await getRefund(String(review['refund_id']));
          return current.body['status'] === 'review' ? null : current.body;
        }, 5000);
        assert.equal(settled['status'], 'succeeded');
      });

      it('…54 → pending, then failed; while pending it counts, once failed it frees the amount', async () => {
        const payment = await succeededPayment(1000);
        const pending = await refundOk({ payment_id: payment['payment_id'], amount: 154 });
        assert.equal(pending['status'], 'pending');
        // upstream: 400 IR_13 "The refund amount exceeds the amount captured" (api_error_response.rs RefundAmountExceedsPaymentAmount; Cypress Commons.js:1349)
        assertApiError(await refund({ payment_id: payment['payment_id'], amount: 900 }), 400, 'IR_13');
        const settled = await eventually(async () => {
          const current = await getRefund(String(pending['refund_id']));
          return current.body['status'] === 'pending' ? null : current.body;
        }, 5000);
        assert.equal(settled['status'], 'failed');
        assert.equal(settled['error_code'], 'refund_failed');
        assert.equal(typeof settled['error_message'], 'string');
        assert.equal((await refundOk({ payment_id: payment['payment_id'] }))['amount'], 1000);
      });
    });
  });

  describe('fees', () => {
    it('a succeeded phonypay payment: processor_fee = round(2.9 %) + 30, no gateway fee without a config', async () => {
      const payment = await succeededPayment(1234);
      assert.equal(payment['connector'], 'phonypay');
      assert.equal(payment['processor_fee'], Math.round(1234 * 0.029) + 30);
      assert.equal(payment['processor_fee'], 66);
      assert.equal(payment['gateway_fee'], null);
      assert.equal(payment['total_fee'], 66);
      const retrieved = await getPayment(String(payment['payment_id']));
      assert.equal(retrieved.body['processor_fee'], 66);
      assert.equal(retrieved.body['total_fee'], 66);
    });

    it("connector: ['fauxpay'] uses fauxpay's rate", async () => {
      const payment = await succeededPayment(1234, undefined, { connector: ['fauxpay'] });
      assert.equal(payment['connector'], 'fauxpay');
      assert.equal(payment['processor_fee'], expectedProcessorFee('fauxpay', 1234));
      assert.equal(payment['processor_fee'], Math.round(1234 * 0.025) + 25);
      assert.equal(payment['total_fee'], payment['processor_fee']);
    });

    it('a percentage gateway_fee_config: gateway_fee = round(amount × p %), total_fee = sum', async () => {
      const merchant = await newMerchant({ gateway_fee_config: { percentage: 1.5 } });
      const payment = await succeededPayment(1234, merchant.secretKey);
      const processor = expectedProcessorFee('phonypay', 1234);
      assert.equal(payment['processor_fee'], processor);
      assert.equal(payment['gateway_fee'], Math.round(1234 * 0.015));
      assert.equal(payment['gateway_fee'], 19);
      assert.equal(payment['total_fee'], processor + 19);
    });

    it('a flat gateway_fee_config: gateway_fee = the flat amount', async () => {
      const merchant = await newMerchant({ gateway_fee_config: { flat_amount: 25 } });
      const payment = await succeededPayment(5000, merchant.secretKey);
      const processor = expectedProcessorFee('phonypay', 5000);
      assert.equal(payment['processor_fee'], processor);
      assert.equal(payment['gateway_fee'], 25);
      assert.equal(payment['total_fee'], processor + 25);
    });

    it('an unconfirmed, a declined and an authorized-not-captured payment have null fees', async () => {
      const merchant = await newMerchant({ gateway_fee_config: { flat_amount: 25 } });
      const unconfirmed = await sandbox.request('POST', '/payments', { key: merchant.secretKey, body: { amount: 1000, currency: 'USD' } });
      const declined = await sandbox.request('POST', '/payments', {
        key: merchant.secretKey,
        body: { amount: 1000, currency: 'USD', confirm: true, ...cardPayment('4000000000000002') },
      });
      assert.equal(declined.body['status'], 'failed');
      const authorized = await sandbox.request('POST', '/payments', {
        key: merchant.secretKey,
        body: { amount: 1000, currency: 'USD', confirm: true, capture_method: 'manual', ...cardPayment('4242424242424242') },
      });
      assert.equal(authorized.body['status'], 'requires_capture');
      for (const payment of [unconfirmed.body, declined.body, authorized.body]) {
        assert.equal(payment['processor_fee'], null, `${payment['status']}: processor_fee`);
        assert.equal(payment['gateway_fee'], null, `${payment['status']}: gateway_fee`);
        assert.equal(payment['total_fee'], null, `${payment['status']}: total_fee`);
      }
    });

    it('a captured manual payment gets its fees on capture', async () => {
      const payment = await authorizedPayment(2000);
      const captured = await sandbox.request('POST', `/payments/${payment['payment_id']}/capture`, { body: {} });
      assert.equal(captured.body['status'], 'succeeded');
      assert.equal(captured.body['processor_fee'], expectedProcessorFee('phonypay', 2000));
      assert.equal(captured.body['total_fee'], expectedProcessorFee('phonypay', 2000));
    });

    it('a partially captured payment: processor_fee on what was captured', async () => {
      const payment = await authorizedPayment(1000);
      const captured = await sandbox.request('POST', `/payments/${payment['payment_id']}/capture`, { body: { amount_to_capture: 600 } });
      assert.equal(captured.body['status'], 'partially_captured');
      assert.equal(captured.body['processor_fee'], expectedProcessorFee('phonypay', 600));
    });

    it('manual_multiple: the processor fee follows the captured amount on every capture', async () => {
      const created = await sandbox.request('POST', '/payments', {
        body: { amount: 1000, currency: 'USD', confirm: true, capture_method: 'manual_multiple', ...cardPayment('4242424242424242') },
      });
      const id = created.body['payment_id'];
      const first = await sandbox.request('POST', `/payments/${id}/capture`, { body: { amount_to_capture: 300 } });
      assert.equal(first.body['status'], 'partially_captured_and_capturable');
      assert.equal(first.body['processor_fee'], expectedProcessorFee('phonypay', 300));
      const second = await sandbox.request('POST', `/payments/${id}/capture`, { body: { amount_to_capture: 200 } });
      assert.equal(second.body['status'], 'partially_captured_and_capturable');
      assert.equal(second.body['processor_fee'], expectedProcessorFee('phonypay', 500));
    });

    it('a processing payment has null fees until it succeeds', async () => {
      const payment = await sandbox.createPayment({ amount: 3000, currency: 'USD', confirm: true, ...cardPayment('4000000000004012') });
      assert.equal(payment['status'], 'processing');
      assert.equal(payment['processor_fee'], null);
      const settled = await eventually(async () => {
        const current = await getPayment(String(payment['payment_id']));
        return current.body['status'] === 'processing' ? null : current.body;
      }, 6000);
      assert.equal(settled['status'], 'succeeded');
      assert.equal(settled['processor_fee'], expectedProcessorFee('phonypay', 3000));
    });

    it('a refund: processor_fee 0, gateway_fee on the refund amount (percentage), total_fee = gateway_fee', async () => {
      const merchant = await newMerchant({ gateway_fee_config: { percentage: 1.5 } });
      const payment = await succeededPayment(2000, merchant.secretKey);
      const created = await refundOk({ payment_id: payment['payment_id'], amount: 700 }, merchant.secretKey);
      assert.equal(created['processor_fee'], 0);
      assert.equal(created['gateway_fee'], Math.round(700 * 0.015));
      assert.equal(created['gateway_fee'], 11);
      assert.equal(created['total_fee'], 11);
      assert.deepEqual((await getRefund(String(created['refund_id']), merchant.secretKey)).body, created);
    });

    it('a refund with a flat gateway fee: gateway_fee = the flat amount', async () => {
      const merchant = await newMerchant({ gateway_fee_config: { flat_amount: 40 } });
      const payment = await succeededPayment(2000, merchant.secretKey);
      const created = await refundOk({ payment_id: payment['payment_id'], amount: 500 }, merchant.secretKey);
      assert.equal(created['processor_fee'], 0);
      assert.equal(created['gateway_fee'], 40);
      assert.equal(created['total_fee'], 40);
    });

    it('a refund without a gateway fee config: processor_fee 0, gateway_fee null, total_fee 0', async () => {
      const payment = await succeededPayment(2000);
      const created = await refundOk({ payment_id: payment['payment_id'], amount: 500 });
      assert.equal(created['processor_fee'], 0);
      assert.equal(created['gateway_fee'], null);
      assert.equal(created['total_fee'], 0);
    });
  });

  describe('merchant endpoints × key kind', () => {
    let fixture: { paymentId: string; refundId: string; customerId: string };
    before(async () => {
      const payment = await succeededPayment(100_000);
      const created = await refundOk({ payment_id: payment['payment_id'], amount: 100 });
      const customer = await sandbox.request('POST', '/customers', { body: { customer_id: 'matrix_customer', name: 'Matrix' } });
      assert.equal(customer.status, 200, customer.text);
      fixture = { paymentId: String(payment['payment_id']), refundId: String(created['refund_id']), customerId: 'matrix_customer' };
    });

    type Kind = 'none' | 'unknown secret key' | 'admin' | 'publishable' | 'secret';
    const KINDS: Kind[] = ['none', 'unknown secret key', 'admin', 'publishable', 'secret'];
    const keyFor = (kind: Kind): string | null => {
      switch (kind) {
        case 'none':
          return null;
        case 'unknown secret key':
          return `snd_${'z'.repeat(64)}`;
        case 'admin':
          return sandbox.adminKey;
        case 'publishable':
          return sandbox.publishableKey;
        case 'secret':
          return sandbox.secretKey;
      }
    };

    let created = 0;
    const ENDPOINTS: { name: string; call(key: string | null): Promise<ApiResponse>; ok(response: ApiResponse): void; unchanged?(): Promise<void> }[] = [
      {
        name: 'POST /customers',
        call: (key) => {
          created += 1;
          return sandbox.request('POST', '/customers', { key, body: { customer_id: `matrix_made_${created}` } });
        },
        ok: (response) => assert.equal(response.body['customer_id'], `matrix_made_${created}`),
        async unchanged() {
          assertApiError(await sandbox.request('GET', `/customers/matrix_made_${created}`), 404, 'HE_02');
        },
      },
      {
        name: 'GET /customers/{id}',
        call: (key) => sandbox.request('GET', `/customers/${fixture.customerId}`, { key }),
        ok: (response) => assert.equal(response.body['customer_id'], fixture.customerId),
      },
      {
        name: 'POST /customers/{id}',
        call: (key) => sandbox.request('POST', `/customers/${fixture.customerId}`, { key, body: { description: `by ${key}` } }),
        ok: (response) => assert.equal(response.body['description'], `by ${sandbox.secretKey}`),
        async unchanged() {
          const customer = await sandbox.request('GET', `/customers/${fixture.customerId}`);
          assert.ok(customer.body['description'] === null || customer.body['description'] === `by ${sandbox.secretKey}`);
        },
      },
      {
        name: 'POST /refunds',
        call: (key) => sandbox.request('POST', '/refunds', { key, body: { payment_id: fixture.paymentId, amount: 100 } }),
        ok: (response) => assert.equal(response.body['payment_id'], fixture.paymentId),
        async unchanged() {
          const refunds = (await getPayment(fixture.paymentId)).body['refunds'] as Body[];
          assert.equal(refunds.length, 1, 'a refused refund creates nothing');
        },
      },
      {
        name: 'GET /refunds/{id}',
        call: (key) => sandbox.request('GET', `/refunds/${fixture.refundId}`, { key }),
        ok: (response) => assert.equal(response.body['refund_id'], fixture.refundId),
      },
    ];

    for (const endpoint of ENDPOINTS) {
      for (const kind of KINDS) {
        const allowed = kind === 'secret';
        it(`${endpoint.name} with ${kind} → ${allowed ? '200' : '401 IR_01'}`, async () => {
          const response = await endpoint.call(keyFor(kind));
          if (allowed) {
            assert.equal(response.status, 200, response.text);
            endpoint.ok(response);
          } else {
            assert.equal(response.status, 401, response.text);
            assert.deepEqual(response.body, UNAUTHORIZED);
            await endpoint.unchanged?.();
          }
        });
      }
    }
  });
});
