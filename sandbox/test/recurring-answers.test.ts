// What a recurring payment and the payment that saves its card answer, as the real service's API
// tests read them (cypress-tests support/commands.js: citForMandatesCallTest, mitForMandatesCallTest,
// mitUsingPMId): a payment made without the customer is not authenticated, a card saved off-session
// has the processor's reference (`connector_mandate_id`), and a payment that saves its card and waits
// for a 3-D Secure challenge already names the card's id.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { answerChallenge, cardPayment, startTestSandbox, type TestSandbox } from './helpers.js';

const acceptance = { acceptance_type: 'online', accepted_at: '2026-11-01T10:00:00Z', online: { ip_address: '127.0.0.1', user_agent: 'node' } };
const REFERENCE = /^snd_mandate_[A-Za-z0-9]{20}$/;

type Body = Record<string, unknown>;

describe('recurring payments and the cards they charge', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  /** A customer-initiated payment that saves the card off-session (with a mandate when `mandateType` is given). */
  const saving = (customerId: string, number = '4242424242424242', extra: Body = {}) =>
    sandbox.request('POST', '/payments', {
      body: { amount: 1000, currency: 'USD', confirm: true, customer_id: customerId, setup_future_usage: 'off_session', customer_acceptance: acceptance, ...cardPayment(number), ...extra },
    });
  const byMandate = (mandateId: unknown, customerId: string, extra: Body = {}) =>
    sandbox.request('POST', '/payments', { body: { amount: 500, currency: 'USD', confirm: true, off_session: true, mandate_id: mandateId, customer_id: customerId, ...extra } });
  const bySavedCard = (paymentMethodId: unknown, customerId: string, extra: Body = {}) =>
    sandbox.request('POST', '/payments', {
      body: { amount: 500, currency: 'USD', confirm: true, off_session: true, customer_id: customerId, recurring_details: { type: 'payment_method_id', data: paymentMethodId }, ...extra },
    });
  const savedIds = async (customerId: string): Promise<string[]> => {
    const listed = await sandbox.request<{ customer_payment_methods: Body[] }>('GET', `/customers/${customerId}/payment_methods`);
    assert.equal(listed.status, 200, listed.text);
    return listed.body.customer_payment_methods.map((method) => String(method.payment_method_id));
  };

  it('a recurring payment that names no authentication_type is no_three_ds; one that names three_ds keeps it', async () => {
    const first = await saving('cus_rec_auth', '4242424242424242', { mandate_data: { customer_acceptance: acceptance, mandate_type: { multi_use: null } } });
    assert.equal(first.body.status, 'succeeded', first.text);
    // the create default (three_ds) would answer a payment nobody can authenticate
    for (const later of [await byMandate(first.body.mandate_id, 'cus_rec_auth'), await bySavedCard(first.body.payment_method_id, 'cus_rec_auth')]) {
      assert.equal(later.status, 200, later.text);
      assert.equal(later.body.status, 'succeeded');
      assert.equal(later.body.authentication_type, 'no_three_ds');
      assert.equal(later.body.next_action, null);
    }
    const named = await byMandate(first.body.mandate_id, 'cus_rec_auth', { authentication_type: 'three_ds' });
    assert.equal(named.body.authentication_type, 'three_ds', 'what the request set is kept');
    // a payment with the customer present still takes the create default
    const present = await sandbox.request('POST', '/payments', { body: { amount: 700, currency: 'USD' } });
    assert.equal(present.body.authentication_type, 'three_ds');
  });

  it('connector_mandate_id: the same processor reference on the payment that saved the card off-session and on each that charged it', async () => {
    const first = await saving('cus_rec_ref');
    assert.equal(first.body.status, 'succeeded', first.text);
    assert.equal(first.body.mandate_id, null);
    assert.match(String(first.body.connector_mandate_id), REFERENCE);
    const automatic = await bySavedCard(first.body.payment_method_id, 'cus_rec_ref');
    assert.equal(automatic.body.status, 'succeeded');
    assert.equal(automatic.body.connector_mandate_id, first.body.connector_mandate_id);
    const held = await bySavedCard(first.body.payment_method_id, 'cus_rec_ref', { capture_method: 'manual' });
    assert.equal(held.body.status, 'requires_capture');
    assert.equal(held.body.connector_mandate_id, first.body.connector_mandate_id);
    const retrieved = await sandbox.request('GET', `/payments/${String(held.body.payment_id)}`);
    assert.equal(retrieved.body.connector_mandate_id, first.body.connector_mandate_id, 'kept on the stored payment');
    // another customer's card has its own reference
    const other = await saving('cus_rec_ref_2', '5555555555554444');
    assert.match(String(other.body.connector_mandate_id), REFERENCE);
    assert.notEqual(other.body.connector_mandate_id, first.body.connector_mandate_id);
  });

  it('connector_mandate_id is null without a card saved off-session: a plain payment, a card saved on-session, a declined one', async () => {
    const plain = await sandbox.request('POST', '/payments', { body: { amount: 700, currency: 'USD', confirm: true, ...cardPayment('4242424242424242') } });
    assert.equal(plain.body.status, 'succeeded');
    assert.equal(plain.body.connector_mandate_id, null);
    const onSession = await saving('cus_rec_on', '4242424242424242', { setup_future_usage: 'on_session' });
    assert.equal(onSession.body.status, 'succeeded');
    assert.match(String(onSession.body.payment_method_id), /^pm_/);
    assert.equal(onSession.body.connector_mandate_id, null);
    const declined = await saving('cus_rec_declined', '4000000000000002');
    assert.equal(declined.body.status, 'failed');
    assert.equal(declined.body.connector_mandate_id, null);
  });

  it('a 3-D Secure payment that saves its card off-session names the card before the challenge and saves it under that id once authorised', async () => {
    const pending = await saving('cus_rec_3ds', '4000003800000446', { authentication_type: 'three_ds', return_url: 'https://merchant.example/back' });
    assert.equal(pending.body.status, 'requires_customer_action', pending.text);
    const announced = String(pending.body.payment_method_id);
    assert.match(announced, /^pm_[A-Za-z0-9]{20}$/);
    assert.equal(pending.body.payment_method_status, 'inactive');
    assert.equal(pending.body.connector_mandate_id, null);
    assert.deepEqual(await savedIds('cus_rec_3ds'), [], 'nothing is saved before the customer authenticates');
    const refused = await bySavedCard(announced, 'cus_rec_3ds');
    assert.equal(refused.status, 404, 'the card cannot be charged before it is saved');

    const back = await answerChallenge(String((pending.body.next_action as { redirect_to_url: string }).redirect_to_url), 'complete');
    assert.equal(back.status, 302);
    const done = await sandbox.request('GET', `/payments/${String(pending.body.payment_id)}`);
    assert.equal(done.body.status, 'succeeded');
    assert.equal(done.body.payment_method_id, announced);
    assert.equal(done.body.payment_method_status, 'active');
    assert.match(String(done.body.connector_mandate_id), REFERENCE);
    assert.deepEqual(await savedIds('cus_rec_3ds'), [announced]);
    const charged = await bySavedCard(announced, 'cus_rec_3ds');
    assert.equal(charged.body.status, 'succeeded', charged.text);
  });

  it('a card already saved keeps its id when a 3-D Secure payment saves it again; a failed challenge saves nothing', async () => {
    const pending = await saving('cus_rec_3ds_fail', '4000003800000446', { authentication_type: 'three_ds', return_url: 'https://merchant.example/back' });
    assert.equal(pending.body.status, 'requires_customer_action', pending.text);
    await answerChallenge(String((pending.body.next_action as { redirect_to_url: string }).redirect_to_url), 'reject');
    const failed = await sandbox.request('GET', `/payments/${String(pending.body.payment_id)}`);
    assert.equal(failed.body.status, 'failed');
    assert.equal(failed.body.payment_method_status, 'inactive');
    assert.deepEqual(await savedIds('cus_rec_3ds_fail'), []);

    const first = await saving('cus_rec_3ds_again', '4000003800000446', { authentication_type: 'three_ds', return_url: 'https://merchant.example/back' });
    await answerChallenge(String((first.body.next_action as { redirect_to_url: string }).redirect_to_url), 'complete');
    const again = await saving('cus_rec_3ds_again', '4000003800000446', { authentication_type: 'three_ds', return_url: 'https://merchant.example/back' });
    assert.equal(again.body.status, 'requires_customer_action');
    assert.equal(again.body.payment_method_id, first.body.payment_method_id, 'the same card announces the id it is saved under');
  });
});
