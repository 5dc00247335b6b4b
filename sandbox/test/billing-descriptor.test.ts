// `billing_descriptor` (upstream's `common_types::payments::BillingDescriptor`, sent by its
// 43-BillingDescriptor spec at d1688907): kept on the payment and answered whole, as upstream's
// PaymentsResponse answers it; the merchant's to set, so a browser's confirm may repeat it, not change it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertApiError, card, startTestSandbox, type TestSandbox } from './helpers.js';

type Body = Record<string, unknown>;

const NONE = { name: null, city: null, phone: null, statement_descriptor: null, statement_descriptor_suffix: null, reference: null };
/** Stripe.js@d1688907 `PaymentIntentWithBillingDescriptor`'s descriptor. */
const STRIPE_SPEC = { statement_descriptor: 'QA-BillingDesc', statement_descriptor_suffix: 'SUFFIX1' };
/** Commons.js@d1688907's, every member. */
const COMMONS_SPEC = { name: 'Test Business', city: 'San Francisco', phone: '1234567890', statement_descriptor: 'Test Descriptor', statement_descriptor_suffix: 'Suffix', reference: 'REF123' };

describe('billing_descriptor', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  const create = async (body: Body): Promise<Body> => {
    const created = await sandbox.request('POST', '/payments', { body: { amount: 6540, currency: 'USD', authentication_type: 'no_three_ds', ...body } });
    assert.equal(created.status, 200, created.text);
    return created.body;
  };
  const retrieve = async (payment: Body): Promise<Body> => (await sandbox.request('GET', `/payments/${String(payment.payment_id)}`)).body;
  const browserConfirm = (payment: Body, body: Body) =>
    sandbox.request('POST', `/payments/${String(payment.payment_id)}/confirm`, {
      key: sandbox.publishableKey,
      body: { client_secret: payment.client_secret, payment_method: 'card', payment_method_data: { card: card('4242424242424242') }, ...body },
    });

  it('is answered whole by the create and the retrieve, a member not sent as null', async () => {
    const payment = await create({ billing_descriptor: STRIPE_SPEC });
    assert.deepEqual(payment.billing_descriptor, { ...NONE, ...STRIPE_SPEC });
    assert.deepEqual((await retrieve(payment)).billing_descriptor, { ...NONE, ...STRIPE_SPEC });
    // a payment without one answers null, as upstream's Option does
    assert.equal((await create({})).billing_descriptor, null);
  });

  it('is changed by the merchant’s update and kept through the confirm', async () => {
    const payment = await create({ billing_descriptor: STRIPE_SPEC });
    const updated = await sandbox.request('POST', `/payments/${String(payment.payment_id)}`, { body: { billing_descriptor: COMMONS_SPEC } });
    assert.equal(updated.status, 200, updated.text);
    assert.deepEqual(updated.body.billing_descriptor, COMMONS_SPEC);
    // null leaves it as it is (upstream's request.x.or(payment_intent.x))
    const confirmed = await sandbox.request('POST', `/payments/${String(payment.payment_id)}/confirm`, {
      body: { payment_method: 'card', payment_method_data: { card: card('4242424242424242') }, billing_descriptor: null },
    });
    assert.equal(confirmed.status, 200, confirmed.text);
    assert.equal(confirmed.body.status, 'succeeded');
    assert.deepEqual(confirmed.body.billing_descriptor, COMMONS_SPEC);
  });

  it('may be repeated by a browser’s confirm, not changed or brought', async () => {
    const payment = await create({ billing_descriptor: COMMONS_SPEC });
    const changed = await browserConfirm(payment, { billing_descriptor: { ...COMMONS_SPEC, statement_descriptor: 'Other shop' } });
    assertApiError(changed, 422, 'IR_06', /^`billing_descriptor` cannot be changed with a publishable key/);
    const repeated = await browserConfirm(payment, { billing_descriptor: COMMONS_SPEC });
    assert.equal(repeated.status, 200, repeated.text);
    assert.equal(repeated.body.status, 'succeeded');
    assert.deepEqual(repeated.body.billing_descriptor, COMMONS_SPEC);

    const without = await create({});
    assertApiError(await browserConfirm(without, { billing_descriptor: STRIPE_SPEC }), 422, 'IR_06', /^`billing_descriptor` cannot be changed/);
  });

  it('ignores a member beyond the six, and refuses a wrong type or an oversized text', async () => {
    const payment = await create({ billing_descriptor: { ...STRIPE_SPEC, merchant_note: 'kept nowhere' } });
    assert.deepEqual(payment.billing_descriptor, { ...NONE, ...STRIPE_SPEC });
    const stored = await sandbox.request('GET', `/payments/${String(payment.payment_id)}`);
    assert.ok(!stored.text.includes('kept nowhere'));

    const wrongType = await sandbox.request('POST', '/payments', { body: { amount: 100, currency: 'USD', billing_descriptor: { name: 42 } } });
    assert.equal(wrongType.status, 400, wrongType.text);
    assert.equal((wrongType.body.error as Body).code, 'IR_06');
    assert.match(String((wrongType.body.error as Body).message), /billing_descriptor/);

    const oversized = await sandbox.request('POST', '/payments', { body: { amount: 100, currency: 'USD', billing_descriptor: { reference: 'r'.repeat(256) } } });
    assert.ok([400, 422].includes(oversized.status), oversized.text);
    assert.equal((oversized.body.error as Body).code, 'IR_06');
    assert.match(String((oversized.body.error as Body).message), /reference/);
  });
});
