/**
 * Contract tests of two calls the real web SDK names besides its start-up (hyperswitch-web
 * `src/Utilities/APIHelpers/APIUtils.res`: `FetchPaymentMethodEligibility`, `RetrieveStatus`), over
 * real HTTP: `POST /payments/{payment_id}/eligibility` and `GET /poll/status/{poll_id}`, their keys,
 * shapes and errors (docs/sandbox.md, "Eligibility and poll status").
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertApiError, card, startTestSandbox, type TestSandbox } from './helpers.js';

type Body = Record<string, unknown>;

describe('POST /payments/{payment_id}/eligibility', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  const newPayment = async (extra: Body = {}) =>
    (await sandbox.createPayment({ amount: 6500, currency: 'USD', ...extra })) as { payment_id: string; client_secret: string };
  const eligibility = (paymentId: string, body: Body, key: string | null = sandbox.publishableKey) =>
    sandbox.request('POST', `/payments/${paymentId}/eligibility`, { key, body });
  /** PaymentBody.res `cardPaymentMethodEligibilityBody` and PaymentHelpers.res `fetchPaymentMethodEligibility`: the number, then the client secret. */
  const sdkBody = (payment: { client_secret: string }, cardNumber = '4242424242424242') => ({
    payment_method_type: 'card',
    payment_method_data: { card: { card_number: cardNumber } },
    client_secret: payment.client_secret,
  });

  it("answers the web SDK's card check (the number alone) with confirm and no surcharge, and changes nothing", async () => {
    const payment = await newPayment();
    const response = await eligibility(payment.payment_id, sdkBody(payment));
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(response.body, { payment_id: payment.payment_id, sdk_next_action: { next_action: 'confirm' }, surcharge_details: null });
    const after = await sandbox.request('GET', `/payments/${payment.payment_id}`);
    assert.equal(after.body.status, 'requires_confirmation');
    assert.equal(after.body.attempt_count, 0);
    assert.equal(after.body.payment_method_data, null, 'the card is not kept');
  });

  it("takes upstream's Cypress body as sent (fixtures/eligibility-check-body.json with the spec's Request): no deny", async () => {
    const payment = await newPayment();
    // spec/Payment/00033-PaymentsEligibilityAPI.cy.js "should allow payment for non-blocklisted card"
    const response = await eligibility(payment.payment_id, {
      client_secret: payment.client_secret,
      payment_method_type: 'card',
      payment_method_data: {
        card: { card_number: '4111111111111111', card_exp_month: '01', card_exp_year: '2050', card_holder_name: 'John Smith', card_cvc: '349', card_network: 'Visa' },
        billing: {
          address: { line1: '1467', line2: 'Harrison Street', line3: 'Harrison Street', city: 'San Fransico', state: 'CA', zip: '94122', country: 'US', first_name: 'John', last_name: 'Doe' },
          phone: { number: '8056594427', country_code: '+91' },
        },
      },
    });
    assert.equal(response.status, 200, response.text);
    assert.equal((response.body.sdk_next_action as Body).next_action, 'confirm');
  });

  it("takes the secret key without a client secret, as upstream's own example, and a payment_id in the body", async () => {
    const payment = await newPayment();
    const response = await eligibility(
      payment.payment_id,
      { payment_id: payment.payment_id, payment_method_type: 'card', payment_method_subtype: 'credit', payment_method_data: { card: card('4242424242424242') } },
      sandbox.secretKey,
    );
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.payment_id, payment.payment_id);
  });

  describe('keys and client secrets, as every other client call', () => {
    it('refuses the admin key, an unknown key and no key (401 IR_01)', async () => {
      const payment = await newPayment();
      for (const key of [sandbox.adminKey, 'pk_snd_unknown', null]) {
        assertApiError(await eligibility(payment.payment_id, sdkBody(payment), key), 401, 'IR_01', 'API key not provided or invalid API key used');
      }
    });

    it('needs the client secret with the publishable key (400 IR_04), and refuses it with the secret key (422 IR_06)', async () => {
      const payment = await newPayment();
      const { client_secret: _left, ...withoutSecret } = sdkBody(payment);
      assertApiError(await eligibility(payment.payment_id, withoutSecret), 400, 'IR_04', 'Missing required param: client_secret');
      assertApiError(await eligibility(payment.payment_id, sdkBody(payment), sandbox.secretKey), 422, 'IR_06', 'client_secret is not a valid parameter');
    });

    it("refuses another payment's client secret (400 IR_09) and an expired one (400 IR_08)", async () => {
      const payment = await newPayment();
      const other = await newPayment();
      assertApiError(await eligibility(payment.payment_id, sdkBody(other)), 400, 'IR_09', 'The client_secret provided does not match the client_secret associated with the Payment');
      const expired = await newPayment({ session_expiry: 0 });
      await new Promise((resolve) => setTimeout(resolve, 5));
      assertApiError(await eligibility(expired.payment_id, sdkBody(expired)), 400, 'IR_08', 'The provided client_secret has expired');
    });

    it("answers 404 HE_02 for an unknown payment and for another merchant's", async () => {
      const payment = await newPayment();
      assertApiError(await eligibility('pay_nobody_here_at_all_000000', sdkBody(payment)), 404, 'HE_02', 'Payment does not exist in our records');
      const account = await sandbox.request('POST', '/accounts', { key: sandbox.adminKey, body: { merchant_id: 'eligibility_other' } });
      assertApiError(await eligibility(payment.payment_id, sdkBody(payment), String(account.body.publishable_key)), 404, 'HE_02', 'Payment does not exist in our records');
    });
  });

  describe('bodies', () => {
    it('checks the card number as a confirm does (400 IR_06, the deserialisation shape)', async () => {
      const payment = await newPayment();
      assertApiError(await eligibility(payment.payment_id, sdkBody(payment, '4242424242424241')), 400, 'IR_06', 'Json deserialize error: invalid card number');
      assertApiError(await eligibility(payment.payment_id, sdkBody(payment, '4242')), 400, 'IR_06', 'Json deserialize error: invalid card number length');
    });

    it('needs payment_method_type (400 IR_04) of the PaymentMethod enum (400 IR_06), and card data or a saved card (400 IR_04)', async () => {
      const payment = await newPayment();
      const { payment_method_type: _type, ...untyped } = sdkBody(payment);
      assertApiError(await eligibility(payment.payment_id, untyped), 400, 'IR_04', 'Missing required param: payment_method_type');
      assertApiError(await eligibility(payment.payment_id, { ...sdkBody(payment), payment_method_type: 'credit' }), 400, 'IR_06', /^Json deserialize error: unknown variant `credit`, expected one of `card`/);
      assertApiError(await eligibility(payment.payment_id, { payment_method_type: 'card', client_secret: payment.client_secret }), 400, 'IR_04', 'Missing required param: payment_method_data');
    });

    it("answers a saved card's payment_token it never issued with 404 HE_02", async () => {
      const payment = await newPayment();
      // SavedMethods.res: the saved card's token instead of card data
      const response = await eligibility(payment.payment_id, { payment_method_type: 'card', payment_token: 'token_unknown', client_secret: payment.client_secret });
      assertApiError(response, 404, 'HE_02', 'Payment method does not exist in our records');
    });

    it('refuses an unknown member (400 IR_06) and another method (405 IR_03)', async () => {
      const payment = await newPayment();
      assertApiError(await eligibility(payment.payment_id, { ...sdkBody(payment), amount: 1 }), 400, 'IR_06', 'Json deserialize error: unknown field `amount`');
      const get = await sandbox.request('GET', `/payments/${payment.payment_id}/eligibility`, { key: sandbox.publishableKey });
      assertApiError(get, 405, 'IR_03', 'The HTTP method is not applicable for this API');
    });
  });
});

describe('GET /poll/status/{poll_id}', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  const poll = (pollId: string, key: string | null = sandbox.publishableKey) => sandbox.request('GET', `/poll/status/${pollId}`, { key });

  it('answers 404 HE_02 for every id with the publishable key: the sandbox starts no polls', async () => {
    for (const pollId of ['external_authentication_pay_123', 'poll_anything']) {
      assertApiError(await poll(pollId), 404, 'HE_02', 'Poll does not exist in our records');
    }
  });

  it('takes the publishable key only, as upstream: the secret key, the admin key, an unknown key and no key get 401 IR_01', async () => {
    for (const key of [sandbox.secretKey, sandbox.adminKey, 'pk_snd_unknown', null]) {
      assertApiError(await poll('poll_1', key), 401, 'IR_01', 'API key not provided or invalid API key used');
    }
  });

  it('has no other method (405 IR_03)', async () => {
    const response = await sandbox.request('POST', '/poll/status/poll_1', { key: sandbox.publishableKey, body: {} });
    assertApiError(response, 405, 'IR_03', 'The HTTP method is not applicable for this API');
  });
});
