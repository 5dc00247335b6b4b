/**
 * The newer versions of the real service's 23-Variations and 14-SaveCardFlow Cypress specs
 * (juspay/hyperswitch at d1688907, June 2026, `cypress-tests/cypress/`), replayed with their requests
 * **as sent** by a Stripe run and their commands' assertions, on upstream-newer-core-flow.ts's
 * `CoreFlow` as upstream-newer-core.ts replays the other core specs: each spec's contexts in order on
 * one merchant, one customer and 03-ConnectorCreate's Stripe connector account (Flow.setup), sharing the
 * spec's fixtures; every processed payment's `connector` stripe and `merchant_connector_id` that
 * account's, as the commands check them.
 *
 * 23's corner cases are Commons.js@d1688907's (Stripe.js declares none of them), below.
 */
import assert from 'node:assert/strict';
import type { UpstreamCase } from './upstream-cases.js';
import { createPaymentBody, customerCreateBody, refused, type Body, type Exchange } from './upstream-fixtures.js';
import { card_pm, CoreFlow, RETURN_URL, save, specFixtures, specState } from './upstream-newer-core-flow.js';
import { COMMIT, createConfirmPaymentBody, SPEC } from './upstream-newer-fixtures.js';

// ---- the connector config: Commons.js@d1688907 ----------------------------------------------------------

/** A card of Commons.js's corner cases (Visa 4242…, holder joseph Doe). */
const cornerCard = (card: Body): Body => ({ card: { card_number: '4242424242424242', card_exp_month: '01', card_exp_year: '2023', card_holder_name: 'joseph Doe', card_cvc: '123', ...card } });
const cornerRequest = (card: Body, more: Body = {}): Body => ({ currency: 'USD', payment_method: 'card', payment_method_type: 'debit', setup_future_usage: 'on_session', payment_method_data: cornerCard(card), ...more });
/** Commons.js's `InvalidCurrency` message: upstream's Currency list. */
const UPSTREAM_CURRENCIES =
  'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF CHF CLF CLP CNY COP CRC CUC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HRK HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS SRD SSP STD STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST XAF XCD XOF XPF YER ZAR ZMW ZWL'
    .split(' ')
    .map((code) => `\`${code}\``)
    .join(', ');

/** Commons.js@d1688907's corner cases (Stripe.js declares none of them), and its `return_url_variations`, `mandate_id_too_long`. */
const corner = {
  InvalidCardNumber: {
    Request: cornerRequest({ card_number: '123456', card_exp_month: '10', card_exp_year: '25' }),
    Response: refused(400, { error_type: 'invalid_request', message: 'Json deserialize error: invalid card number length', code: 'IR_06' }),
  },
  InvalidExpiryMonth: { Request: cornerRequest({ card_exp_month: '00' }), Response: refused(400, { type: 'invalid_request', message: 'Invalid Expiry Month', code: 'IR_16' }) },
  InvalidExpiryYear: { Request: cornerRequest({}), Response: refused(400, { type: 'invalid_request', message: 'Invalid Expiry Year', code: 'IR_16' }) },
  InvalidCardCvv: { Request: cornerRequest({ card_cvc: '123456' }), Response: refused(400, { type: 'invalid_request', message: 'Invalid card_cvc length', code: 'IR_16' }) },
  InvalidCurrency: {
    Request: cornerRequest({ card_cvc: '123456' }, { currency: 'United' }),
    Response: refused(400, { error_type: 'invalid_request', message: `Json deserialize error: unknown variant \`United\`, expected one of ${UPSTREAM_CURRENCIES}`, code: 'IR_06' }),
  },
  InvalidCaptureMethod: {
    Request: cornerRequest({ card_cvc: '123456' }, { capture_method: 'auto' }),
    Response: refused(400, { error_type: 'invalid_request', message: 'Json deserialize error: unknown variant `auto`, expected one of `automatic`, `manual`, `manual_multiple`, `scheduled`', code: 'IR_06' }),
  },
  InvalidPaymentMethod: {
    Request: cornerRequest({ card_cvc: '123456' }, { payment_method: 'this_supposed_to_be_a_card' }),
    Response: refused(400, {
      error_type: 'invalid_request',
      message:
        'Json deserialize error: unknown variant `this_supposed_to_be_a_card`, expected one of `card`, `card_redirect`, `pay_later`, `wallet`, `bank_redirect`, `bank_transfer`, `crypto`, `bank_debit`, `reward`, `real_time_payment`, `upi`, `voucher`, `gift_card`, `open_banking`, `mobile_payment`',
      code: 'IR_06',
    }),
  },
  InvalidAmountToCapture: {
    Request: cornerRequest({ card_exp_year: '2030' }, { amount_to_capture: 10000 }),
    Response: refused(400, { type: 'invalid_request', message: 'amount_to_capture contains invalid data. Expected format is amount_to_capture lesser than amount', code: 'IR_05' }),
  },
  MissingRequiredParam: {
    Request: { currency: 'USD', payment_method_type: 'debit', setup_future_usage: 'on_session', payment_method_data: cornerCard({ card_exp_year: '2030' }) },
    Response: refused(400, { type: 'invalid_request', message: 'Missing required param: payment_method', code: 'IR_04' }),
  },
  return_url_too_long: {
    Request: { customer_id: 'customer_1234567890', return_url: 'http://example.com/' + 'a'.repeat(2031) },
    // Commons.js says 400, which defaultErrorHandler does not check: upstream's InvalidRequestData is 422 (api_error_response.rs, AER::Unprocessable)
    Response: refused(422, { message: 'return_url must be at most 2048 characters long. Received 2050 characters', code: 'IR_06', type: 'invalid_request' }),
  },
  return_url_invalid_format: {
    Request: { return_url: 'not_a_valid_url' },
    Response: refused(400, { message: 'Json deserialize error: relative URL without a base: "not_a_valid_url" at line 1 column 357', code: 'IR_06', error_type: 'invalid_request' }),
  },
  mandate_id_too_long: {
    Request: { mandate_id: 'mnd_' + 'a'.repeat(63), off_session: true },
    // 422, as return_url_too_long
    Response: refused(422, { message: 'mandate_id must be at most 64 characters long. Received 67 characters', code: 'IR_06', type: 'invalid_request' }),
  },
  PaymentIntentErrored: {
    Request: { currency: 'USD' },
    Response: refused(422, { type: 'invalid_request', message: 'A payment token or payment method data or ctp service details is required', code: 'IR_06' }),
  },
  CaptureGreaterAmount: { Request: { amount_to_capture: 6000000 }, Response: refused(400, { type: 'invalid_request', message: 'amount_to_capture is greater than amount', code: 'IR_06' }) },
  /** As Commons.js writes it: the amount nested in a second `Request`, which captureCallTest copies into the body as it is. */
  CaptureCapturedAmount: {
    Request: { Request: { amount_to_capture: 6000 } },
    Response: refused(400, {
      type: 'invalid_request',
      message: 'This Payment could not be captured because it has a payment.status of succeeded. The expected state is requires_capture, partially_captured_and_capturable, processing',
      code: 'IR_14',
    }),
  },
  ConfirmSuccessfulPayment: {
    Request: { payment_method: 'card', payment_method_data: { card: { card_number: '4111111111111111', card_exp_month: '08', card_exp_year: '30', card_holder_name: 'joseph Doe', card_cvc: '999' } }, currency: 'USD', customer_acceptance: null },
    Response: refused(400, { type: 'invalid_request', message: 'You cannot confirm this payment because it has status succeeded', code: 'IR_16' }),
  },
  /** Commons.js `Void.ResponseCustom` (Stripe.js's Void has none: getConnectorFlowDetails takes Commons') */
  VoidSucceeded: { Request: {}, Response: refused(400, { type: 'invalid_request', message: 'You cannot cancel this payment because it has status succeeded', code: 'IR_16' }) },
  RefundGreaterAmount: { Request: { amount: 6000000 }, Response: refused(400, { type: 'invalid_request', message: 'The refund amount exceeds the amount captured', code: 'IR_13' }) },
  DuplicatePaymentID: {
    Request: { payment_method: 'card', payment_method_data: { card: { card_number: '4111111111111111', card_exp_month: '08', card_exp_year: '30', card_holder_name: 'joseph Doe', card_cvc: '999' } }, currency: 'USD', customer_acceptance: null, setup_future_usage: 'on_session' },
    Response: refused(400, { type: 'invalid_request', message: 'The payment with the specified payment_id already exists in our records', code: 'HE_01' }),
  },
  DuplicateRefundID: { Request: { amount: 2000 }, Response: refused(400, { type: 'invalid_request', message: 'Duplicate refund request. Refund already attempted with the refund ID', code: 'HE_01' }) },
  InvalidPublishableKey: { Request: {}, Response: refused(401, { type: 'invalid_request', message: 'API key not provided or invalid API key used', code: 'IR_01' }) },
} satisfies Record<string, Exchange>;


const spec = () => specState((sandbox) => new CoreFlow(sandbox, specFixtures()));

// ---- e2e/spec/Payment/23-Variations.cy.js@d1688907 ------------------------------------------------------------
//
// "[Payment] Invalid Info": each `it` a flow, on a copy of the pristine fixture made before each
// (beforeEach's cloneDeep). Its first nine pass createConfirmPaymentTest a copy of
// create-payment-body.json (`paymentIntentBody`, no `confirm`), the last three of
// create-confirm-body.json. The contexts after it pass copies of create-confirm-body.json, but for
// "Duplicate Refund ID", which passes the fixture itself, and confirm with confirm-body.json itself.

function variations(): UpstreamCase[] {
  const source = `${SPEC}/23-Variations.cy.js@${COMMIT}`;
  const replay = spec();
  const invalidInfo = (title: string, data: Exchange, body: () => Body, auth: string, todo?: string): UpstreamCase => ({
    source: `${source} [[Payment] Invalid Info] ${title}`,
    ...(todo ? { todo } : {}),
    name: `as sent: createConfirmPaymentTest (${auth}, automatic) on a copy of ${body === createPaymentBody ? 'create-payment-body.json' : 'create-confirm-body.json'}: ${data.Response.status} ${String((data.Response.body.error as Body).code)}`,
    run: replay(async (cy) => {
      await cy.createConfirm(data, auth, 'automatic', body());
    }),
  });
  const createConfirmRetrieve = async (cy: CoreFlow, data: Exchange, capture: 'automatic' | 'manual', auth = 'no_three_ds') => {
    await cy.createConfirm(data, auth, capture, createConfirmPaymentBody());
    await cy.retrieve();
  };
  return [
    invalidInfo('[Payment] Invalid card number', corner.InvalidCardNumber, createPaymentBody, 'three_ds'),
    invalidInfo('[Payment] Invalid expiry month', corner.InvalidExpiryMonth, createPaymentBody, 'three_ds'),
    invalidInfo('[Payment] Invalid expiry year', corner.InvalidExpiryYear, createPaymentBody, 'three_ds'),
    invalidInfo('[Payment] Invalid card CVV', corner.InvalidCardCvv, createPaymentBody, 'three_ds'),
    invalidInfo(
      '[Payment] Invalid currency',
      corner.InvalidCurrency,
      createPaymentBody,
      'three_ds',
      "the unknown-variant message lists the spec's currencies (which the sandbox follows over upstream: docs/sandbox.md § Known differences): without `CLF`, `CUC` and `STD`, which upstream's Currency (common_enums enums.rs) has, and with `USDC`, `USDT`",
    ),
    invalidInfo('[Payment] Invalid capture method', corner.InvalidCaptureMethod, createPaymentBody, 'three_ds'),
    invalidInfo('[Payment] Invalid payment method', corner.InvalidPaymentMethod, createPaymentBody, 'three_ds'),
    invalidInfo('[Payment] Invalid `amount_to_capture`', corner.InvalidAmountToCapture, createPaymentBody, 'three_ds'),
    invalidInfo('[Payment] Missing required params', corner.MissingRequiredParam, createPaymentBody, 'three_ds'),
    invalidInfo(
      '[Payment] return_url - too long',
      corner.return_url_too_long,
      createConfirmPaymentBody,
      'no_three_ds',
    ),
    invalidInfo(
      '[Payment] return_url - invalid format',
      corner.return_url_invalid_format,
      createConfirmPaymentBody,
      'no_three_ds',
    ),
    invalidInfo(
      '[Payment] mandate_id - too long',
      corner.mandate_id_too_long,
      createConfirmPaymentBody,
      'no_three_ds',
    ),
    {
      source: `${source} [[Payment] Confirm w/o PMD]`,
      name: 'as sent: Create payment intent -> Confirm payment intent without payment_method_data (PaymentIntentErrored): 422 IR_06',
      run: replay(async (cy) => {
        await cy.createPaymentIntent(card_pm.PaymentIntent, 'no_three_ds', 'automatic');
        await cy.confirm(corner.PaymentIntentErrored);
      }),
    },
    {
      source: `${source} [[Payment] Capture greater amount]`,
      name: 'as sent: Create payment intent and confirm (manual) -> Retrieve payment -> Capture 6000000: 400 IR_06 amount_to_capture is greater than amount',
      run: replay(async (cy) => {
        await createConfirmRetrieve(cy, card_pm.No3DSManualCapture, 'manual');
        await cy.capture(corner.CaptureGreaterAmount);
      }),
    },
    {
      source: `${source} [[Payment] Capture successful payment]`,
      name: 'as sent: Create payment intent and confirm -> Retrieve payment -> Capture (the amount nested in a `Request` member): 400 IR_14',
      run: replay(async (cy) => {
        await createConfirmRetrieve(cy, card_pm.No3DSAutoCapture, 'automatic');
        await cy.capture(corner.CaptureCapturedAmount);
      }),
    },
    {
      source: `${source} [[Payment] Confirm successful payment]`,
      name: 'as sent: Create payment intent and confirm -> Retrieve payment -> Confirm call (publishable key): 400 IR_16 status succeeded',
      run: replay(async (cy) => {
        await createConfirmRetrieve(cy, card_pm.No3DSAutoCapture, 'automatic');
        await cy.confirm(corner.ConfirmSuccessfulPayment);
      }),
    },
    {
      source: `${source} [[Payment] Void successful payment]`,
      name: "as sent: Create payment intent and confirm -> Retrieve payment -> Void call (Commons' Void.ResponseCustom): 400 IR_16",
      run: replay(async (cy) => {
        await createConfirmRetrieve(cy, card_pm.No3DSAutoCapture, 'automatic');
        await cy.void(corner.VoidSucceeded);
      }),
    },
    {
      source: `${source} [[Payment] 3DS with greater capture]`,
      name: 'as sent: Create payment intent and confirm (three_ds, manual) -> Retrieve -> Handle redirection -> Retrieve -> Capture 6000000: 400 IR_06',
      run: replay(async (cy) => {
        await createConfirmRetrieve(cy, card_pm['3DSManualCapture'], 'manual', 'three_ds');
        await cy.handleRedirection(RETURN_URL);
        await cy.retrieve();
        await cy.capture(corner.CaptureGreaterAmount);
      }),
    },
    {
      source: `${source} [[Payment] Refund exceeds captured Amount]`,
      name: 'as sent: Create payment intent and confirm -> Retrieve payment -> Refund 6000000: 400 IR_13',
      run: replay(async (cy) => {
        await createConfirmRetrieve(cy, card_pm.No3DSAutoCapture, 'automatic');
        await cy.refund(corner.RefundGreaterAmount);
      }),
    },
    {
      source: `${source} [[Payment] Refund unsuccessful payment]`,
      name: 'as sent (the payment succeeds, as the spec makes it): Create payment intent and confirm -> Retrieve payment -> Refund 6000000: 400 IR_13',
      run: replay(async (cy) => {
        await createConfirmRetrieve(cy, card_pm.No3DSAutoCapture, 'automatic');
        await cy.refund(corner.RefundGreaterAmount);
      }),
    },
    {
      source: `${source} [Card-NoThreeDS fail payment flow test]`,
      name: 'as sent: create-payment-call-test -> Confirm No 3DS with the declined card: failed, error_code card_declined',
      run: replay(async (cy) => {
        await cy.createPaymentIntent(card_pm.PaymentIntent, 'no_three_ds', 'automatic');
        await cy.confirm(card_pm.No3DSFailPayment);
      }),
    },
    {
      source: `${source} [Duplicate Payment ID]`,
      name: "as sent: Create new payment -> Retrieve payment -> Create a payment with the first's payment_id: 400 HE_01",
      run: replay(async (cy) => {
        await createConfirmRetrieve(cy, card_pm.No3DSAutoCapture, 'automatic');
        const data = { ...corner.DuplicatePaymentID, Request: { ...corner.DuplicatePaymentID.Request, payment_id: cy.payment } };
        await cy.createConfirm(data, 'no_three_ds', 'automatic', createConfirmPaymentBody());
      }),
    },
    {
      source: `${source} [Duplicate Refund ID]`,
      name: "as sent: Create new payment -> Retrieve -> Refund 2000 -> Sync refund -> a refund with the first's refund_id: 400 HE_01",
      run: replay(async (cy) => {
        await cy.createConfirm(card_pm.No3DSAutoCapture, 'no_three_ds', 'automatic');
        await cy.retrieve();
        await cy.refund(card_pm.PartialRefund);
        await cy.syncRefund(card_pm.SyncRefund);
        await cy.refund({ ...corner.DuplicateRefundID, Request: { ...corner.DuplicateRefundID.Request, refund_id: cy.refund_id } });
      }),
    },
    {
      source: `${source} [Duplicate Customer ID]`,
      name: "as sent: Create new customer -> Create a customer with its customer_id: 400 IR_12 Customer with the given `customer_id` already exists",
      run: replay(async (cy) => {
        const body = customerCreateBody();
        await cy.createCustomerWith(body);
        body.customer_id = cy.customer;
        const duplicate = await cy.createCustomerWith(body);
        // the command checks an IR_12 only when the message says so: the status is checked here
        assert.equal(duplicate.status, 400, `createCustomerCallTest: duplicate customer_id (${duplicate.text})`);
      }),
    },
    {
      source: `${source} [Confirm Payment with Invalid Publishable Key]`,
      name: 'as sent: Create Payment Intent -> Confirm payment with publishable key pk_snd_invalid_key: 401 IR_01',
      run: replay(async (cy) => {
        await cy.createPaymentIntent(card_pm.PaymentIntent, 'no_three_ds', 'automatic');
        await cy.confirmWithKey(corner.InvalidPublishableKey, 'pk_snd_invalid_key');
      }),
    },
    {
      source: `${source} [Retrieve session token with invalid publishable key]`,
      name: 'as sent: Create Payment Intent -> Session call with publishable key pk_snd_invalid_key: 401 IR_01',
      run: replay(async (cy) => {
        await cy.createPaymentIntent(card_pm.PaymentIntent, 'no_three_ds', 'automatic');
        await cy.sessionToken(corner.InvalidPublishableKey, 'pk_snd_invalid_key');
      }),
    },
  ];
}


// ---- e2e/spec/Payment/14-SaveCardFlow.cy.js@d1688907 -------------------------------------------------------------
//
// Every context starts with a customer of its own (createCustomerCallTest).

function saveCardFlow(): UpstreamCase[] {
  const source = `${SPEC}/14-SaveCardFlow.cy.js@${COMMIT}`;
  const replay = spec();
  const retrieveIs = async (cy: CoreFlow, status: string) => assert.equal(await cy.status(), status, 'retrievePaymentCallTest: status');
  /** What the sandbox refuses in saveCardConfirmCallTest's body (the first that applies), and after it. */
  return [
    {
      source: `${source} [Save card for NoThreeDS automatic capture payment- Create+Confirm [on_session]]`,
      name: 'as sent: Create Customer -> Create and Confirm (saves the card on_session) -> Retrieve -> List Customer Payment Methods -> Create Payment Intent -> Save Card Confirm (payment_token, card_cvc): succeeded',
      run: replay(async (cy) => {
        await cy.createCustomer();
        await cy.createConfirm(save.SaveCardUseNo3DSAutoCapture, 'no_three_ds', 'automatic');
        await cy.retrieve();
        await cy.listCustomerPaymentMethods();
        await cy.createPaymentIntent(card_pm.PaymentIntent, 'no_three_ds', 'automatic');
        await cy.saveCardConfirm(save.SaveCardUseNo3DSAutoCapture);
      }),
    },
    {
      source: `${source} [Save card for NoThreeDS manual full capture payment- Create+Confirm [on_session]]`,
      name: 'as sent: Create Customer -> Create and Confirm -> Retrieve -> List Customer PMs -> Create Payment Intent (manual) -> Save Card Confirm: requires_capture -> Retrieve -> Capture 6000: succeeded -> Retrieve',
      run: replay(async (cy) => {
        await cy.createCustomer();
        await cy.createConfirm(save.SaveCardUseNo3DSAutoCapture, 'no_three_ds', 'automatic');
        await cy.retrieve();
        await cy.listCustomerPaymentMethods();
        await cy.createPaymentIntent(card_pm.PaymentIntent, 'no_three_ds', 'manual');
        await cy.saveCardConfirm(save.SaveCardUseNo3DSManualCapture);
        await cy.retrieve();
        await cy.capture(card_pm.Capture);
        await retrieveIs(cy, 'succeeded');
      }),
    },
    {
      source: `${source} [Save card for NoThreeDS manual partial capture payment- Create + Confirm [on_session]]`,
      name: 'as sent: Create Customer -> Create and Confirm -> Retrieve -> List Customer PMs -> Create Payment Intent (manual) -> Save Card Confirm: requires_capture -> Retrieve -> Capture 2000: partially_captured -> Retrieve',
      run: replay(async (cy) => {
        await cy.createCustomer();
        await cy.createConfirm(save.SaveCardUseNo3DSAutoCapture, 'no_three_ds', 'automatic');
        await cy.retrieve();
        await cy.listCustomerPaymentMethods();
        await cy.createPaymentIntent(card_pm.PaymentIntent, 'no_three_ds', 'manual');
        await cy.saveCardConfirm(save.SaveCardUseNo3DSManualCapture);
        await cy.retrieve();
        await cy.capture(card_pm.PartialCapture);
        await retrieveIs(cy, 'partially_captured');
      }),
    },
    {
      source: `${source} [Save card for NoThreeDS automatic capture payment [off_session]]`,
      name: 'as sent: Create Customer -> Create and Confirm (off_session) -> Retrieve -> List Customer PMs -> Create Payment Intent (off_session) -> Save Card Confirm (no card_cvc): succeeded',
      run: replay(async (cy) => {
        await cy.createCustomer();
        await cy.createConfirm(save.SaveCardUseNo3DSAutoCaptureOffSession, 'no_three_ds', 'automatic');
        await cy.retrieve();
        await cy.listCustomerPaymentMethods();
        await cy.createPaymentIntent(card_pm.PaymentIntentOffSession, 'no_three_ds', 'automatic');
        await cy.saveCardConfirm(save.SaveCardConfirmAutoCaptureOffSession);
      }),
    },
    {
      source: `${source} [Save card for NoThreeDS manual capture payment- Create+Confirm [off_session]]`,
      name: 'as sent: Create Customer -> Create and Confirm (manual, off_session) -> Retrieve -> Capture -> Retrieve -> List Customer PMs -> Create Payment Intent (off_session, manual) -> Save Card Confirm: requires_capture -> Retrieve -> Capture -> Retrieve',
      run: replay(async (cy) => {
        await cy.createCustomer();
        await cy.createConfirm(save.SaveCardUseNo3DSManualCaptureOffSession, 'no_three_ds', 'manual');
        await cy.retrieve();
        await cy.capture(card_pm.Capture);
        await cy.retrieve();
        await cy.listCustomerPaymentMethods();
        await cy.createPaymentIntent(card_pm.PaymentIntentOffSession, 'no_three_ds', 'manual');
        await cy.saveCardConfirm(save.SaveCardConfirmManualCaptureOffSession);
        await cy.retrieve();
        await cy.capture(card_pm.Capture);
        await retrieveIs(cy, 'succeeded');
      }),
    },
    {
      source: `${source} [Save card for NoThreeDS automatic capture payment - create and confirm [off_session]]`,
      name: 'as sent: Create Customer -> Create Payment Intent (off_session) -> Confirm (saves the card off_session) -> Retrieve -> List Customer PMs -> Create Payment Intent -> Save Card Confirm: succeeded',
      run: replay(async (cy) => {
        await cy.createCustomer();
        await cy.createPaymentIntent(card_pm.PaymentIntentOffSession, 'no_three_ds', 'automatic');
        await cy.confirm(save.SaveCardUseNo3DSAutoCaptureOffSession);
        await cy.retrieve();
        await cy.listCustomerPaymentMethods();
        await cy.createPaymentIntent(card_pm.PaymentIntentOffSession, 'no_three_ds', 'automatic');
        await cy.saveCardConfirm(save.SaveCardConfirmAutoCaptureOffSession);
      }),
    },
    {
      source: `${source} [Use billing address from payment method during subsequent payment [off_session]]`,
      name: 'as sent: Create Customer -> Create Payment Intent (off_session) -> Confirm -> List Customer PMs -> Create Payment Intent -> Save Card Confirm with `billing: null`: succeeded',
      run: replay(async (cy) => {
        await cy.createCustomer();
        await cy.createPaymentIntent(card_pm.PaymentIntentOffSession, 'no_three_ds', 'automatic');
        await cy.confirm(save.SaveCardUseNo3DSAutoCaptureOffSession);
        await cy.listCustomerPaymentMethods();
        await cy.createPaymentIntent(card_pm.PaymentIntentOffSession, 'no_three_ds', 'automatic');
        await cy.saveCardConfirm(save.SaveCardConfirmAutoCaptureOffSessionWithoutBilling);
      }),
    },
    {
      source: `${source} [Check if card fields are populated when saving card again after a metadata update]`,
      name: 'as sent: Create Customer -> Create and Confirm (saves the card) -> List Customer PMs -> Create and Confirm again with another card_holder_name -> List Customer PMs (expiry year and holder there)',
      run: replay(async (cy) => {
        await cy.createCustomer();
        await cy.createConfirm(save.SaveCardUseNo3DSAutoCapture, 'no_three_ds', 'automatic');
        await cy.listCustomerPaymentMethods();
        const renamed = structuredClone(save.SaveCardUseNo3DSAutoCapture);
        (renamed.Request.payment_method_data.card as Body).card_holder_name = 'Morgan Lee';
        await cy.createConfirm(renamed, 'no_three_ds', 'automatic');
        const methods = await cy.listCustomerPaymentMethods();
        // beyond the command: the card is saved once, its holder the new one (upstream updates the saved card's metadata)
        assert.equal(methods.length, 1, 'listCustomerPMCallTest: one saved card');
        assert.equal((methods[0]?.card as Body | undefined)?.card_holder_name, 'Morgan Lee', 'listCustomerPMCallTest: card_holder_name updated');
      }),
    },
  ];
}


export const UPSTREAM_NEWER_VARIATION_FLOWS: UpstreamCase[] = [...variations(), ...saveCardFlow()];
