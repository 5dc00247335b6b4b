/**
 * Three more of the real service's Cypress specs, replayed with its requests **as sent** and its
 * commands' assertions, the way upstream-requests.ts replays the others (juspay/hyperswitch,
 * `cypress-tests/cypress/`, each file at the commit named):
 *
 * - `e2e/spec/Payment/00032-ManualRetry.cy.js`@2ff2449b3a86eeb7b6ce44ba6cf9c7b3280b1128, its commands
 *   as `support/commands.js`@00065bd4fa73d35c27bad040071f6e7f8d49ecc8 has them (`UpdateBusinessProfileTest`,
 *   `createPaymentIntentTest`, `confirmCallTest`);
 * - `e2e/spec/Payment/00030-DuplicateRequests.cy.js`@6c80e6d6fd7fae3541756dd73650714e7cd9b567 and
 *   `e2e/spec/Payment/00030-NameValidation.cy.js`@601f1dde37c3d9193dc3b3c2c75ec4222374a9f1, their
 *   commands as `support/commands.js`@6c80e6d6 has them (its `refundCallTest(body, data, amount, state)`
 *   is the one the spec calls; `createConfirmPaymentTest`, `retrievePaymentCallTest`,
 *   `syncRefundCallTest`, `createCustomerCallTest`, `createPaymentIntentTest`);
 * - `defaultErrorHandler` of `e2e/configs/Payment/Utils.js`@005c5905eab1e00dd1f179cc01a62865a852c63b.
 *
 * Requests: `e2e/configs/Payment/Commons.js`@601f1dde (`card_pm`, `name_validation`); the
 * `ManualRetryPayment*` entries, which that commit does not have yet, are
 * `e2e/configs/Payment/Stripe.js`@0025d29bf3aebf084c4a59aadbeb141a6b5147dd's, with Commons' card.
 * Answers: Stripe.js@0025d29b's where it answers (statuses, `attempt_count`, error codes and
 * messages), Commons.js@601f1dde's where Stripe.js inherits the entry (`DuplicatePaymentID`,
 * `DuplicateRefundID`, `name_validation`). Left out of Stripe's answers: what is Stripe's own —
 * `payment_method_data` (its test card's issuer and checks) and the text of its decline.
 *
 * Each flow gets a merchant of its own (merchant, API key, default profile) and a customer, as the
 * suite's first specs leave them; 00032's 35-second waits move the sandbox's clock on instead of
 * waiting, so the flows run one after the other (upstream.test.ts). 00032 sets the merchant's
 * default profile with `UpdateBusinessProfileTest` (domain/profiles.ts), whose
 * `is_manual_retry_enabled` and `session_expiry` decide the retries. Upstream's assertion on its own connector (`merchant_connector_id` equal to the one it
 * created) becomes: present, and the same in every answer of the flow.
 */
import assert from 'node:assert/strict';
import type { ApiResponse, TestSandbox } from '../helpers.js';
import type { UpstreamCase } from './upstream-cases.js';
import {
  ADDRESS,
  checkCreatedIntent,
  confirmBody,
  createConfirmPaymentBody,
  createPaymentBody,
  customerCreateBody,
  expectAnswer,
  noErrorUnlessFailed,
  nonEmpty,
  ok,
  refundBody,
  refused,
  successfulNo3DSCardDetails,
  type Body,
  type Exchange,
} from './upstream-fixtures.js';

// ---- the connector config (the request fixtures, at the commits named, are upstream-fixtures.ts's) -------

/**
 * Commons' `No3DSFailPayment` sends its success card, which only a connector config's own failing
 * card turns into a decline: here the sandbox's `card_declined` card (README, "Test cards"), the
 * number of Stripe.js's `failedNo3DSCardDetails` too.
 */
const declinedCard = { ...successfulNo3DSCardDetails, card_number: '4000000000000002' };
const cardPayment = { payment_method: 'card', payment_method_data: { card: successfulNo3DSCardDetails }, currency: 'USD', customer_acceptance: null, setup_future_usage: 'on_session' };

const card_pm = {
  PaymentIntent: { Request: { currency: 'USD' }, Response: ok({ status: 'requires_payment_method' }) },
  No3DSAutoCapture: { Request: cardPayment, Response: ok({ status: 'succeeded', payment_method: 'card', attempt_count: 1 }) },
  /** Stripe.js also answers Stripe's own text of the decline as `error_message`: the flows check there is one. */
  No3DSFailPayment: {
    Request: { payment_method: 'card', payment_method_data: { card: declinedCard }, customer_acceptance: null, setup_future_usage: 'on_session' },
    Response: ok({ status: 'failed', error_code: 'card_declined' }),
  },
  /**
   * Stripe.js writes these errors' members beside `status`, not under `error`, so upstream's
   * defaultErrorHandler, which compares `body.error`'s members, checks only that the answer is not a
   * 200 and has an `error`: the port reads the members as the error they describe (the router's own
   * messages, helpers.rs get_attempt_type).
   */
  ManualRetryPaymentDisabled: {
    Request: cardPayment,
    Response: refused(400, { type: 'invalid_request', message: 'You cannot confirm this payment because it has status failed, you can enable `manual_retry` in profile to try this payment again', code: 'IR_16' }),
  },
  ManualRetryPaymentEnabled: { Request: cardPayment, Response: ok({ status: 'succeeded', payment_method: 'card', attempt_count: 2 }) },
  ManualRetryPaymentCutoffExpired: {
    Request: cardPayment,
    Response: refused(400, { type: 'invalid_request', message: 'You cannot confirm this payment using `manual_retry` because the allowed duration has expired', code: 'IR_16' }),
  },
  DuplicatePaymentID: { Request: cardPayment, Response: refused(400, { type: 'invalid_request', message: 'The payment with the specified payment_id already exists in our records', code: 'HE_01' }) },
  Refund: { Request: { amount: 6000 }, Response: ok({ status: 'succeeded' }) },
  SyncRefund: { Response: ok({ status: 'succeeded' }) },
  DuplicateRefundID: { Request: { amount: 2000 }, Response: refused(400, { type: 'invalid_request', message: 'Duplicate refund request. Refund already attempted with the refund ID', code: 'HE_01' }) },
} satisfies Record<string, Exchange>;

/** Commons.js@601f1dde `name_validation`, its `validName` and `invalidName` in the billing address. */
const nameValidation = (name: Body): Body => ({ currency: 'USD', billing: { address: { ...ADDRESS, ...name } } });
const name_validation = {
  HappyCase: { Request: nameValidation({ first_name: 'Sakil', last_name: 'Mostak' }), Response: ok() },
  InvalidCase: {
    Request: nameValidation({ first_name: 'S@k!l', last_name: 'M*st@k' }),
    Response: refused(400, { error_type: 'invalid_request', message: 'Json deserialize error: invalid character found in card holder name: @ at line 1 column 542', code: 'IR_06' }),
  },
} satisfies Record<string, Exchange>;

/** `cy.wait(35000)` of 00032, past the manual-retry cutoff (half the profile's `session_expiry` of 60 s): the sandbox's clock moves on by it. */
const MANUAL_RETRY_WAIT_MS = 35_000;

// ---- the commands ---------------------------------------------------------------------------------------------

let merchants = 0;

/** The Cypress commands' state (`globalState`) and requests, for one flow on a merchant of its own. */
class Flow {
  private merchantId = '';
  private secretKey = '';
  private publishableKey = '';
  private profileId = '';
  private customerId = '';
  private paymentId = '';
  private clientSecret = '';
  private paymentAmount = 0;
  private refundId = '';
  private connector: unknown = null;
  private connectorAccount: unknown = null;

  /** `cy.wait`: the sandbox's clock moves on, nothing waits. */
  wait(ms: number): void {
    this.sandbox.advanceClock(ms);
  }

  constructor(private readonly sandbox: TestSandbox) {}

  /** A merchant (merchantCreateCallTest, apiKeyCreateTest, its default profile) and a customer (createCustomerCallTest). */
  async setup(): Promise<void> {
    merchants += 1;
    this.merchantId = `upstream_more_${merchants}_${Date.now().toString(36)}`;
    const merchant = await this.sandbox.createMerchant(this.merchantId);
    this.secretKey = merchant.secretKey;
    this.publishableKey = merchant.publishableKey;
    this.profileId = String(merchant.account.default_profile);
    assert.match(this.profileId, /^pro_/, 'default_profile');
    const customer = await this.createCustomer(customerCreateBody());
    assert.equal(customer.status, 200, `createCustomerCallTest: ${customer.text}`);
  }

  private request(method: string, path: string, body?: Body, key = this.secretKey): Promise<ApiResponse> {
    return this.sandbox.request(method, path, { key, ...(body ? { body } : {}) });
  }

  /** The connector of a processed payment, and its account: the same in every answer of the flow. */
  private sameConnector(body: Body, step: string): void {
    assert.ok(body.connector != null && body.merchant_connector_id != null, `${step}: connector, merchant_connector_id`);
    this.connector ??= body.connector;
    this.connectorAccount ??= body.merchant_connector_id;
    assert.deepEqual([body.connector, body.merchant_connector_id], [this.connector, this.connectorAccount], `${step}: connector, merchant_connector_id`);
  }

  /** createCustomerCallTest (@6c80e6d6): a 200 keeps the id and echoes what was sent; any other answer is the caller's. */
  async createCustomer(body: Body): Promise<ApiResponse> {
    const response = await this.request('POST', '/customers', body);
    if (response.status === 200) {
      this.customerId = String(response.body.customer_id);
      assert.ok(this.customerId.length > 0, 'createCustomerCallTest: customer_id');
      for (const member of ['email', 'name', 'phone', 'phone_country_code'] as const) assert.equal(response.body[member], body[member], `createCustomerCallTest: ${member}`);
      for (const member of ['metadata', 'address'] as const) assert.deepEqual(response.body[member], body[member], `createCustomerCallTest: ${member}`);
    }
    return response;
  }

  /** The ids the flow holds (`globalState`), as the spec sets them into a fixture. */
  get current(): { customerId: string; paymentId: string; refundId: string } {
    return { customerId: this.customerId, paymentId: this.paymentId, refundId: this.refundId };
  }

  /**
   * UpdateBusinessProfileTest (@00065bd4): the body with the five wallet and connector-agnostic
   * switches `false`, to the merchant's profile with its API key; upstream asserts nothing of the answer.
   */
  async updateProfile(body: Body): Promise<ApiResponse> {
    const flags = ['is_connector_agnostic_mit_enabled', 'collect_billing_details_from_wallet_connector', 'collect_shipping_details_from_wallet_connector', 'always_collect_billing_details_from_wallet_connector', 'always_collect_shipping_details_from_wallet_connector'];
    return this.request('POST', `/account/${this.merchantId}/business_profile/${this.profileId}`, { ...body, ...Object.fromEntries(flags.map((flag) => [flag, false])) });
  }

  /** createPaymentIntentTest (the same checks at @6c80e6d6 and @00065bd4 for these bodies). */
  async createPaymentIntent(data: Exchange, authenticationType: string, captureMethod: string): Promise<void> {
    const step = 'createPaymentIntentTest';
    const body: Body = { ...createPaymentBody(), ...structuredClone(data.Request), authentication_type: authenticationType, capture_method: captureMethod, customer_id: this.customerId, profile_id: this.profileId };
    this.paymentAmount = Number(body.amount);
    const response = await this.request('POST', '/payments', body);
    expectAnswer(response, data.Response, step);
    if (data.Response.status !== 200) return;
    const payment = response.body;
    assert.ok(typeof payment.client_secret === 'string', `${step}: client_secret`);
    this.clientSecret = payment.client_secret;
    this.paymentId = String(payment.payment_id);
    checkCreatedIntent(payment, body, data.Response, step);
  }

  /** confirmCallTest (@00065bd4): the client-side confirm, with the publishable key. */
  async confirm(data: Exchange): Promise<ApiResponse> {
    const step = 'confirmCallTest';
    const body: Body = { ...confirmBody(), client_secret: this.clientSecret, confirm: true, profile_id: this.profileId, ...structuredClone(data.Request) };
    if (!data.Request?.setup_future_usage) delete body.setup_future_usage;
    const response = await this.request('POST', `/payments/${this.paymentId}/confirm`, body, this.publishableKey);
    expectAnswer(response, data.Response, step);
    if (response.status !== 200) return response;
    const payment = response.body;
    this.sameConnector(payment, step);
    assert.equal(payment.payment_id, this.paymentId, `${step}: payment_id`);
    if (payment.network_transaction_id != null) assert.notEqual(payment.network_transaction_id, '', `${step}: network_transaction_id`);
    assert.ok(nonEmpty(payment.payment_method_data) && nonEmpty(payment.customer) && nonEmpty(payment.billing), `${step}: payment_method_data, customer, billing`);
    assert.equal(payment.profile_id, this.profileId, `${step}: profile_id`);
    noErrorUnlessFailed(payment, data.Response, step);
    return response;
  }

  /** createConfirmPaymentTest (@6c80e6d6): create and confirm in one call, with the secret key. */
  async createConfirm(data: Exchange, authenticationType: string, captureMethod: string, extra: Body = {}): Promise<void> {
    const step = 'createConfirmPaymentTest';
    const body: Body = { ...createConfirmPaymentBody(), ...extra, authentication_type: authenticationType, capture_method: captureMethod, customer_id: this.customerId, profile_id: this.profileId, ...structuredClone(data.Request) };
    const response = await this.request('POST', '/payments', body);
    expectAnswer(response, data.Response, step);
    if (response.status !== 200) return;
    const payment = response.body;
    this.paymentAmount = Number(body.amount);
    this.paymentId = String(payment.payment_id);
    this.sameConnector(payment, step);
    assert.ok(nonEmpty(payment.payment_method_data) && nonEmpty(payment.customer) && nonEmpty(payment.billing), `${step}: payment_method_data, customer, billing`);
    assert.ok(payment.profile_id != null && 'status' in payment, `${step}: profile_id, status`);
    noErrorUnlessFailed(payment, data.Response, step);
  }

  /** retrievePaymentCallTest (@6c80e6d6, `force_sync=true&expand_attempts=true`). */
  async retrieve(): Promise<void> {
    const step = 'retrievePaymentCallTest';
    const response = await this.sandbox.request('GET', `/payments/${this.paymentId}`, { key: this.secretKey, query: { force_sync: 'true', expand_attempts: 'true' } });
    assert.equal(response.status, 200, `${step}: ${response.text}`);
    const payment = response.body;
    assert.deepEqual([payment.payment_id, payment.amount], [this.paymentId, this.paymentAmount], `${step}: payment_id, amount`);
    assert.ok(payment.profile_id != null && nonEmpty(payment.billing) && nonEmpty(payment.customer), `${step}: profile_id, billing, customer`);
    if (['succeeded', 'processing', 'requires_customer_action'].includes(String(payment.status))) {
      this.sameConnector(payment, step);
      assert.ok(nonEmpty(payment.payment_method_data) && payment.payment_method != null, `${step}: payment_method_data, payment_method`);
    }
  }

  /** refundCallTest (@6c80e6d6): the fixture (with what the spec set into it), the amount the spec passes, the payment's id. */
  async refund(data: Exchange, amount: number, extra: Body = {}): Promise<void> {
    const step = 'refundCallTest';
    const response = await this.request('POST', '/refunds', { ...refundBody(), ...extra, amount, payment_id: this.paymentId });
    expectAnswer(response, settled(response, data.Response), step);
    if (response.status !== 200) return;
    this.refundId = String(response.body.refund_id);
    assert.equal(response.body.payment_id, this.paymentId, `${step}: payment_id`);
  }

  /** syncRefundCallTest (@6c80e6d6) */
  async syncRefund(data: Exchange): Promise<void> {
    const response = await this.request('GET', `/refunds/${this.refundId}`);
    expectAnswer(response, settled(response, data.Response), 'syncRefundCallTest');
  }
}

/** The simulated connector settles a refund at once or a little later: Stripe's `succeeded`, or `pending`. */
const settled = (response: ApiResponse, expected: Exchange['Response']): Exchange['Response'] =>
  response.status === 200 && response.body.status === 'pending' && expected.body.status === 'succeeded' ? ok({ status: 'pending' }) : expected;

/** Runs `flow` on a fresh merchant and customer. */
const replay = (flow: (cy: Flow) => Promise<void>) => async (sandbox: TestSandbox) => {
  const cy = new Flow(sandbox);
  await cy.setup();
  await flow(cy);
};

const SPEC = 'e2e/spec/Payment';
const RETRY = `${SPEC}/00032-ManualRetry.cy.js`;
const DUPLICATE = `${SPEC}/00030-DuplicateRequests.cy.js`;
const NAMES = `${SPEC}/00030-NameValidation.cy.js`;

// Where the sandbox answers otherwise (its code is not changed here; the assertions are kept):
const NAME_TYPE_REVERTED =
  "the sandbox accepts 'S@k!l' / 'M*st@k' as billing first and last names (200) where this spec expects 400 IR_06 'Json deserialize error: invalid character found in card holder name: @' from the NameType of juspay/hyperswitch#6734 (cards crate validate_character_in_card_holder_name); #7718 reverted NameType on 2025-04-03 and later Commons.js versions have no name_validation, so today's router accepts them as the sandbox does";

export const UPSTREAM_MORE_FLOWS: UpstreamCase[] = [
  {
    source: `${RETRY} [manual-retry-disabled-test]`,
    name: 'as sent: Update Profile (is_manual_retry_enabled false) -> create-payment-call-test -> First Confirm with Failed Status (declined card) -> Second Confirm with Error thrown',
    run: replay(async (cy) => {
      await cy.updateProfile({ is_manual_retry_enabled: false });
      await cy.createPaymentIntent(card_pm.PaymentIntent, 'no_three_ds', 'automatic');
      const failed = await cy.confirm(card_pm.No3DSFailPayment);
      assert.ok(typeof failed.body.error_message === 'string' && failed.body.error_message !== '', 'confirmCallTest: error_message');
      await cy.confirm(card_pm.ManualRetryPaymentDisabled);
    }),
  },
  {
    source: `${RETRY} [manual-retry-enabled-test]`,
    name: 'as sent: Update Profile (is_manual_retry_enabled true) -> create-payment-call-test -> First Confirm with Failed Status (declined card) -> Retry Confirm with Successful Status (attempt_count 2)',
    run: replay(async (cy) => {
      await cy.updateProfile({ is_manual_retry_enabled: true });
      await cy.createPaymentIntent(card_pm.PaymentIntent, 'no_three_ds', 'automatic');
      const failed = await cy.confirm(card_pm.No3DSFailPayment);
      assert.ok(typeof failed.body.error_message === 'string' && failed.body.error_message !== '', 'confirmCallTest: error_message');
      await cy.confirm(card_pm.ManualRetryPaymentEnabled);
    }),
  },
  {
    source: `${RETRY} [manual-retry-cutoff-test]`,
    name: 'as sent: Update Profile (is_manual_retry_enabled true, session_expiry 60) -> create-payment-call-test -> First Confirm with Failed Status -> wait 35 s -> Retry Confirm after cutoff is expired (Should Throw Error)',
    run: replay(async (cy) => {
      await cy.updateProfile({ is_manual_retry_enabled: true, session_expiry: 60 });
      await cy.createPaymentIntent(card_pm.PaymentIntent, 'no_three_ds', 'automatic');
      await cy.confirm(card_pm.No3DSFailPayment);
      cy.wait(MANUAL_RETRY_WAIT_MS);
      await cy.confirm(card_pm.ManualRetryPaymentCutoffExpired);
    }),
  },
  {
    source: `${RETRY} [first-confirm-after-cutoff-test]`,
    name: 'as sent: Update Profile (is_manual_retry_enabled true, session_expiry 60) -> create-payment-call-test -> wait 35 s -> First Confirm after Manual Retry Cutoff (Should Succeed)',
    run: replay(async (cy) => {
      await cy.updateProfile({ is_manual_retry_enabled: true, session_expiry: 60 });
      await cy.createPaymentIntent(card_pm.PaymentIntent, 'no_three_ds', 'automatic');
      cy.wait(MANUAL_RETRY_WAIT_MS);
      await cy.confirm(card_pm.No3DSAutoCapture);
    }),
  },
  {
    source: `${DUPLICATE} [Duplicate Payment ID], [Duplicate Refund ID]`,
    name: 'as sent: Create new payment -> Retrieve payment -> Create a payment with a duplicate payment ID (400 HE_01) -> Create new refund (650) -> Sync refund -> Create a refund with a duplicate refund ID (400 HE_01)',
    run: replay(async (cy) => {
      await cy.createConfirm(card_pm.No3DSAutoCapture, 'no_three_ds', 'automatic');
      await cy.retrieve();
      await cy.createConfirm(card_pm.DuplicatePaymentID, 'no_three_ds', 'automatic', { payment_id: cy.current.paymentId });
      // refundCallTest@6c80e6d6 sends the amount the spec passes (650), not the config's `Request`
      await cy.refund(card_pm.Refund, 650);
      await cy.syncRefund(card_pm.SyncRefund);
      await cy.refund(card_pm.DuplicateRefundID, 650, { refund_id: cy.current.refundId });
    }),
  },
  {
    source: `${DUPLICATE} [Duplicate Customer ID]`,
    name: 'as sent: Create new customer -> Create a customer with a duplicate customer ID (400 IR_12)',
    run: replay(async (cy) => {
      const created = await cy.createCustomer(customerCreateBody());
      assert.equal(created.status, 200, created.text);
      const duplicate = await cy.createCustomer({ ...customerCreateBody(), customer_id: cy.current.customerId });
      assert.equal(duplicate.status, 400, duplicate.text);
      const error = (duplicate.body as { error: Body }).error;
      assert.deepEqual([error.code, error.message], ['IR_12', 'Customer with the given `customer_id` already exists']);
    }),
  },
  {
    source: `${NAMES} [Happy Case: [Valid Name]]`,
    name: "as sent: create-intent-call-test with billing first and last names 'Sakil' 'Mostak'",
    run: replay(async (cy) => {
      await cy.createPaymentIntent(name_validation.HappyCase, 'no_three_ds', 'automatic');
    }),
  },
  {
    source: `${NAMES} [Variant Case: [Invalid Name]]`,
    name: "as sent: create-intent-call-test with billing first and last names 'S@k!l' 'M*st@k' is 400 IR_06",
    todo: NAME_TYPE_REVERTED,
    run: replay(async (cy) => {
      await cy.createPaymentIntent(name_validation.InvalidCase, 'no_three_ds', 'automatic');
    }),
  },
];
