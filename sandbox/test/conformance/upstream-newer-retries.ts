/**
 * The real service's newer Cypress specs of retries, manual updates, billing descriptors and card
 * blocking (juspay/hyperswitch as a fork holds it at commit d1688907, June 2026, `cypress-tests/cypress/`),
 * replayed with their requests **as sent** by a Stripe run and their commands' assertions:
 * 43-BillingDescriptor, 42-AutoRetries, 46-StepUpRetries, 47-ManualPaymentUpdate and
 * 41-CardPaymentBlocking (`e2e/spec/Payment/`, each flow naming its file and `it`).
 *
 * The framework is upstream-newer-core-flow.ts's `CoreFlow` (upstream-newer-flow.ts's commands on one spec's
 * `globalState`), extended below with the commands these specs add, each as `support/commands.js`@d1688907
 * defines it: `confirmCallAutoRetryTest`, `retrievePaymentCallAutoRetryTest` (with the globalState
 * members the specs set: `max_auto_retries_enabled`, `isStepUpRetryEnabled`, `secondaryConnector`),
 * and `UpdateBusinessProfileTest` with the body a spec passes; `retrievePaymentCallTest` takes
 * `unconfirmedPayment` and `Configs.skipBillingAssertion` (upstream-newer-flow.ts's Flow). As upstream runs
 * a spec, its contexts run in order on one globalState: one merchant (made by
 * merchant-create-body.json), one customer, 03-ConnectorCreate's Stripe connector account on its
 * default profile (`merchantConnectorId`, Flow.setup), and the spec's imported fixtures, which the
 * commands write into (a member a `Request` sets stays for the spec's later commands).
 *
 * The connector config is getConnectorDetails("stripe") at d1688907 (Stripe.js, Commons.js for what
 * Stripe.js does not declare); each entry says whose. Stripe's own `payment_method_data` and a
 * decline's `error_message` (Stripe's text) are left out of its answers, as in the other ports. The
 * payments' `connector` is checked as the commands check it: globalState's `connectorId` (stripe), or
 * with retries the `secondaryConnector`. upstream-newer.ts replays 43's first context too, on a merchant of its own
 * and fresh fixtures, with the descriptor's answer checked beyond the commands; here it runs as the
 * spec runs it, on the spec's globalState, with the commands' assertions only.
 *
 * Which specs run for Stripe (Utils.js CONNECTOR_LISTS; `shouldIncludeConnector(id, list)` is true when
 * the list does NOT name the connector, and the specs skip on true):
 * - 43-BillingDescriptor: INCLUDE.BILLING_DESCRIPTOR names stripe, so it runs. Its second context
 *   ("invalid billing descriptor (field length validation)") skips every step itself for Stripe:
 *   INCLUDE.BILLING_DESCRIPTOR_INVALID_PHONE names only nuvei. Nothing of it is sent, nothing replayed.
 * - 42-AutoRetries: INCLUDE.AUTO_RETRY names stripe.
 * - 46-StepUpRetries: INCLUDE.STEP_UP_RETRY names stripe.
 * - 47-ManualPaymentUpdate: INCLUDE.MANUAL_PAYMENT_UPDATE names stripe.
 * - 41-CardPaymentBlocking: not gated (every connector runs it), with Commons.js's
 *   `payment_method_blocking_pm` (Stripe.js declares none) and Stripe.js's `PaymentIntent`.
 *
 * 42's "Create Secondary Connector for the same profile" is replayed (createConnectorCallTest for
 * adyen, with the creds stand-in's Adyen credentials, as `merchantConnectorSecondaryId`), and so is its
 * "auto retries enabled with max retries = 1", whole: the declined card retried on that account, as the
 * sandbox retries its soft declines (sandbox/domain/payments/auto-retries.ts) where upstream's gateway
 * status map decides.
 *
 * Skipped, each step and, where a later assertion of its `it` only holds with it, that assertion and
 * what follows it in the `it` (the steps before it are replayed, the flow's name saying where it stops):
 * - 47's `manualPaymentStatusUpdateTest` and `manualPaymentUpdateNegativeTest` (the admin key's
 *   PUT /payments/{id}/manual-update with X-Merchant-Id; upstream's crates/router/src/routes/app.rs →
 *   core/payments.rs `payments_manual_update`): the sandbox does not serve that route (404 IR_02;
 *   docs/sandbox.md names it). Each of 47's flows is replayed without it: the create, and the
 *   retrieve after it, which asserts nothing of the update (no status, no attempt). The negative
 *   step (attempt id `invalid_attempt_id`: 400 or 404) is not sent: the sandbox's 404 for a route it
 *   does not serve would meet it for no reason of the attempt.
 *
 * 41 is replayed whole: `blocklistToggle` (POST /blocklist/toggle) and confirmCallTest's
 * `expectBlockedPayment` branch (HTTP 200 with the `blocked` envelope) are below and in
 * upstream-newer-flow.ts; the BIN data its cards need is upstream's own test table, which the sandbox
 * keeps (sandbox/domain/card-blocking.ts).
 */
import assert from 'node:assert/strict';
import type { ApiResponse } from '../helpers.js';
import type { UpstreamCase } from './upstream-cases.js';
import { expectAnswer, nonEmpty, ok, type Body, type Exchange } from './upstream-fixtures.js';
import { card_pm as newer } from './upstream-newer.js';
import { card_pm as core, CoreFlow, specFixtures, specState } from './upstream-newer-core-flow.js';
import { COMMIT, SPEC } from './upstream-newer-fixtures.js';

// ---- the connector config: getConnectorDetails("stripe") at d1688907 ------------------------------------

/** Stripe.js `failedNo3DSCardDetails` */
const failedNo3DSCard = { card_number: '4000000000000002', card_exp_month: '01', card_exp_year: '35', card_holder_name: 'joseph Doe', card_cvc: '123' };

const card_pm = {
  /** Stripe.js `PaymentIntent` */
  PaymentIntent: core.PaymentIntent,
  /** Stripe.js `PaymentIntentWithBillingDescriptor` (its authentication_type and capture_method are overwritten by the command's), as upstream-newer.ts has it */
  PaymentIntentWithBillingDescriptor: newer.PaymentIntentWithBillingDescriptor,
  /** Stripe.js `PaymentConfirmWithBillingDescriptor` (Stripe's successfulNo3DSCardDetails, 3782…), as upstream-newer.ts has it */
  PaymentConfirmWithBillingDescriptor: newer.PaymentConfirmWithBillingDescriptor,
  /** Stripe.js `No3DSFailPayment` (without Stripe's error_message text) */
  No3DSFailPayment: {
    Request: { payment_method: 'card', payment_method_data: { card: failedNo3DSCard }, customer_acceptance: null, setup_future_usage: 'on_session' },
    Response: ok({ status: 'failed', error_code: 'card_declined' }),
  },
} satisfies Record<string, Exchange>;

// ---- the commands these specs add -------------------------------------------------------------------------

class RetryFlow extends CoreFlow {
  /** globalState's max_auto_retries_enabled, isStepUpRetryEnabled, secondaryConnector, paymentIntentStatus. */
  private maxAutoRetries: number | undefined;
  private isStepUpRetryEnabled = false;
  private secondaryConnector: string | null | undefined;
  private paymentIntentStatus: unknown;

  /** What a spec sets in globalState beside a command (`globalState.set(…)`). */
  setRetryState(state: { maxAutoRetries?: number; isStepUpRetryEnabled?: boolean; secondaryConnector?: string | null }): void {
    if (state.maxAutoRetries !== undefined) this.maxAutoRetries = state.maxAutoRetries;
    if (state.isStepUpRetryEnabled !== undefined) this.isStepUpRetryEnabled = state.isStepUpRetryEnabled;
    if (state.secondaryConnector !== undefined) this.secondaryConnector = state.secondaryConnector;
  }

  /** UpdateBusinessProfileTest with the spec's body and its five switches false (anything but a 200 fails). */
  async updateProfile(body: Body): Promise<Body> {
    return this.updateBusinessProfileWith(body, false, false, false, false, false);
  }

  /**
   * confirmCallAutoRetryTest (the publishable key): confirm-body.json with client_secret, confirm and
   * profile_id, then the `Request` (setup_future_usage kept as it is). A 200: the payment's id; with
   * max_auto_retries_enabled 0 the primary connector and a failed or processing status, else the
   * secondary connector; anything else defaultErrorHandler (a 200 expected fails).
   */
  async confirmAutoRetry(data: Exchange, confirm: boolean): Promise<ApiResponse> {
    const step = 'confirmCallAutoRetryTest';
    const body = Object.assign(this.spec.confirmBody, { client_secret: this.clientSecret, confirm, profile_id: this.profileId() }, structuredClone(data.Request));
    const response = await this.sandbox.request('POST', `/payments/${this.paymentId}/confirm`, { key: this.publishableKey, body });
    assert.match(response.headers.get('content-type') ?? '', /application\/json/, `${step}: content-type`);
    if (response.status !== 200) {
      assert.notEqual(data.Response.status, 200, `${step}: Expecting valid response but got an error response: status=${response.status} body=${response.text}`);
      expectAnswer(response, data.Response, step);
      return response;
    }
    assert.equal(response.body.payment_id, this.paymentId, `${step}: payment_id`);
    if (this.maxAutoRetries === 0) {
      assert.equal(response.body.connector, this.connectorId, `${step}: connector (the primary, globalState's connectorId)`);
      assert.ok(['failed', 'processing'].includes(String(response.body.status)), `${step}: status failed or processing (${response.text.slice(0, 300)})`);
    } else {
      assert.equal(response.body.connector, this.secondaryConnector, `${step}: connector (the secondary)`);
    }
    this.paymentIntentStatus = response.body.status;
    return response;
  }

  /**
   * retrievePaymentCallAutoRetryTest (`force_sync=true&expand_attempts=true`, the secret key): the
   * payment, its amount, profile, billing and customer; with attempts, max_auto_retries_enabled + 1 of
   * them (and as attempt_count), each of the payment and with a connector; Step-Up: two, one three_ds,
   * the status requires_customer_action, processing or failed; no retry: one.
   */
  async retrieveAutoRetry(attempt: number | null = null, expectedIntentStatus?: string): Promise<Body> {
    const step = 'retrievePaymentCallAutoRetryTest';
    const response = await this.sandbox.request('GET', `/payments/${this.paymentId}`, { key: this.apiKey, query: { force_sync: 'true', expand_attempts: 'true' } });
    assert.equal(response.status, 200, `${step}: ${response.text}`);
    assert.match(response.headers.get('content-type') ?? '', /application\/json/, `${step}: content-type`);
    const payment = response.body;
    assert.equal(payment.payment_id, this.paymentId, `${step}: payment_id`);
    assert.equal(payment.amount, this.paymentAmount, `${step}: amount`);
    // chai's `to.not.be.null`: undefined passes
    assert.notStrictEqual(payment.profile_id, null, `${step}: profile_id`);
    assert.notStrictEqual(payment.billing, null, `${step}: billing`);
    assert.ok(nonEmpty(payment.customer), `${step}: customer`);
    if (expectedIntentStatus) assert.equal(payment.status, expectedIntentStatus, `${step}: status`);
    const attempts = payment.attempts as Body[] | null | undefined;
    if (Array.isArray(attempts) && attempts.length > 0) {
      const expectedAttempts = (this.maxAutoRetries ?? 0) + 1;
      assert.equal(attempts.length, expectedAttempts, `${step}: attempts.length`);
      assert.equal(payment.attempt_count, attempt ?? expectedAttempts, `${step}: attempt_count`);
      attempts.forEach((one, index) => {
        assert.ok(String(one.attempt_id).includes(this.paymentId), `${step}: attempts[${index}].attempt_id ${String(one.attempt_id)}`);
        assert.notStrictEqual(one.connector, null, `${step}: attempts[${index}].connector`);
      });
      if (this.isStepUpRetryEnabled) {
        assert.equal(attempts.length, 2, `${step}: Step-Up retry should have 2 attempts`);
        assert.ok(attempts.some((one) => one.authentication_type === 'three_ds'), `${step}: At least one attempt should be three_ds for Step-Up retry`);
        assert.ok(['requires_customer_action', 'processing', 'failed'].includes(String(payment.status)), `${step}: status after Step-Up retry`);
      } else if (this.maxAutoRetries === 0) {
        assert.equal(attempts.length, 1, `${step}: No retry should have only 1 attempt`);
      }
    }
    return payment;
  }

  get intentStatus(): unknown {
    return this.paymentIntentStatus;
  }

  /** blocklistToggle: POST /blocklist/toggle?status= with the secret key; anything but a 200 fails. */
  async blocklistToggle(status: boolean): Promise<void> {
    const response = await this.sandbox.request('POST', '/blocklist/toggle', { key: this.apiKey, query: { status: String(status) } });
    assert.equal(response.status, 200, `blocklistToggle: Blocklist toggle failed with status: ${response.status} and message: ${response.text}`);
  }
}

/** One spec's globalState: a merchant and customer made on its first flow, its fixtures, shared by its flows in order. */
const spec = () => specState((sandbox) => new RetryFlow(sandbox, specFixtures()));

// ---- e2e/spec/Payment/43-BillingDescriptor.cy.js@d1688907 ----------------------------------------------------

function billingDescriptor(): UpstreamCase[] {
  const source = `${SPEC}/43-BillingDescriptor.cy.js@${COMMIT}`;
  const replay = spec();
  return [
    {
      source: `${source} [Card-NoThreeDS payment with billing descriptor]`,
      name: 'as sent: Create Payment Intent with billing_descriptor (6540 USD, no_three_ds, automatic) -> Payment Methods Call -> Confirm (Stripe 3782…): succeeded -> Retrieve Payment',
      run: replay(async (cy) => {
        await cy.createPaymentIntent(card_pm.PaymentIntentWithBillingDescriptor, 'no_three_ds', 'automatic');
        await cy.paymentMethodsCall();
        await cy.confirm(card_pm.PaymentConfirmWithBillingDescriptor);
        await cy.retrieve();
      }),
    },
  ];
}

// ---- e2e/spec/Payment/42-AutoRetries.cy.js@d1688907 ----------------------------------------------------------
//
// Its first context creates the secondary connector account on the spec's profile: the first of
// CONNECTOR_POOL (stripe, adyen, cybersource) that is not the run's connector, adyen, with
// createConnectorCallTest under `connectorId` adyen (the creds stand-in's Adyen credentials) as
// `merchantConnectorSecondaryId`; then `connectorId` is stripe again. 03-ConnectorCreate's Stripe
// account is the profile's first, where the payments go.


function autoRetries(): UpstreamCase[] {
  const source = `${SPEC}/42-AutoRetries.cy.js@${COMMIT}`;
  const replay = spec();
  return [
    {
      source: `${source} [Create Secondary Connector for the same profile] Create Secondary Connector`,
      name: 'as sent: createConnectorCallTest with connectorId adyen (secondaryConnector adyen) on the profile, as merchantConnectorSecondaryId: connector_name adyen -> connectorId stripe again',
      run: replay(async (cy) => {
        cy.setConnectorId('adyen');
        cy.setRetryState({ secondaryConnector: 'adyen' });
        await cy.createConnector({ mcaPrefix: 'merchantConnectorSecondary' });
        cy.setConnectorId('stripe');
      }),
    },
    {
      source: `${source} [auto retries enabled with max retries = 1]`,
      name: 'as sent: Update Business Profile (is_auto_retries_enabled, max_auto_retries_enabled 1) -> Create Payment Intent -> Confirm with the declined card: retried on the secondary connector (adyen) -> Retrieve Payment: two attempts',
      run: replay(async (cy) => {
        await cy.updateProfile({ is_auto_retries_enabled: true, max_auto_retries_enabled: 1 });
        cy.setRetryState({ maxAutoRetries: 1 });
        await cy.createPaymentIntent(card_pm.PaymentIntent, 'no_three_ds', 'automatic');
        await cy.confirmAutoRetry(card_pm.No3DSFailPayment, true);
        await cy.retrieveAutoRetry();
      }),
    },
    {
      source: `${source} [auto retries enabled with max retries = 0]`,
      name: 'as sent: Update Business Profile (is_auto_retries_enabled, max_auto_retries_enabled 0) -> Create Payment Intent -> Confirm with the declined card: stripe, failed -> Retrieve Payment: one attempt',
      run: replay(async (cy) => {
        await cy.updateProfile({ is_auto_retries_enabled: true, max_auto_retries_enabled: 0 });
        cy.setRetryState({ maxAutoRetries: 0 });
        await cy.createPaymentIntent(card_pm.PaymentIntent, 'no_three_ds', 'automatic');
        await cy.confirmAutoRetry(card_pm.No3DSFailPayment, true);
        await cy.retrieveAutoRetry();
      }),
    },
  ];
}

// ---- e2e/spec/Payment/46-StepUpRetries.cy.js@d1688907 --------------------------------------------------------

function stepUpRetries(): UpstreamCase[] {
  const source = `${SPEC}/46-StepUpRetries.cy.js@${COMMIT}`;
  const replay = spec();
  return [
    {
      source: `${source} [Step-Up Retry Enabled - Payment fails without 3DS and retries with 3DS]`,
      name: 'as sent: setConfigs CREATE step_up_enabled_{merchant_id} ["stripe"] -> Update Business Profile (is_auto_retries_enabled, max_auto_retries_enabled 1) -> Create Payment Intent (no_three_ds) -> Confirm with the declined card: stripe -> Retrieve Payment: two attempts, one three_ds, failed',
      run: replay(async (cy) => {
        await cy.setConfigs(`step_up_enabled_${cy.merchant}`, JSON.stringify(['stripe']), 'CREATE');
        cy.setRetryState({ isStepUpRetryEnabled: true, secondaryConnector: 'stripe' });
        await cy.updateProfile({ is_auto_retries_enabled: true, max_auto_retries_enabled: 1 });
        cy.setRetryState({ maxAutoRetries: 1 });
        await cy.createPaymentIntent(card_pm.PaymentIntent, 'no_three_ds', 'automatic');
        await cy.confirmAutoRetry(card_pm.No3DSFailPayment, true);
        await cy.retrieveAutoRetry();
      }),
    },
    {
      source: `${source} [Step-Up Retry Disabled - Payment fails without retry]`,
      name: 'as sent: setConfigs UPDATE step_up_enabled_{merchant_id} [] -> Update Business Profile (auto retries off, 0) -> Create Payment Intent -> Confirm with the declined card: stripe, failed -> Retrieve Payment: one attempt',
      run: replay(async (cy) => {
        await cy.setConfigs(`step_up_enabled_${cy.merchant}`, '[]', 'UPDATE');
        cy.setRetryState({ isStepUpRetryEnabled: false, secondaryConnector: null });
        await cy.updateProfile({ is_auto_retries_enabled: false, max_auto_retries_enabled: 0 });
        cy.setRetryState({ maxAutoRetries: 0 });
        await cy.createPaymentIntent(card_pm.PaymentIntent, 'no_three_ds', 'automatic');
        await cy.confirmAutoRetry(card_pm.No3DSFailPayment, true);
        await cy.retrieveAutoRetry();
      }),
    },
  ];
}

// ---- e2e/spec/Payment/47-ManualPaymentUpdate.cy.js@d1688907 --------------------------------------------------
//
// Each flow without its manual update (see the header); the retrieve is the command's
// `unconfirmedPayment` one, the billing not asserted.

function manualPaymentUpdate(): UpstreamCase[] {
  const source = `${SPEC}/47-ManualPaymentUpdate.cy.js@${COMMIT}`;
  const replay = spec();
  const createRetrieve = async (cy: RetryFlow) => {
    await cy.createPaymentIntent(card_pm.PaymentIntent, 'no_three_ds', 'manual');
    await cy.retrieve({ skipBillingAssertion: true, unconfirmedPayment: true });
  };
  return [
    {
      source: `${source} [Manual Payment Update - Happy Path]`,
      name: 'as sent (manual-update skipped): Create Payment Intent (no_three_ds, manual) -> Retrieve Payment (expand_attempts, unconfirmed, no billing assertion)',
      run: replay(createRetrieve),
    },
    {
      source: `${source} [Manual Payment Update - Status Only]`,
      name: 'as sent (manual-update skipped): Create Payment Intent (no_three_ds, manual) -> Retrieve Payment (unconfirmed)',
      run: replay(createRetrieve),
    },
    {
      source: `${source} [Manual Payment Update - Negative Cases]`,
      name: 'as sent (the negative manual-update skipped): Create Payment Intent (no_three_ds, manual)',
      run: replay(async (cy) => {
        await cy.createPaymentIntent(card_pm.PaymentIntent, 'no_three_ds', 'manual');
      }),
    },
    {
      source: `${source} [Manual Payment Update - Edge Cases]`,
      name: 'as sent (manual-update skipped): Create Payment Intent (no_three_ds, manual) -> Retrieve Payment (unconfirmed)',
      run: replay(createRetrieve),
    },
  ];
}

// ---- e2e/spec/Payment/41-CardPaymentBlocking.cy.js@d1688907 -------------------------------------------------
//
// Each context whole, in order on one globalState: the first turns the blocklist guard on
// (blocklistToggle true) and the last off again; each updates the profile's
// `payment_method_blocking` (UpdateBusinessProfileTest, its five switches false), creates the intent
// and confirms it with Commons.js's `payment_method_blocking_pm` card, which is blocked: HTTP 200 with
// the `blocked` envelope (confirmCallTest's expectBlockedPayment). The cards' BIN data is upstream's
// own test table (.github/data/cards_info.csv), which the sandbox has (sandbox/domain/card-blocking.ts).

/** Commons.js `payment_method_blocking_pm`: the card and the expected envelope of each context. */
const blockingCard = (cardNumber: string, message: string): Exchange => ({
  Request: { payment_method: 'card', payment_method_data: { card: { card_number: cardNumber, card_exp_month: '03', card_exp_year: '30', card_holder_name: 'joseph Doeeee', card_cvc: '737', card_network: 'Visa' } } },
  Response: { status: 200, expectBlockedPayment: true, body: { error: { type: 'blocked', message, code: 'HE_03', reason: 'Blocked' } } },
});
const payment_method_blocking_pm = {
  BlockIssuingCountry: blockingCard('4000000000000002', "Cards issued in your region aren't supported for this transaction, please try a different card"),
  BlockCardType: blockingCard('4111111111111111', 'Debit cards are not accepted for this transaction, please try a different card'),
  BlockCardSubtype: blockingCard('378282246310005', 'This card is not accepted for this transaction, please try a different card'),
  BlockIfBinInfoUnavailable: blockingCard('6304000000000000', "We're unable to accept this card, please try another card or a different payment method"),
} satisfies Record<string, Exchange>;

function cardPaymentBlocking(): UpstreamCase[] {
  const source = `${SPEC}/41-CardPaymentBlocking.cy.js@${COMMIT}`;
  const replay = spec();
  const flow = (card: Body, confirm: Exchange, toggle: { first?: boolean; last?: boolean } = {}) => async (cy: RetryFlow) => {
    if (toggle.first) await cy.blocklistToggle(true);
    await cy.updateProfile({ payment_method_blocking: { card } });
    await cy.createPaymentIntent(card_pm.PaymentIntent, 'no_three_ds', 'automatic');
    await cy.confirm(confirm, true);
    if (toggle.last) await cy.blocklistToggle(false);
  };
  return [
    {
      source: `${source} [Card Issuing Country Blocking] should block payment when card issuing country is blocked`,
      name: 'as sent: Enable blocklist -> Update business profile (payment_method_blocking.card.issuing_country [US]) -> Create Payment Intent -> Confirm (4000 0000 0000 0002): blocked',
      run: replay(flow({ issuing_country: ['US'] }, payment_method_blocking_pm.BlockIssuingCountry, { first: true })),
    },
    {
      source: `${source} [Debit Card Blocking] should block payment when debit cards are blocked`,
      name: 'as sent: Update business profile (payment_method_blocking.card.card_types [debit]) -> Create Payment Intent -> Confirm (4111 1111 1111 1111): blocked',
      run: replay(flow({ card_types: ['debit'] }, payment_method_blocking_pm.BlockCardType)),
    },
    {
      source: `${source} [Card Subtype Blocking] should block payment when card subtype is blocked`,
      name: 'as sent: Update business profile (payment_method_blocking.card.card_subtypes [smallcorporate]) -> Create Payment Intent -> Confirm (3782 822463 10005): blocked',
      run: replay(flow({ card_subtypes: ['smallcorporate'] }, payment_method_blocking_pm.BlockCardSubtype)),
    },
    {
      source: `${source} [Block If BIN Info Unavailable] should block payment when BIN info is unavailable and block_if_bin_info_unavailable is true`,
      name: 'as sent: Update business profile (payment_method_blocking.card.block_if_bin_info_unavailable true) -> Create Payment Intent -> Confirm (6304 0000 0000 0000): blocked -> Disable blocklist',
      run: replay(flow({ block_if_bin_info_unavailable: true }, payment_method_blocking_pm.BlockIfBinInfoUnavailable, { last: true })),
    },
  ];
}

export const UPSTREAM_NEWER_RETRIES_FLOWS: UpstreamCase[] = [...billingDescriptor(), ...autoRetries(), ...stepUpRetries(), ...manualPaymentUpdate(), ...cardPaymentBlocking()];
