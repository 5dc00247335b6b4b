// A saved card its issuer challenges (a 3-D Secure test card) is challenged again when the customer pays
// with its `payment_token` and the payment asks for 3-D Secure, as upstream's connector is asked to
// authenticate it (24-PaymentMethods.cy.js@d1688907, "Create 3DS off session save card payment with
// token"); a `no_three_ds` payment with the same token is approved at once, and a card the issuer does
// not challenge is never challenged; a declining test card saved by the merchant declines. The sandbox
// keeps the test card's decision, not its number.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { answerChallenge, card, startTestSandbox, type TestSandbox } from './helpers.js';

type Body = Record<string, unknown>;

describe('a saved challenge card paid by its payment_token', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  const create = async (customerId: string, body: Body = {}): Promise<Body> => {
    const created = await sandbox.request('POST', '/payments', { body: { amount: 1800, currency: 'EUR', customer_id: customerId, return_url: 'https://shop.example/done', ...body } });
    assert.equal(created.status, 200, created.text);
    return created.body;
  };
  const confirm = (payment: Body, body: Body) => sandbox.request('POST', `/payments/${String(payment.payment_id)}/confirm`, { body });
  const retrieve = (payment: Body) => sandbox.request('GET', `/payments/${String(payment.payment_id)}`);
  /** The merchant's list of the customer's saved cards (its tokens pay any payment of that customer). */
  const savedCards = async (customerId: string) => {
    const listed = await sandbox.request<{ customer_payment_methods: Body[] }>('GET', `/customers/${customerId}/payment_methods`);
    assert.equal(listed.status, 200, listed.text);
    assert.ok(!listed.text.includes('issuer_challenge'), 'the kept decision is not shown');
    return listed.body.customer_payment_methods;
  };
  const byToken = (token: unknown) => ({ payment_method: 'card', payment_token: token, card_cvc: '123' });

  /** A first payment with the card that saves it on-session, its challenge completed when it has one. */
  const saveCard = async (customerId: string, number: string): Promise<string> => {
    await sandbox.request('POST', '/customers', { body: { customer_id: customerId } });
    const payment = await create(customerId, { setup_future_usage: 'on_session', customer_acceptance: { acceptance_type: 'offline' } });
    const paid = await confirm(payment, { payment_method: 'card', payment_method_data: { card: card(number) } });
    assert.equal(paid.status, 200, paid.text);
    if (paid.body.status === 'requires_customer_action') {
      await answerChallenge(String((paid.body.next_action as Body).redirect_to_url), 'complete');
    }
    const done = await retrieve(payment);
    assert.equal(done.body.status, 'succeeded', done.text);
    assert.match(String(done.body.payment_method_id), /^pm_/);
    return String(done.body.payment_method_id);
  };

  it('a three_ds payment is challenged, the challenge completes it, and the card is not saved twice', async () => {
    const methodId = await saveCard('cus_challenged_saver', '4000000000003220');
    const [saved] = await savedCards('cus_challenged_saver');
    assert.equal(saved?.payment_method_id, methodId);

    const payment = await create('cus_challenged_saver', { authentication_type: 'three_ds' });
    const challenged = await confirm(payment, byToken(saved?.payment_token));
    assert.equal(challenged.status, 200, challenged.text);
    assert.deepEqual(
      [challenged.body.status, (challenged.body.next_action as Body | null)?.type, challenged.body.payment_method_id, challenged.body.payment_method_status],
      ['requires_customer_action', 'redirect_to_url', methodId, 'active'],
    );
    await answerChallenge(String((challenged.body.next_action as Body).redirect_to_url), 'complete');
    const done = await retrieve(payment);
    assert.deepEqual([done.body.status, done.body.payment_method_id, done.body.payment_method_status], ['succeeded', methodId, 'active']);
    assert.deepEqual((await savedCards('cus_challenged_saver')).map((method) => method.payment_method_id), [methodId]);
  });

  it('a no_three_ds payment with the same card is approved at once', async () => {
    const [saved] = await savedCards('cus_challenged_saver');
    const payment = await create('cus_challenged_saver', { authentication_type: 'no_three_ds' });
    const paid = await confirm(payment, byToken(saved?.payment_token));
    assert.deepEqual([paid.body.status, paid.body.next_action], ['succeeded', null]);
  });

  it('a card the issuer does not challenge is approved at once, even for a three_ds payment', async () => {
    await saveCard('cus_plain_saver', '4242424242424242');
    const [saved] = await savedCards('cus_plain_saver');
    const payment = await create('cus_plain_saver', { authentication_type: 'three_ds' });
    const paid = await confirm(payment, byToken(saved?.payment_token));
    assert.deepEqual([paid.body.status, paid.body.next_action], ['succeeded', null]);
  });

  it('a card saved by POST /payment_methods keeps its decision: the failing challenge card fails its challenge', async () => {
    await sandbox.request('POST', '/customers', { body: { customer_id: 'cus_failing_saver' } });
    const added = await sandbox.request('POST', '/payment_methods', {
      body: { payment_method: 'card', payment_method_type: 'credit', customer_id: 'cus_failing_saver', card: { ...card('4000000000004038'), card_holder_name: 'Ada' } },
    });
    assert.equal(added.status, 200, added.text);
    const [saved] = await savedCards('cus_failing_saver');
    const payment = await create('cus_failing_saver');
    const challenged = await confirm(payment, byToken(saved?.payment_token));
    assert.equal(challenged.body.status, 'requires_customer_action', challenged.text);
    await answerChallenge(String((challenged.body.next_action as Body).redirect_to_url), 'complete');
    const done = await retrieve(payment);
    assert.deepEqual([done.body.status, done.body.error_code, done.body.payment_method_status], ['failed', 'authentication_failed', 'active']);
  });
  it('a declining test card saved by the merchant declines with its code when paid by its token', async () => {
    await sandbox.request('POST', '/customers', { body: { customer_id: 'cus_declining_saver' } });
    const saved = await sandbox.request('POST', '/payment_methods', {
      body: { payment_method: 'card', customer_id: 'cus_declining_saver', card: { ...card('4000000000009995'), card_cvc: undefined } },
    });
    assert.equal(saved.status, 200, saved.text);
    const [listed] = await savedCards('cus_declining_saver');
    assert.ok(!JSON.stringify(listed).includes('issuer_decline'), 'the kept decision is not shown');
    const payment = await create('cus_declining_saver', { authentication_type: 'no_three_ds' });
    const byTokenPaid = await confirm(payment, byToken(listed?.payment_token));
    assert.equal(byTokenPaid.status, 200, byTokenPaid.text);
    assert.deepEqual([byTokenPaid.body.status, byTokenPaid.body.error_code], ['failed', 'insufficient_funds']);
    // a card that pays, saved the same way, still pays
    await sandbox.request('POST', '/payment_methods', { body: { payment_method: 'card', customer_id: 'cus_declining_saver', card: { ...card('4242424242424242'), card_cvc: undefined } } });
    const paying = (await savedCards('cus_declining_saver')).find((method) => (method.card as Body | null)?.last4_digits === '4242');
    const second = await create('cus_declining_saver', { authentication_type: 'no_three_ds' });
    assert.equal((await confirm(second, byToken(paying?.payment_token))).body.status, 'succeeded');
  });
});
