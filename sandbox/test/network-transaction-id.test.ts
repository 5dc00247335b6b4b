// `network_transaction_id`: the card network's reference of an authorisation, which upstream answers
// from its connector (Stripe's `payment_method_details.card.network_transaction_id`, for every card it
// charges) and its 25-ConnectorAgnosticNTID spec asserts after a CIT that saves the card off-session.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { answerChallenge, card, startTestSandbox, type TestSandbox } from './helpers.js';

type Body = Record<string, unknown>;
const NTID = /^[1-9]\d{14}$/;

describe('network_transaction_id', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  const pay = async (number: string, body: Body = {}): Promise<Body> => {
    const created = await sandbox.request('POST', '/payments', {
      body: { amount: 1500, currency: 'USD', confirm: true, authentication_type: 'no_three_ds', payment_method: 'card', payment_method_data: { card: card(number) }, return_url: 'https://shop.example/done', ...body },
    });
    assert.equal(created.status, 200, created.text);
    return created.body;
  };
  const retrieve = async (payment: Body): Promise<Body> => (await sandbox.request('GET', `/payments/${String(payment.payment_id)}`)).body;

  it('is given to each authorised card payment, its own, and kept', async () => {
    const first = await pay('4242424242424242');
    assert.equal(first.status, 'succeeded');
    assert.match(String(first.network_transaction_id), NTID);
    assert.equal((await retrieve(first)).network_transaction_id, first.network_transaction_id);
    const manual = await pay('4242424242424242', { capture_method: 'manual' });
    assert.equal(manual.status, 'requires_capture');
    assert.match(String(manual.network_transaction_id), NTID);
    assert.notEqual(manual.network_transaction_id, first.network_transaction_id);
  });

  it('is null while nothing is authorised: created, declined, or waiting for the challenge, until it is passed', async () => {
    const created = await sandbox.createPayment({ amount: 1500, currency: 'USD' });
    assert.ok('network_transaction_id' in created, 'the member is always answered, as upstream’s Option');
    assert.equal(created.network_transaction_id, null);
    const declined = await pay('4000000000000002');
    assert.equal(declined.status, 'failed');
    assert.equal(declined.network_transaction_id, null);
    const challenged = await pay('4000003800000446', { authentication_type: 'three_ds' });
    assert.equal(challenged.status, 'requires_customer_action');
    assert.equal(challenged.network_transaction_id, null);
    const answered = await answerChallenge(String((challenged.next_action as Body).redirect_to_url), 'complete');
    assert.ok(answered.status < 400, `challenge page: ${answered.status}`);
    const passed = await retrieve(challenged);
    assert.equal(passed.status, 'succeeded');
    assert.match(String(passed.network_transaction_id), NTID);
  });

  it('comes with a CIT that saves the card off-session, and with the MIT that uses it', async () => {
    const customer = await sandbox.request('POST', '/customers', { body: { customer_id: 'ntid_customer', email: 'ntid@example.com' } });
    assert.equal(customer.status, 200, customer.text);
    const cit = await pay('4242424242424242', {
      customer_id: 'ntid_customer',
      setup_future_usage: 'off_session',
      customer_acceptance: { acceptance_type: 'offline' },
    });
    assert.equal(cit.status, 'succeeded');
    assert.match(String(cit.network_transaction_id), NTID);
    assert.match(String(cit.payment_method_id), /^pm_/);
    const mit = await sandbox.request('POST', '/payments', {
      body: {
        amount: 700,
        currency: 'USD',
        confirm: true,
        off_session: true,
        customer_id: 'ntid_customer',
        recurring_details: { type: 'payment_method_id', data: cit.payment_method_id },
      },
    });
    assert.equal(mit.status, 200, mit.text);
    assert.equal(mit.body.status, 'succeeded');
    assert.match(String(mit.body.network_transaction_id), NTID);
  });
});
